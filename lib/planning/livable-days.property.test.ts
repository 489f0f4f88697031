import fc from "fast-check";
import { expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { allFacts } from "@/lib/facts";
import { dayRoute } from "@/lib/planning/day-route";
import { allocate } from "@/lib/planning/itinerary-allocation";
import { DIETARY, emptyPreferences, MemberPreferences, PACES, VIBES } from "@/lib/schemas/preferences";
import { itineraryDayOf } from "@/test/itinerary-day";
import { propertyRuns } from "@/test/property";

/**
 * Whatever the group, the place, the dates (1–14 days) and the pace, every planned day can be
 * lived: no two of its activities and meals overlap, every leg between consecutive stops has a
 * mode and minutes and the next stop starts no earlier than the previous one's end plus them,
 * and every part of each day holds something or is labelled free; a day without any activity
 * is labelled as such. The oracle does its own arithmetic: minutes since midnight, a lunch
 * lasting 60 minutes and a dinner 90 (as the plan states them), the route's legs as shown.
 */

const LUNCH_MINUTES = 60;
const DINNER_MINUTES = 90;
/** Generated scenarios (200 in `npm run test:property`). */
const RUNS = propertyRuns({ ci: 60, full: 200 });
const FACTS = allFacts();
const HARD_NOS = ["no boats", "hiking", "heights", "no museums", "crowds", "no seafood", "nightclubs"];
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const subset = <T>(values: readonly T[], max: number) =>
  fc.subarray([...values], { maxLength: max }).map((xs) => [...new Set(xs)]);

const member = fc
  .record({
    dietary: fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: subset(DIETARY, 2), weight: 1 }),
    hardNos: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: subset(HARD_NOS, 2), weight: 1 }),
    pace: fc.constantFrom(...PACES),
  })
  .map((m) =>
    MemberPreferences.parse({
      ...emptyPreferences(),
      dates: { flexible: true, windows: [] },
      dietary: m.dietary,
      hardNos: m.hardNos,
      pace: m.pace,
    }),
  );

const scenario = fc.record({
  group: fc.array(member, { minLength: 1, maxLength: 4 }),
  facts: fc.constantFrom(...FACTS),
  startOffset: fc.integer({ min: 0, max: 700 }),
  days: fc.integer({ min: 1, max: 14 }),
  pace: fc.constantFrom(...PACES),
  liked: subset(VIBES, 3),
});

it("every planned day can be lived: no overlaps, every leg with its minutes and room for it, every part of the day used or labelled free", () => {
  let legs = 0;
  fc.assert(
    fc.property(scenario, (s) => {
      const start = new Date(Date.UTC(2027, 0, 1 + s.startOffset)).toISOString().slice(0, 10);
      const allocation = allocate({
        facts: s.facts,
        members: s.group.map((preferences, i) => memberConstraints({ id: `m${i}`, name: `M${i}`, preferences })),
        brief: { start, nights: s.days - 1, days: s.days, pace: s.pace },
        taste: { liked: s.liked, disliked: [] },
        previous: null,
        feedback: [],
        groupTier: "midrange",
      });
      const problems: string[] = [];
      for (const planned of allocation.days) {
        const day = itineraryDayOf(planned, s.facts);
        const where = `${s.facts.slug} ${s.days}-day ${s.pace} day ${day.day}`;
        const spans = [
          ...day.items.map((i) => ({
            key: i.key,
            from: toMinutes(i.startTime),
            to: toMinutes(i.startTime) + i.durationHours * 60,
          })),
          ...day.meals.map((m) => ({
            key: m.key,
            from: toMinutes(m.time),
            to: toMinutes(m.time) + (m.meal === "dinner" ? DINNER_MINUTES : LUNCH_MINUTES),
          })),
        ].sort((a, b) => a.from - b.from);
        for (let i = 1; i < spans.length; i++) {
          const a = spans[i - 1] as (typeof spans)[number];
          const b = spans[i] as (typeof spans)[number];
          if (b.from < a.to) problems.push(`${where}: ${b.key} starts before ${a.key} ends`);
        }
        for (const leg of dayRoute(day, s.facts).legs) {
          legs++;
          const a = spans.find((x) => x.key === leg.from);
          const b = spans.find((x) => x.key === leg.to);
          if (!Number.isInteger(leg.minutes) || leg.minutes <= 0) problems.push(`${where}: no minutes to ${leg.to}`);
          else if (a && b && b.from < a.to + leg.minutes)
            problems.push(
              `${where}: ${leg.to} starts ${b.from - a.to} min after ${leg.from}, the way takes ${leg.minutes}`,
            );
        }
        const parts =
          s.days === 1
            ? ["morning", "afternoon", "evening"]
            : day.day === 1
              ? ["afternoon", "evening"]
              : day.day === s.days
                ? ["morning", "afternoon"]
                : ["morning", "afternoon", "evening"];
        for (const part of parts) {
          const used =
            day.items.some((i) => i.slot === part) ||
            (part === "afternoon" && day.items.some((i) => i.slot === "morning" && i.durationHours > 3.5)) ||
            (part === "evening" && day.meals.some((m) => m.meal === "dinner"));
          const free = (day.free ?? []).includes(part as "morning");
          if (used === free)
            problems.push(`${where}: the ${part} is ${used ? "used and labelled free" : "empty and unlabelled"}`);
        }
        const middle = day.day !== 1 && day.day !== s.days;
        if (middle && day.items.length === 0 && !day.note?.startsWith("Rest day"))
          problems.push(`${where}: no activity and not labelled a rest day`);
      }
      expect(problems).toEqual([]);
    }),
    { numRuns: RUNS, seed: 20261127 },
  );
  // (more than 5 legs a scenario: over 200 scenarios, > 1,000)
  expect(legs).toBeGreaterThan(RUNS * 5);
}, 120_000);
