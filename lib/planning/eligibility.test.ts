import { expect, it } from "vitest";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import { judgeAhead } from "@/lib/agents/candidate-generator";
import { respondentConstraints } from "@/lib/constraints/member";
import { assessDestinations, judgeDestinations } from "@/lib/planning/eligibility";
import { tripFrame } from "@/lib/planning/trip-shape";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";

/**
 * The shortlist's hard-constraint half is worked out while the normalizers' calls are out
 * (`judgeAhead`) and remembered for its exact input. What the step then uses must be what
 * it would have worked out itself: the same answers find the ready result, and answers the
 * guard's model pass changed are judged afresh, never from the ahead-of-time reading.
 */

const TODAY = "2026-11-23";
const prefs = (overrides: Partial<MemberPreferences>): MemberPreferences => ({
  ...emptyPreferences(),
  dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-17" }] },
  budget: { currency: "USD", minAmount: 50000, maxAmount: 400000, hardLimit: false },
  vibes: ["food", "culture"],
  origin: "Boston",
  ...overrides,
});

function inputOf(raw: { id: string; name: string; preferences: MemberPreferences }[]) {
  const profile = aggregatePreferences(raw, []);
  return {
    members: respondentConstraints(raw),
    frame: tripFrame(profile, TODAY),
    scopeApplies: profile.scope.status !== "conflict",
    decidedScope: profile.scope.decided,
  };
}

it("the step finds the ahead-of-time judgement for the same answers, and judges changed answers afresh", () => {
  const asTyped = [
    { id: "m1", name: "Ana", preferences: prefs({}) },
    // A hard no the guard's model pass might withhold (as if it were an instruction).
    { id: "m2", name: "Ben", preferences: prefs({ hardNos: ["flying"] }) },
  ];
  judgeAhead(asTyped, [], TODAY);
  const ready = judgeDestinations(inputOf(asTyped));
  // Nothing recomputed: the very result worked out ahead.
  expect(judgeDestinations(inputOf(asTyped))).toBe(ready);
  // Ben won't fly from Boston: only places reachable by road or rail stay (none abroad).
  expect(ready.eligible.every((e) => e.facts.countryCode === "US")).toBe(true);
  expect(ready.excluded.some((x) => x.slug === "lisbon" && x.reasons.some((r) => r.memberId === "m2"))).toBe(true);

  // The guard withheld Ben's hard no: a different input, judged from it, not from the ready result.
  const screened = [asTyped[0], { ...asTyped[1], preferences: prefs({}) }] as typeof asTyped;
  const fresh = judgeDestinations(inputOf(screened));
  expect(fresh).not.toBe(ready);
  expect(fresh.excluded.some((x) => x.slug === "lisbon")).toBe(false);
  // And the taste half is added on top without changing who may go where.
  const assessed = assessDestinations({
    ...inputOf(screened),
    taste: { liked: ["food"], disliked: new Map(), respondents: 2 },
  });
  expect(assessed.eligible.map((e) => e.facts.slug)).toEqual(fresh.eligible.map((e) => e.facts.slug));
});
