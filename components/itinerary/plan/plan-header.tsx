import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { formatRange } from "@/lib/format";
import type { ItineraryView } from "@/lib/views/itinerary";

/** The plan page's top: back to the dashboard, where to and when. */
export function PlanHeader({ trip }: { trip: ItineraryView["trip"] }) {
  const finalized = trip.status === "finalized";
  return (
    <div className="space-y-1">
      <Link href={`/trips/${trip.id}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
        <ArrowLeft aria-hidden className="size-4" />
        Trip dashboard
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {trip.destination ? `${finalized ? "Final plan" : "The plan"}: ${trip.destination.name}` : "The plan"}
      </h1>
      {trip.destination ? (
        <p className="text-slate-700">
          {trip.destination.country}
          {trip.dates ? ` · ${formatRange(trip.dates.start, trip.dates.end)}` : " · dates to be confirmed"}
        </p>
      ) : null}
    </div>
  );
}
