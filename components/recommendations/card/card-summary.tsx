import { AccessNote } from "@/components/recommendations/access-note";
import { formatRange, formatUsd, plural } from "@/lib/format";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import { type Budget, overMyBudget, planFigure } from "../cost-breakdown";

/** What a closed card says: when, the cost per person and the viewer's own, one line of why, how to get there. */
export function CardSummary({
  option,
  viewerId,
  budgets,
  decidedDates,
}: {
  option: DestinationOption;
  viewerId: string;
  budgets: Record<string, Budget>;
  decidedDates: { start: string; end: string } | null;
}) {
  const { trip } = option;
  const myCost = option.costs.find((c) => c.memberId === viewerId);
  const myBudget = budgets[viewerId] ?? null;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">
        {trip.start && trip.end ? formatRange(trip.start, trip.end) : "Dates to be decided"} ·{" "}
        {plural(trip.days, "day")}, {plural(trip.nights, "night")}
      </p>
      {decidedDates && (decidedDates.start !== trip.start || decidedDates.end !== trip.end) ? (
        <p className="text-xs text-amber-900">
          Made before the organizer decided on {formatRange(decidedDates.start, decidedDates.end)}: the figures are for
          the dates above until the ideas are generated again.
        </p>
      ) : null}
      <p className="text-xl font-semibold text-slate-900">
        {option.costPerPerson.low === option.costPerPerson.high
          ? formatUsd(option.costPerPerson.high)
          : `${formatUsd(option.costPerPerson.low)}–${formatUsd(option.costPerPerson.high)}`}
        <span className="ml-1 text-sm font-normal text-slate-600">per person</span>
      </p>
      {myCost ? (
        <p className="text-sm text-slate-800">
          Your total: <strong>{planFigure(myCost.total, myBudget)}</strong>
          {myCost.overBy > 0 ? ` (${overMyBudget(myCost.total, myBudget, myCost.overBy)})` : ""}
        </p>
      ) : null}
      {option.whyItFits[0] ? <p className="line-clamp-1 text-sm text-slate-700">{option.whyItFits[0]}</p> : null}
      <AccessNote access={option.access} name={option.name} />
    </div>
  );
}
