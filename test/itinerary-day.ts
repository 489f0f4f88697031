import type { DestinationFacts } from "@/lib/facts";
import type { ItineraryDay } from "@/lib/schemas/itinerary";
import type { Allocation } from "@/lib/schemas/itinerary-pipeline";

/**
 * The planner's day (an allocation's) as the itinerary shows it, filled from the catalog:
 * enough for the property tests that check its times, routes and opening hours (titles and
 * the rest don't matter to them).
 */
export function itineraryDayOf(day: Allocation["days"][number], facts: DestinationFacts): ItineraryDay {
  return {
    day: day.day,
    date: day.date,
    title: `Day ${day.day}`,
    note: day.note,
    free: day.free,
    items: day.items.map((p) => {
      const a = facts.activities.find((x) => x.id === p.activityId);
      return {
        key: `a:${p.activityId}`,
        kind: "activity",
        activityId: p.activityId,
        title: a?.title ?? p.activityId,
        description: "",
        area: a?.area ?? "",
        slot: p.slot,
        startTime: p.start,
        durationHours: a?.durationHours ?? 1,
        costPerPerson: a?.costUsd ?? 0,
        tips: [],
        source: null,
        locked: p.locked,
      };
    }),
    meals: day.meals.map((m) => {
      const venue = facts.meals.find((x) => x.id === m.mealId);
      return {
        key: `m:${m.mealId}:${day.day}:${m.meal}`,
        mealId: m.mealId,
        name: venue?.name ?? m.mealId,
        meal: m.meal,
        time: m.time,
        area: venue?.area ?? "",
        cuisine: venue?.cuisine ?? "",
        typicalCostPerPerson: venue?.costUsd ?? 0,
        source: venue?.source ?? { title: "none", url: "https://example.org/" },
      };
    }),
  };
}
