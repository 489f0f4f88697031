import type { LatLon } from "@/lib/places/geo";
import { clock, minutes, openFor } from "@/lib/planning/clock";
import { legBetween, type Whereabouts, whereabouts } from "@/lib/planning/day-route";
import { type DayBounds, type Phase, type TimedStop, timetable } from "@/lib/planning/schedule";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";
import {
  type ItineraryDay,
  type ItineraryItem,
  itemEnd,
  MEAL_CLOCK,
  MEAL_LATEST,
  MEAL_MINUTES,
  mealEnd,
  SLOT_TIMES,
  SLOTS,
  type Slot,
} from "@/lib/schemas/itinerary";

/**
 * The times of a planned day from the destination's facts (lib/planning/schedule.ts does the
 * arithmetic): activities in their time of day and within their venue's opening hours, the
 * organizer's own items where they put them, lunch and dinner between them (moved later when
 * an activity runs into the usual time, never overlapping one), and the travel time of every
 * leg (lib/planning/day-route.ts) between one stop's end and the next one's start. The
 * allocation places by it, hand edits re-time a day with it, so both give the same times.
 *
 * `bounds` narrows the whole day (members' "nothing before 10am", "back by 22:00"): every activity
 * keeps within it, and so does every meal when its usual window leaves room for it there (dinner
 * ends by a "back by 22:00"). When it doesn't (a "back by 19:00" leaves no room for a 90-minute
 * dinner from 18:30), the meal keeps its usual window rather than being dropped: the limit is read
 * as being about activities (lib/validation/limits.ts checks activities only), and a dinner the
 * group can skip is better shown than silently missing. The organizer's own items keep their start
 * (the allocation and hand edits check those against the limits themselves).
 */

type Facts = {
  activities: Pick<CatalogActivity, "id" | "coordinates">[];
  meals: Pick<CatalogMeal, "id" | "coordinates">[];
  areas: { name: string; coordinates: LatLon }[];
};

/** An activity longer than its time of day runs through the afternoon too (a day trip). */
export const SLOT_MINUTES: Record<Slot, number> = {
  morning: minutes(SLOT_TIMES.morning.end) - minutes(SLOT_TIMES.morning.start),
  afternoon: minutes(SLOT_TIMES.afternoon.end) - minutes(SLOT_TIMES.afternoon.start),
  evening: minutes(SLOT_TIMES.evening.end) - minutes(SLOT_TIMES.evening.start),
};

/** The parts of the day an item takes: a morning item longer than the morning runs on into the afternoon (a day trip). */
export function partsTaken(slot: Slot, durationHours: number): Slot[] {
  return slot === "morning" && durationHours * 60 > SLOT_MINUTES.morning ? ["morning", "afternoon"] : [slot];
}

/** How many activities one part of the day holds: one, two at a packed pace (room to breathe between them). */
export function perPart(pace: "relaxed" | "balanced" | "packed"): number {
  return pace === "packed" ? 2 : 1;
}

/**
 * Room in a part of the day for the planner's own choices: at most `perPart(pace)` activities
 * start in it, so the day has room to breathe. Only where an item starts counts: whether a day
 * trip running on from the morning leaves room in the afternoon is the clock's to say (`timeDay`,
 * with the travel and lunch between), as it is for a hand edit, so a part the plan shows free is
 * judged the same way by both. The organizer's own meal ("Dinner at Aunt Rosa's") is a meal,
 * not an activity. Returns the count when the part is full, or null when there is room.
 */
export function fullPart(
  holding: { slot: Slot; meal?: string | null }[],
  item: { slot: Slot },
  pace: "relaxed" | "balanced" | "packed",
): { part: Slot; count: number } | null {
  const count = holding.filter((h) => !h.meal && h.slot === item.slot).length;
  return count >= perPart(pace) ? { part: item.slot, count } : null;
}

export type DayActivity = {
  key: string;
  slot: Slot;
  activity: Pick<CatalogActivity, "id" | "durationHours" | "hours" | "area">;
};
/** A meal: its venue, or null while the venue is still to be chosen (held as if next to the stop before). */
export type DayMeal = { meal: "lunch" | "dinner"; venue: Pick<CatalogMeal, "id" | "hours" | "area"> | null };
export type DayContent = {
  date: string | null;
  activities: DayActivity[];
  /** The organizer's own items: their start never moves. */
  custom: Pick<ItineraryItem, "key" | "slot" | "startTime" | "durationHours" | "area" | "meal">[];
  meals: DayMeal[];
};
export type DayTimes = { starts: Map<string, string>; meals: Map<"lunch" | "dinner", string> };

type Where = Whereabouts | "held";

/** When everything in the day starts, or null when it can't all fit with the travel between. */
export function timeDay(
  content: DayContent,
  facts: Facts,
  bounds?: DayBounds,
  heldNear: "before" | "after" = "before",
): DayTimes | null {
  const from = bounds?.earliest ?? 0;
  const until = bounds?.latest ?? 24 * 60;
  const stops: TimedStop<Where>[] = [];
  for (const a of content.activities) {
    const long = a.activity.durationHours * 60 > SLOT_MINUTES[a.slot];
    const length = a.activity.durationHours * 60;
    stops.push({
      key: a.key,
      phase: a.slot,
      minutes: length,
      earliest: Math.max(minutes(SLOT_TIMES[a.slot].start), from),
      latest: Math.min(minutes(long ? SLOT_TIMES.afternoon.end : SLOT_TIMES[a.slot].end), until),
      allowed: (t) => openFor(a.activity.hours, content.date, clock(t), a.activity.durationHours),
      place: whereabouts(facts, { kind: "activity", id: a.activity.id, area: a.activity.area }),
    });
  }
  for (const c of content.custom) {
    stops.push({
      key: c.key,
      // The organizer's own meal ("Dinner at Aunt Rosa's") comes where the meal would.
      phase: c.meal ?? c.slot,
      minutes: c.durationHours * 60,
      earliest: 0,
      latest: 24 * 60,
      fixed: minutes(c.startTime),
      place: whereabouts(facts, { kind: "custom", id: null, area: c.area }),
    });
  }
  for (const m of content.meals) {
    const length = MEAL_MINUTES[m.meal];
    const venue = m.venue;
    const window = { earliest: minutes(MEAL_CLOCK[m.meal]), latest: minutes(MEAL_LATEST[m.meal]) + length };
    const limited = { earliest: Math.max(window.earliest, from), latest: Math.min(window.latest, until) };
    const { earliest, latest } = limited.latest - limited.earliest >= length ? limited : window;
    stops.push({
      key: `meal:${m.meal}`,
      phase: m.meal as Phase,
      minutes: length,
      earliest,
      latest,
      allowed: venue ? (t) => openFor(venue.hours, content.date, clock(t), length / 60) : undefined,
      place: venue ? whereabouts(facts, { kind: "meal", id: venue.id, area: venue.area }) : "held",
    });
  }
  // A meal still to be chosen is held as if next to the stop before it (or, asked, the stop after
  // it: a place near where the day goes next): no travel either side beyond what the day already
  // needs between those two stops.
  const ordered = [...stops].sort(
    (a, b) => PHASE_ORDER.indexOf(a.phase) - PHASE_ORDER.indexOf(b.phase) || stops.indexOf(a) - stops.indexOf(b),
  );
  let last: Whereabouts = { coordinates: null, near: null };
  let seenPlace = false;
  for (const stop of heldNear === "before" ? ordered : [...ordered].reverse()) {
    if (stop.place === "held") {
      if (seenPlace) stop.place = last;
    } else {
      last = stop.place;
      seenPlace = true;
    }
  }
  // The bounds are already in each stop's window (a meal's only where it has room).
  const table = timetable(ordered, (a, b) => (a === "held" || b === "held" ? 0 : legBetween(a, b).minutes));
  if (!table) return null;
  const starts = new Map<string, string>();
  const meals = new Map<"lunch" | "dinner", string>();
  for (const row of table) {
    if (row.key.startsWith("meal:")) meals.set(row.key.slice(5) as "lunch" | "dinner", clock(row.start));
    else starts.set(row.key, clock(row.start));
  }
  return { starts, meals };
}

const PHASE_ORDER: Phase[] = ["morning", "lunch", "afternoon", "dinner", "evening"];

/**
 * The parts of a day left free (shown "Free morning"): each of the day's times of day with no
 * activity in it. A day trip fills the afternoon too; dinner fills the evening.
 */
export function freeSlotsOf(
  daySlots: Slot[],
  items: Pick<ItineraryItem, "slot" | "durationHours">[],
  meals: { meal: string }[],
): Slot[] {
  const busy = new Set<Slot>();
  for (const i of items) for (const part of partsTaken(i.slot, i.durationHours)) busy.add(part);
  if (meals.some((m) => m.meal === "dinner")) busy.add("evening");
  return SLOTS.filter((s) => daySlots.includes(s) && !busy.has(s));
}

/**
 * A planned day re-timed after a hand edit (its activities and meals move; the organizer's own
 * items don't), with its free parts of the day updated; null when it no longer fits.
 */
export function retimeDay(
  day: ItineraryDay,
  daySlots: Slot[],
  facts: {
    activities: Pick<CatalogActivity, "id" | "coordinates" | "durationHours" | "hours" | "area">[];
    meals: Pick<CatalogMeal, "id" | "coordinates" | "hours" | "area">[];
    areas: Facts["areas"];
  },
  bounds?: DayBounds,
): ItineraryDay | null {
  const activities: DayActivity[] = [];
  for (const item of day.items) {
    if (item.kind !== "activity") continue;
    const known = facts.activities.find((a) => a.id === item.activityId);
    activities.push({
      key: item.key,
      slot: item.slot,
      activity: known ?? {
        id: item.activityId ?? item.key,
        durationHours: item.durationHours,
        hours: null,
        area: item.area,
      },
    });
  }
  const meals = day.meals.flatMap((m) =>
    m.meal === "breakfast"
      ? []
      : [
          {
            meal: m.meal,
            venue: facts.meals.find((v) => v.id === m.mealId) ?? { id: m.mealId, hours: null, area: m.area },
          },
        ],
  );
  const custom = day.items.filter((i) => i.kind === "custom");
  const times = timeDay({ date: day.date, activities, custom, meals }, facts, bounds);
  if (!times) return null;
  const items = day.items
    .map((i) => (i.kind === "custom" ? i : { ...i, startTime: times.starts.get(i.key) ?? i.startTime }))
    .map((i) => ({ ...i, endTime: itemEnd(i) }))
    .sort((x, y) => SLOTS.indexOf(x.slot) - SLOTS.indexOf(y.slot) || x.startTime.localeCompare(y.startTime));
  return {
    ...day,
    items,
    meals: day.meals
      .map((m) => (m.meal === "breakfast" ? m : { ...m, time: times.meals.get(m.meal) ?? m.time }))
      .map((m) => ({ ...m, endTime: mealEnd(m) })),
    free: freeSlotsOf(daySlots, items, day.meals),
  };
}
