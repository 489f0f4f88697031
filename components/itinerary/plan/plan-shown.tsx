import type { DayChoice } from "@/components/itinerary/hand-edits";
import type { DestinationFacts } from "@/lib/facts";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryView } from "@/lib/views/itinerary";
import { ChangesCard } from "./changes-card";
import { MustHavesCard } from "./must-haves-card";
import type { PlanPageState } from "./page-state";
import { PlanAdditions } from "./plan-additions";
import type { OptOut } from "./plan-days";
import { PlanDays } from "./plan-days";
import { OtherVersionBar, PlannedWithout } from "./plan-notices";
import { PlanRecords } from "./plan-records";
import { PlanSummary } from "./plan-summary";

type State = Extract<PlanPageState, { kind: "plan" }> & { shown: { version: number; itinerary: Itinerary } };

/**
 * A version of the plan on the page: which one it is, its summary, what changed and the
 * must-haves (current version), the days, what can be added, and its records.
 */
export function PlanShown({
  view,
  state,
  facts,
  dayChoices,
  optOuts,
}: {
  view: ItineraryView;
  state: State;
  /** The destination's facts that version was made with, when known. */
  facts: DestinationFacts | undefined;
  dayChoices: DayChoice[];
  /** Who skips which item of the current plan. */
  optOuts: OptOut[];
}) {
  const { trip, viewer, current } = view;
  const { shown } = state;
  const organizer = viewer.isOrganizer;
  const nameOf = (memberId: string) => view.members.find((m) => m.id === memberId)?.name ?? "Someone";
  return (
    <>
      {!state.isCurrent && current ? (
        <OtherVersionBar
          tripId={trip.id}
          shown={shown.version}
          current={current.version}
          canRestore={organizer && trip.status === "planning"}
        />
      ) : null}
      <PlanSummary
        tripId={trip.id}
        version={shown.version}
        itinerary={shown.itinerary}
        viewerId={viewer.memberId}
        organizer={organizer}
        budgets={view.budgets}
        nameOf={nameOf}
      />
      {view.diff && state.isCurrent ? (
        <ChangesCard diff={view.diff} nameOf={nameOf} viewerId={viewer.memberId} />
      ) : null}
      {state.isCurrent ? <MustHavesCard mustHaves={view.mustHaves} /> : null}
      {shown.itinerary.pendingMemberIds.length > 0 ? (
        <PlannedWithout names={shown.itinerary.pendingMemberIds.map(nameOf)} organizer={organizer} />
      ) : null}
      <PlanDays view={view} state={state} shown={shown} facts={facts} dayChoices={dayChoices} optOuts={optOuts} />
      <PlanAdditions view={view} state={state} shown={shown} dayChoices={dayChoices} />
      <PlanRecords
        tripId={trip.id}
        itinerary={shown.itinerary}
        shownVersion={shown.version}
        currentVersion={current?.version ?? null}
        versions={view.versions}
      />
    </>
  );
}
