import { describe, expect, it } from "vitest";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { factsFor } from "@/lib/facts";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { validateItinerary } from "@/lib/validation/itinerary";
import { withTestDatabase } from "@/test/db";
import { itineraryOutcome, planningTrip, runItinerary } from "@/test/itinerary";

withTestDatabase();

/**
 * Chicago, Sat 12 – Wed 16 June 2027 (4 nights, 5 days). The daily figure is $130 at budget,
 * $240 at midrange and $480 at premium, so the food allowance (half of it) is $65, $120 and $240 a day.
 * Alinea is a $450 dinner (closed Mondays and Tuesdays).
 */
const DATES = { slug: "chicago", start: "2027-06-12", end: "2027-06-16" };
const member = (over: Partial<MemberPreferences>): MemberPreferences => ({
  ...emptyPreferences(),
  dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
  vibes: ["food", "city"],
  origin: "Detroit",
  ...over,
});

async function plan(answers: MemberPreferences[]) {
  const trip = await planningTrip(answers, DATES);
  const run = await runItinerary(trip.tripId);
  expect(run.error).toBeNull();
  const { stored, violations } = await itineraryOutcome(trip.tripId, run.id);
  expect(violations).toEqual([]);
  if (!stored) throw new Error("no plan");
  const members = await listMembersWithPreferences({ tripId: trip.tripId });
  const facts = factsFor("chicago");
  if (!facts) throw new Error("no facts");
  /** The independent validator's verdict on a changed plan, by rule. */
  const judge = (changed: Itinerary, rules: string[], { mustHaves = true } = {}) =>
    validateItinerary(changed, {
      members: members.map(({ id, name, preferences }) => ({
        id,
        name,
        preferences: preferences && !mustHaves ? { ...preferences, mustHaves: [] } : preferences,
      })),
      facts,
      dates: { start: DATES.start, end: DATES.end },
      plannedOn: "2026-11-21",
      feedback: [],
      organizerItems: [],
    })
      .filter((v) => rules.includes(v.rule))
      .map((v) => v.message);
  return { itinerary: stored.itinerary, judge };
}

describe("food within the allowance the costs assume", () => {
  it("nobody asked for a splurge: on a budget stay every day's meals fit $65 a day, and no extra is added", async () => {
    // Budget: $130 a day, so $65 for food.
    const { itinerary } = await plan([
      member({ accommodation: "budget" }),
      member({ accommodation: "budget", vibes: ["food"] }),
    ]);
    const meals = itinerary.days.flatMap((d) => d.meals);
    expect(meals.length).toBeGreaterThanOrEqual(6);
    expect(meals.map((m) => m.name)).not.toContain("Alinea");
    for (const day of itinerary.days) {
      const total = day.meals.reduce((sum, m) => sum + m.typicalCostPerPerson, 0);
      expect(total, `day ${day.day}`).toBeLessThanOrEqual(65);
    }
    for (const cost of itinerary.costs) expect(cost.lines.map((l) => l.item)).not.toContain("food-extra");
  });

  it("a must-have names Alinea: it is in the plan once, priced as a named extra against each member's own allowance", async () => {
    const { itinerary, judge } = await plan([
      member({ accommodation: "midrange", mustHaves: ["Dinner at Alinea"] }),
      member({ accommodation: "premium" }),
    ]);
    // Day 1's evening is a deep-dish pizza outing (that is dinner), so Alinea is day 2's
    // dinner (Sunday: open), after a $30 lunch at Kitty O'Shea's.
    const day2 = itinerary.days[1];
    expect(day2?.meals.map((m) => [m.name, m.meal, m.typicalCostPerPerson])).toEqual([
      ["Kitty O'Sheas", "lunch", 30],
      ["Alinea", "dinner", 450],
    ]);
    expect(itinerary.days.flatMap((d) => d.meals).filter((m) => m.name === "Alinea")).toHaveLength(1);
    const extras = (i: number) => itinerary.costs[i]?.lines.filter((l) => l.item === "food-extra");
    // $30 + $450 = $480 that day: $480 − $120 = $360 at midrange, $480 − $240 = $240 at premium.
    expect(extras(0)?.map((l) => [l.label, l.usd])).toEqual([
      ["Alinea dinner (day 2): +$360 over the food allowance", 360],
    ]);
    expect(extras(1)?.map((l) => [l.label, l.usd])).toEqual([
      ["Alinea dinner (day 2): +$240 over the food allowance", 240],
    ]);
    // In each total: every line adds up, the extra among them.
    for (const cost of itinerary.costs) {
      expect(cost.total).toBe(cost.lines.reduce((sum, l) => sum + l.usd, 0));
    }
    // The validator recomputes the extra from the facts: a plan that leaves it out is refused.
    const hidden: Itinerary = {
      ...itinerary,
      costs: itinerary.costs.map((c) => {
        const lines = c.lines.filter((l) => l.item !== "food-extra");
        return { ...c, lines, total: lines.reduce((sum, l) => sum + l.usd, 0) };
      }),
    };
    const organizerTotal = itinerary.costs[0]?.total ?? 0;
    expect(judge(hidden, ["cost"]).slice(0, 2)).toEqual([
      "Organizer's day 2 meals are $360 over the food allowance: add it as an extra.",
      `Organizer's total is $${organizerTotal}, not $${organizerTotal - 360}.`,
    ]);
    // Had nobody asked for Alinea, the validator would refuse the same plan.
    expect(judge(itinerary, ["food-allowance"])).toEqual([]);
    expect(judge(itinerary, ["food-allowance"], { mustHaves: false })).toEqual([
      "Day 2, dinner at Alinea: $450 is more than a day's $120 food allowance, and nobody asked for it.",
    ]);
    // The other days still fit the smallest allowance.
    for (const day of itinerary.days.filter((d) => d.day !== 2)) {
      expect(
        day.meals.reduce((sum, m) => sum + m.typicalCostPerPerson, 0),
        `day ${day.day}`,
      ).toBeLessThanOrEqual(120);
    }
  });
});
