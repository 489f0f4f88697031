import { ClipboardList, Settings } from "lucide-react";
import Link from "next/link";
import { TripHeading } from "@/components/trip/trip-heading";
import { buttonClasses } from "@/components/ui/button";

/** The dashboard's top: who you are here, the trip's name, your preferences and your settings. */
export function DashboardHeader({
  trip,
  viewer,
}: {
  trip: { id: string; name: string; description: string };
  viewer: { name: string; isOrganizer: boolean; hasResponded: boolean };
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 sm:gap-4">
      {/* The name takes the whole line on a phone; the buttons go under it. */}
      <div className="w-full min-w-0 sm:w-auto sm:flex-1">
        <p className="text-sm text-slate-600">{viewer.isOrganizer ? "You organize" : `You're in as ${viewer.name}`}</p>
        <TripHeading tripId={trip.id} name={trip.name} description={trip.description} canEdit={viewer.isOrganizer} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          href={`/trips/${trip.id}/preferences`}
          className={buttonClasses(viewer.hasResponded ? "secondary" : "primary")}
        >
          <ClipboardList aria-hidden className="size-4" />
          {viewer.hasResponded ? "Edit my preferences" : "Add my preferences"}
        </Link>
        <Link href={`/trips/${trip.id}/settings`} className={buttonClasses("secondary")}>
          <Settings aria-hidden className="size-4" />
          Settings
        </Link>
      </div>
    </div>
  );
}
