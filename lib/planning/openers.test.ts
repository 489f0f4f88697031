import { expect, it } from "vitest";
import { openersFor } from "@/lib/planning/openers";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";

/**
 * Ben (from Miami, low vision, wants the US only, budget stays, three days, hard cap $500)
 * and Ana (two to five days, no budget). Only three US places serve low vision as a whole
 * (Chicago, New Orleans, New York); none serves it venue by venue with an area to stay. By
 * hand from the catalog, Ben's own total for three days (two budget nights, a paid activity
 * a day at the median ticket, the eastern US fare):
 *   Chicago 230 + 2×130 + 3×30 = $580 · New York 200 + 2×150 + 3×30 = $590 · New Orleans 300 + 2×110 + 3×25 = $595.
 * All over $500: nothing fits. A $600 cap opens all three (the lowest $50 step over $595).
 * Two days instead: $420, $410, $460 — all three open too. A longer trip or Ana's answers open nothing.
 */

const june = { flexible: false, windows: [{ start: "2027-06-01", end: "2027-06-20" }] };
const ben: MemberPreferences = {
  ...emptyPreferences(),
  dates: june,
  tripLength: { minDays: 3, maxDays: 3 },
  budget: { currency: "USD", minAmount: 0, maxAmount: 50000, hardLimit: true },
  accommodation: "budget",
  accessibility: ["low-vision"],
  scope: "domestic",
  origin: "Miami",
};
const ana: MemberPreferences = {
  ...emptyPreferences(),
  dates: june,
  tripLength: { minDays: 2, maxDays: 5 },
  origin: "Miami",
};

it("names the single changes that open places, most first: Ben's $600 cap and Ben's day less, three each", () => {
  const openers = openersFor({
    members: [
      { id: "ana", name: "Ana", preferences: ana },
      { id: "ben", name: "Ben", preferences: ben },
    ],
    decisions: [],
    today: "2026-11-23",
  });
  expect(
    openers.map(({ memberId, change, budget, opens, slugs }) => ({ memberId, change, budget, opens, slugs })),
  ).toEqual([
    { memberId: "ben", change: "budget", budget: 600, opens: 3, slugs: ["chicago", "new-orleans", "new-york-city"] },
    { memberId: "ben", change: "shorter", budget: null, opens: 3, slugs: ["chicago", "new-orleans", "new-york-city"] },
  ]);
});

it("a hard no let go counts what it opens, named in our words, not the member's", () => {
  // Ben's cap is off, and he won't go to New Orleans or Chicago: only New York fits him. The real
  // blocker is his scope: the five places abroad that serve low vision as a whole (Barcelona,
  // Edinburgh, Lisbon, Paris, Rome) open if he'd go abroad; each hard no holds back one place.
  const openers = openersFor({
    members: [
      { id: "ana", name: "Ana", preferences: ana },
      { id: "ben", name: "Ben", preferences: { ...ben, budget: null, hardNos: ["no New Orleans", "not chicago!!"] } },
    ],
    decisions: [],
    today: "2026-11-23",
  });
  expect(openers.map(({ change, rule, opens, slugs }) => ({ change, rule, opens, slugs }))).toEqual([
    { change: "scope", rule: null, opens: 5, slugs: ["barcelona", "edinburgh", "lisbon", "paris", "rome"] },
    { change: "hard-no", rule: "not New Orleans", opens: 1, slugs: ["new-orleans"] },
    { change: "hard-no", rule: "not Chicago", opens: 1, slugs: ["chicago"] },
  ]);
});
