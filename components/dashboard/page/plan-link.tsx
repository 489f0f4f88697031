import { Map as MapIcon } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** Once a destination is chosen, the group's state is the plan: one block that leads to it. */
export function PlanLink({ tripId, final }: { tripId: string; final: boolean }) {
  return (
    <section
      aria-labelledby="plan-link-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-6"
    >
      <div>
        <h2 id="plan-link-title" className="text-base font-semibold text-slate-900">
          {final ? "The final plan is ready" : "The day-by-day plan"}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {final
            ? "Read it, add it to your calendar or print it."
            : "See each day, what it costs you, and flag anything that doesn't work for you."}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link href={`/trips/${tripId}/plan`} className={buttonClasses("primary")}>
          <MapIcon aria-hidden className="size-4" />
          Open the plan
        </Link>
        <Link href={`/trips/${tripId}/costs`} className={buttonClasses("secondary")}>
          Costs
        </Link>
      </div>
    </section>
  );
}
