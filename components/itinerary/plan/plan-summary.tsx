import { CalendarPlus } from "lucide-react";
import Link from "next/link";
import { CostBreakdown, overBudgetBy } from "@/components/recommendations/cost-breakdown";
import { buttonClasses } from "@/components/ui/button";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { formatUsd, plural } from "@/lib/format";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryView } from "@/lib/views/itinerary";

/** The shown version in brief (weather, packing, calendar) and what it costs the viewer (the organizer: everyone). */
export function PlanSummary({
  tripId,
  version,
  itinerary,
  viewerId,
  organizer,
  budgets,
  nameOf,
}: {
  tripId: string;
  version: number;
  itinerary: Itinerary;
  viewerId: string;
  organizer: boolean;
  budgets: ItineraryView["budgets"];
  nameOf: (memberId: string) => string;
}) {
  return (
    <section aria-labelledby="summary-title" className="grid gap-4 md:grid-cols-2">
      <CollapsibleCard title={`Version ${version}`} summary={summaryLine(itinerary)}>
        <div className="space-y-3 text-sm text-slate-800">
          <p>{itinerary.weather.note}</p>
          <p className="text-xs text-slate-600">{itinerary.weather.basis}</p>
          <div>
            <h3 id="summary-title" className="font-medium text-slate-900">
              Packing list
            </h3>
            <p>{itinerary.packingList.join(" · ")}</p>
          </div>
          <a href={`/api/trips/${tripId}/calendar.ics`} download className={buttonClasses("secondary")}>
            <CalendarPlus aria-hidden className="size-4" />
            Add to my calendar (.ics)
          </a>
        </div>
      </CollapsibleCard>
      <CollapsibleCard
        title={organizer ? "What it costs each of you" : "What it costs you"}
        summary={costSummary(itinerary, viewerId, organizer)}
        description="Travel, stay, food and the activities planned, from your home city."
      >
        {itinerary.costs.length === 0 ? (
          <p className="text-sm text-slate-700">
            This plan was made before you shared your preferences, so it has no cost for you yet.{" "}
            <Link href={`/trips/${tripId}/preferences`} className="font-medium text-brand-700 underline">
              Add your preferences
            </Link>{" "}
            and the next version will include you.
          </p>
        ) : null}
        <CostBreakdown costs={itinerary.costs} budgets={budgets} nameOf={nameOf} viewerId={viewerId} />
        {!organizer ? (
          <p className="mt-3 text-xs text-slate-600">
            Across the group: {formatUsd(itinerary.costRange.low)}–{formatUsd(itinerary.costRange.high)} per person
            (each person's depends on their home city and stay).
          </p>
        ) : null}
        {itinerary.stretches.length > 0 ? (
          <ul className="mt-3 space-y-1 text-xs text-amber-900">
            {itinerary.stretches.map((s) => (
              <li key={s.memberId}>
                {s.memberId === viewerId ? "You're" : `${nameOf(s.memberId)} is`}{" "}
                {overBudgetBy(
                  itinerary.costs.find((c) => c.memberId === s.memberId)?.total ?? 0,
                  budgets[s.memberId] ?? null,
                  s.overBy,
                )}{" "}
                over budget. {s.fixes.join(" ")}
              </li>
            ))}
          </ul>
        ) : null}
        {itinerary.costNotes.length > 0 ? (
          <ul className="mt-3 list-disc space-y-0.5 pl-5 text-xs text-slate-600">
            {itinerary.costNotes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
      </CollapsibleCard>
    </section>
  );
}

/** The costs card's line: the member's own total, or the range for the organizer. */
function costSummary(
  plan: { costs: { memberId: string; total: number }[]; costRange: { low: number; high: number } },
  viewerId: string,
  organizer: boolean,
): string {
  const mine = plan.costs.find((c) => c.memberId === viewerId);
  if (!organizer) return mine ? `Your total: ${formatUsd(mine.total)}.` : "No cost for you yet.";
  return `${formatUsd(plan.costRange.low)}–${formatUsd(plan.costRange.high)} per person.`;
}

function summaryLine(plan: Itinerary) {
  return `${plural(plan.dates.days, "day")}, ${plural(plan.dates.nights, "night")} · ${plan.pace} pace · ${
    plan.costRange.low === plan.costRange.high
      ? `${formatUsd(plan.costRange.low)} per person`
      : `${formatUsd(plan.costRange.low)}–${formatUsd(plan.costRange.high)} per person`
  }`;
}
