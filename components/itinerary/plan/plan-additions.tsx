import { AddActivityForm, AddCustomItemForm, type DayChoice } from "@/components/itinerary/hand-edits";
import { OtherFeedback } from "@/components/itinerary/item-feedback";
import { SuggestForm } from "@/components/itinerary/suggest-form";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { plural } from "@/lib/format";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryView } from "@/lib/views/itinerary";
import type { PlanPageState } from "./page-state";

type State = Extract<PlanPageState, { kind: "plan" }>;

/**
 * What can be added to the plan, under the days: the organizer's activities and items of their
 * own (by hand, a new version at once), and everyone's suggestions with the flags on items gone.
 */
export function PlanAdditions({
  view,
  state,
  shown,
  dayChoices,
}: {
  view: ItineraryView;
  state: State;
  shown: { version: number; itinerary: Itinerary };
  dayChoices: DayChoice[];
}) {
  const { trip, current } = view;
  const organizer = view.viewer.isOrganizer;
  const itemKeys = shown.itinerary.days.flatMap((d) => d.items.map((i) => i.key));
  return (
    <>
      {state.canEdit && current ? (
        <CollapsibleCard
          title="Add an activity"
          summary="From the destination's activities that suit everyone."
          description="Changes by hand make a new version right away and don't use a regeneration. Locked items stay where they are when you regenerate."
        >
          <AddActivityForm
            tripId={trip.id}
            version={current.version}
            activities={view.otherActivities}
            days={dayChoices}
          />
        </CollapsibleCard>
      ) : null}

      {state.canEdit && current ? (
        <CollapsibleCard
          title="Add your own"
          summary="A dinner with friends, a tour you booked."
          description="Something that isn't among the destination's activities: a friend's dinner, a tour you booked. Its cost is added to everyone's total."
        >
          <AddCustomItemForm tripId={trip.id} version={current.version} days={dayChoices} />
        </CollapsibleCard>
      ) : null}

      {state.isCurrent ? (
        <CollapsibleCard
          title="Suggestions and earlier flags"
          summary={
            state.elsewhere.length ? plural(state.elsewhere.length, "item") : "None yet: suggest an addition here."
          }
          description="What the group would like to add, and what became of flags on items no longer in the plan."
        >
          <div className="space-y-4">
            <OtherFeedback
              tripId={trip.id}
              feedback={state.elsewhere}
              version={shown.version}
              itemKeys={itemKeys}
              canLift={organizer && state.canGiveFeedback}
            />
            {state.canGiveFeedback && current ? (
              <SuggestForm tripId={trip.id} version={current.version} activities={view.otherActivities} />
            ) : null}
          </div>
        </CollapsibleCard>
      ) : null}
    </>
  );
}
