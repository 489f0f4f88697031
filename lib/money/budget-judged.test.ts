import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { exceeds, overByUsd } from "@/lib/money/budget";
import { memberCost } from "@/lib/money/ledger";
import { emptyPreferences, MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { viewMember } from "@/lib/validation/member-view";
import { costFor } from "@/lib/validation/rules";
import { BARCELONA_HOME } from "@/test/places";

/**
 * A budget given in the member's own currency is judged in it, by the planner's ledger and by the
 * validator from its own reading of the raw answers. Rates from the shipped table: EUR 0.8625 and
 * JPY 155.60 per US dollar.
 */

const catalogBarcelona = factsFor("barcelona");
if (!catalogBarcelona) throw new Error("catalog entry missing");
/** Hand-set prices: 4 nights at midrange are 4 × $500 = $2,000, at budget 4 × $300 = $1,200. */
const barcelona = { ...catalogBarcelona, dailyCostUsd: { budget: 300, midrange: 500, premium: 800 } };
/** Dan lives in Barcelona: no travel, so every total is stay + activities. */
const SPAIN = BARCELONA_HOME;

function dan(budget: MemberPreferencesInput["budget"]) {
  const preferences = MemberPreferences.parse({
    ...emptyPreferences(),
    dates: { flexible: true, windows: [] },
    origin: "Barcelona",
    originPlace: SPAIN,
    accommodation: "midrange",
    budget,
  });
  return { id: "dan", name: "Dan", preferences };
}

function bothSides(member: ReturnType<typeof dan>, activitiesUsd: number, facts = barcelona) {
  const planned = memberCost({
    facts,
    member: memberConstraints(member),
    nights: 4,
    activities: { usd: activitiesUsd, basis: "by hand" },
    groupTier: "midrange",
  });
  const view = viewMember(member);
  const checked = costFor(facts, view, 4, activitiesUsd, "midrange");
  const checkedTotal = (checked.travel ?? 0) + checked.stay + checked.activities + checked.foodExtra;
  return { planned, view, checked, checkedTotal };
}

describe("a €2,000 hard cap against a plan costing $2,150", () => {
  it("is inside the cap: $2,150 × 0.8625 = €1,854.38, so Dan keeps the midrange stay he asked for", () => {
    const { planned, view, checked, checkedTotal } = bothSides(dan({ max: "€2000", hardLimit: true }), 150);
    // $2,000 midrange stay + $150 activities = $2,150.
    expect(planned.total).toBe(2150);
    expect(planned.tier).toBe("midrange");
    expect(planned.breaksHardCap).toBe(false);
    expect(planned.overBy).toBe(0);
    // The validator reaches the same from the raw answers and its own pricing.
    expect(checked.tier).toBe("midrange");
    expect(checkedTotal).toBe(2150);
    expect(view.hardCap).toEqual({ amount: 200000, currency: "EUR" });
    expect(exceeds(checkedTotal, view.hardCap ?? { amount: 0, currency: "EUR" })).toBe(false);
  });

  it("a $2,000 cap is another matter: midrange ($2,150) is over it, so the ledger moves Dan to the budget stay", () => {
    const { planned, checked } = bothSides(dan({ max: "$2,000", hardLimit: true }), 150);
    // Budget stay: 4 × $300 + $150 = $1,350.
    expect(planned.tier).toBe("budget");
    expect(planned.total).toBe(1350);
    expect(planned.tierNote).toBe("budget stay: midrange would be over the $2,000 hard cap");
    expect(checked.tier).toBe("budget");
  });
});

describe("at the edge of a €2,000 budget (not a hard cap)", () => {
  it("$2,318 (€1,999.28) is within it; $2,319 (€2,000.14) is over, and both sides say $1 over", () => {
    const within = bothSides(dan({ max: "2000", currency: "EUR", hardLimit: false }), 318);
    expect(within.planned.total).toBe(2318);
    expect(within.planned.overBy).toBe(0);
    expect(overByUsd(within.checkedTotal, within.view.max)).toBe(0);

    const over = bothSides(dan({ max: "2000", currency: "EUR", hardLimit: false }), 319);
    expect(over.planned.total).toBe(2319);
    // €2,000 holds at most $2,318, so $2,319 is $1 over in the plan's unit.
    expect(over.planned.overBy).toBe(1);
    expect(overByUsd(over.checkedTotal, over.view.max)).toBe(1);
  });
});

describe("a yen hard cap (a currency with no minor unit)", () => {
  /** Midrange at $400 a night: 4 × $400 = $1,600. */
  const cheaper = { ...barcelona, dailyCostUsd: { budget: 300, midrange: 400, premium: 800 } };
  it("¥300,000 holds the $1,928 midrange trip (¥299,997); at $1,929 (¥300,152) the stay moves down", () => {
    // $1,600 + $328 activities = $1,928.
    const fits = bothSides(dan({ max: "¥300,000", hardLimit: true }), 328, cheaper);
    expect(fits.planned.total).toBe(1928);
    expect(fits.planned.tier).toBe("midrange");
    expect(fits.checked.tier).toBe("midrange");

    const over = bothSides(dan({ max: "¥300,000", hardLimit: true }), 329, cheaper);
    // Midrange would be $1,929 = ¥300,152.4 → ¥300,152 > ¥300,000; budget stay: $1,200 + $329 = $1,529.
    expect(over.planned.tier).toBe("budget");
    expect(over.planned.total).toBe(1529);
    expect(over.planned.tierNote).toBe("budget stay: midrange would be over the ¥300,000 hard cap");
    expect(over.checked.tier).toBe("budget");
  });
});
