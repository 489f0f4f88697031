import fc from "fast-check";
import { expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { allFacts } from "@/lib/facts";
import { dayRoute } from "@/lib/planning/day-route";
import { allocate } from "@/lib/planning/itinerary-allocation";
import type { OpeningHours } from "@/lib/schemas/catalog";
import type { FeedbackInput } from "@/lib/schemas/itinerary-pipeline";
import { ACCESSIBILITY, DIETARY, emptyPreferences, MemberPreferences, PACES, VIBES } from "@/lib/schemas/preferences";
import { itineraryDayOf } from "@/test/itinerary-day";
import { propertyRuns } from "@/test/property";

/**
 * Whatever the group, the place, the dates and the pace, the allocation never sends anyone
 * to a closed door: every activity and every meal starts and ends inside its venue's
 * opening hours on that date's weekday, and never on a day it is closed. The oracle below
 * reads the catalog's hours on its own (no `openFor` from the planner or the validator):
 * minutes since midnight, a closing time at or before the opening time runs past midnight,
 * the weekday from the calendar date in UTC. A meal is taken to last an hour (a sit-down
 * lunch or dinner; the planner's own assumption isn't read).
 *
 * And every planned day reads as a route: its stops in time order, a known leg between each
 * pair (every catalog venue has coordinates) and a map link whenever there is a stop.
 */

const MEAL_MINUTES = 60;
/** Generated scenarios for the opening-hours property and for the route property (500 and 100 in `npm run test:property`). */
const RUNS = propertyRuns({ ci: 120, full: 500 });
const ROUTE_RUNS = propertyRuns({ ci: 30, full: 100 });
const WEEKDAYS_FROM_SUNDAY = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const FACTS = allFacts();
const HARD_NOS = ["no boats", "hiking", "heights", "no museums", "crowds", "no seafood", "no alcohol", "nightclubs"];
const ORIGINS = ["Boston", "London", "Tokyo", "Lisbon", "Somewhere", null];

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Why a visit [start, start + minutes] on `date` isn't inside the hours, or null when it is. */
function outsideHours(hours: OpeningHours | null, date: string, start: string, minutes: number): string | null {
  if (hours === null) return null;
  const weekday = WEEKDAYS_FROM_SUNDAY[new Date(`${date}T00:00:00Z`).getUTCDay()] as string;
  if ((hours.closedOn as string[]).includes(weekday)) return `closed on ${weekday}`;
  const opens = toMinutes(hours.open);
  const closes = toMinutes(hours.close) <= opens ? toMinutes(hours.close) + 24 * 60 : toMinutes(hours.close);
  const from = toMinutes(start);
  const until = from + minutes;
  if (from < opens) return `starts ${start}, before ${hours.open}`;
  if (until > closes) return `ends ${until} min after midnight, after ${hours.close}`;
  return null;
}

const subset = <T>(values: readonly T[], max: number) =>
  fc.subarray([...values], { maxLength: max }).map((xs) => [...new Set(xs)]);

const member = fc
  .record({
    dietary: fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: subset(DIETARY, 2), weight: 1 }),
    accessibility: fc.oneof(
      { arbitrary: fc.constant([]), weight: 4 },
      { arbitrary: subset(ACCESSIBILITY, 1), weight: 1 },
    ),
    hardNos: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: subset(HARD_NOS, 2), weight: 1 }),
    origin: fc.constantFrom(...ORIGINS),
    cap: fc.option(fc.integer({ min: 800, max: 8000 }), { freq: 4 }),
  })
  .map((m) =>
    MemberPreferences.parse({
      ...emptyPreferences(),
      dates: { flexible: true, windows: [] },
      budget: m.cap === null ? null : { min: 0, max: m.cap, hardLimit: true },
      dietary: m.dietary,
      accessibility: m.accessibility,
      hardNos: m.hardNos,
      origin: m.origin,
    }),
  );

const scenario = fc.record({
  group: fc.array(member, { minLength: 1, maxLength: 4 }),
  facts: fc.constantFrom(...FACTS),
  // Any day of 2027–2028, so every weekday and season comes up.
  startOffset: fc.integer({ min: 0, max: 700 }),
  days: fc.integer({ min: 1, max: 10 }),
  pace: fc.constantFrom(...PACES),
  liked: subset(VIBES, 3),
  disliked: subset(VIBES, 2),
  // Members asking for activities by name: they go in first where they fit.
  asks: fc.array(fc.nat(), { maxLength: 3 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

function allocationOf(s: Scenario) {
  const start = new Date(Date.UTC(2027, 0, 1 + s.startOffset)).toISOString().slice(0, 10);
  const feedback: FeedbackInput[] = s.asks.map((pick, i) => ({
    id: `f${i}`,
    memberId: "m0",
    kind: "suggestion",
    itemKey: null,
    reason: null,
    text: "",
    suggestedActivityId: s.facts.activities[pick % s.facts.activities.length]?.id ?? null,
  }));
  return allocate({
    facts: s.facts,
    members: s.group.map((preferences, i) => memberConstraints({ id: `m${i}`, name: `Member ${i}`, preferences })),
    brief: { start, nights: s.days - 1, days: s.days, pace: s.pace },
    taste: { liked: s.liked, disliked: s.disliked },
    previous: null,
    feedback,
    groupTier: "midrange",
  });
}

it("every activity and meal is inside its venue's opening hours on that date, over generated groups × places × dates × paces", () => {
  let checked = 0;
  fc.assert(
    fc.property(scenario, (s) => {
      const allocation = allocationOf(s);
      const breaches: string[] = [];
      for (const day of allocation.days) {
        if (!day.date) throw new Error("every generated trip has dates");
        for (const item of day.items) {
          const activity = s.facts.activities.find((a) => a.id === item.activityId);
          if (!activity) throw new Error(`${item.activityId} isn't in ${s.facts.slug}`);
          const why = outsideHours(activity.hours, day.date, item.start, activity.durationHours * 60);
          if (why) breaches.push(`${s.facts.slug} ${day.date} ${activity.id} at ${item.start}: ${why}`);
          checked++;
        }
        for (const meal of day.meals) {
          const venue = s.facts.meals.find((m) => m.id === meal.mealId);
          if (!venue) throw new Error(`${meal.mealId} isn't in ${s.facts.slug}`);
          const why = outsideHours(venue.hours, day.date, meal.time, MEAL_MINUTES);
          if (why) breaches.push(`${s.facts.slug} ${day.date} ${venue.id} (${meal.meal}) at ${meal.time}: ${why}`);
          checked++;
        }
      }
      expect(breaches).toEqual([]);
    }),
    { numRuns: RUNS, seed: 20261123 },
  );
  // The runs placed something to check (not all free days).
  // (more than 2 placements a scenario: over 500 scenarios, > 1,000)
  expect(checked).toBeGreaterThan(RUNS * 2);
}, 60_000);

it("every planned day reads as a route: stops in time order, a known leg between each pair, a map link when there is a stop", () => {
  fc.assert(
    fc.property(scenario, (s) => {
      for (const planned of allocationOf(s).days) {
        const day = itineraryDayOf(planned, s.facts);
        const route = dayRoute(day, s.facts);
        const times = route.stops.map((stop) => stop.time);
        expect(times).toEqual([...times].sort());
        expect(route.stops).toHaveLength(day.items.length + day.meals.length);
        expect(route.legs).toHaveLength(Math.max(0, route.stops.length - 1));
        for (const leg of route.legs) expect(leg.minutes).toBeGreaterThan(0);
        expect(route.mapUrl === null).toBe(route.stops.length === 0);
      }
    }),
    { numRuns: ROUTE_RUNS, seed: 20261124 },
  );
}, 60_000);
