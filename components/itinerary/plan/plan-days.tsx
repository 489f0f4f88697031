import { SkipItem } from "@/components/costs/skip-item";
import { type DayChoice, ItemEditControls } from "@/components/itinerary/hand-edits";
import { ItemFeedback } from "@/components/itinerary/item-feedback";
import { ItineraryDays } from "@/components/itinerary/itinerary-days";
import { MealExtra } from "@/components/itinerary/meal-extra";
import type { DestinationFacts } from "@/lib/facts";
import { stayAreasOf } from "@/lib/planning/day-map";
import { planRoutes } from "@/lib/planning/day-route";
import { mapTiles } from "@/lib/planning/map-tiles";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryView } from "@/lib/views/itinerary";
import type { PlanPageState } from "./page-state";

type State = Extract<PlanPageState, { kind: "plan" }>;
/** A member skipping an item of the current plan: an expense linked to it splits among the others. */
export type OptOut = { itemKey: string; memberId: string };

/** "Day by day": each day with its map, each item with its flags and (organizer) its hand edits. */
export function PlanDays({
  view,
  state,
  shown,
  facts,
  dayChoices,
  optOuts,
}: {
  view: ItineraryView;
  state: State;
  shown: { version: number; itinerary: Itinerary };
  /** The destination's facts that version was made with (travel between stops), when known. */
  facts: DestinationFacts | undefined;
  dayChoices: DayChoice[];
  optOuts: OptOut[];
}) {
  const organizer = view.viewer.isOrganizer;
  const me = view.viewer.memberId;
  const nameOf = (memberId: string) => view.members.find((m) => m.id === memberId)?.name ?? "Someone";
  return (
    <section aria-labelledby="days-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="days-title" className="text-xl font-semibold text-slate-900">
          Day by day
        </h2>
        {state.canGiveFeedback ? (
          <p className="text-sm text-slate-600">
            Something not right for you? Flag it; the organizer regenerates with it.
          </p>
        ) : null}
      </div>
      <ItineraryDays
        collapsible
        days={shown.itinerary.days}
        routes={facts ? planRoutes(shown.itinerary, facts) : undefined}
        stayAreas={facts ? stayAreasOf(facts) : undefined}
        mapTiles={mapTiles()}
        mealExtra={(meal) => <MealExtra meal={meal} costs={shown.itinerary.costs} viewerId={view.viewer.memberId} />}
        itemExtra={(item, day) => (
          <>
            {state.canEdit ? (
              <ItemEditControls
                tripId={view.trip.id}
                version={shown.version}
                item={{ key: item.key, title: item.title, slot: item.slot, locked: item.locked }}
                day={day.day}
                days={dayChoices}
                alternatives={view.otherActivities}
              />
            ) : null}
            {state.isCurrent ? (
              <SkipItem
                tripId={view.trip.id}
                itemKey={item.key}
                itemTitle={item.title}
                skipping={optOuts.some((o) => o.itemKey === item.key && o.memberId === me)}
                others={optOuts
                  .filter((o) => o.itemKey === item.key && o.memberId !== me)
                  .map((o) => nameOf(o.memberId))}
              />
            ) : null}
            <ItemFeedback
              tripId={view.trip.id}
              version={shown.version}
              itemKey={item.key}
              itemTitle={item.title}
              feedback={state.underItem.get(item.key) ?? []}
              canFlag={state.canGiveFeedback}
              canLift={organizer && state.canGiveFeedback}
            />
          </>
        )}
      />
    </section>
  );
}
