import { describe, expect, it } from "vitest";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import { destinationBreaches } from "@/lib/constraints/judge";
import { respondentConstraints } from "@/lib/constraints/member";
import { judgeDestinations } from "@/lib/planning/eligibility";
import { tripFrame } from "@/lib/planning/trip-shape";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";
import { viewMember } from "@/lib/validation/member-view";
import { validateRecommendations } from "@/lib/validation/recommendations";
import { destinationBreaks } from "@/lib/validation/rules";
import { destination, meal } from "@/test/made-up-destination";

/**
 * A member's allergies are judged at the table, venue by venue: a place fits them only when
 * at least two of its places to eat each confirm every one of their allergies, with lunch and
 * dinner among what those places serve (a city-wide claim counts for nothing). When someone
 * has an allergy or a table access need, two places to eat must also suit the whole group.
 * Counts below were read off the catalog files by hand:
 *   nut-allergy: Sydney 6 places (Bennelong L/D, Quay D, Icebergs L/D, Bills L/D, Totti's L/D,
 *     Leura Garage L/D), Cape Town 1 (La Colombe L/D), every other place 0 — New Orleans included.
 *   shellfish-allergy in New Orleans: Seed (L/D) and 1000 Figs (L/D), neither wheelchair accessible;
 *     in San Francisco: Greens and Wildseed (both L/D, both wheelchair accessible) among six.
 */

const TODAY = "2026-11-23";
const prefs = (overrides: Partial<MemberPreferences> = {}): MemberPreferences => ({
  ...emptyPreferences(),
  dates: { flexible: false, windows: [{ start: "2027-04-05", end: "2027-04-09" }] },
  tripLength: { minDays: 5, maxDays: 5 },
  budget: null,
  vibes: ["food", "culture"],
  origin: "Boston",
  ...overrides,
});

type Raw = { id: string; name: string; preferences: MemberPreferences };

function judged(raw: Raw[]) {
  const profile = aggregatePreferences(raw, []);
  const { eligible, excluded } = judgeDestinations({
    members: respondentConstraints(raw),
    frame: tripFrame(profile, TODAY),
    scopeApplies: true,
    decidedScope: null,
  });
  return { eligible: eligible.map((e) => e.facts.slug), excluded };
}

const ANA = { id: "ana", name: "Ana", preferences: prefs({ dietary: ["nut-allergy"] }) };
const BEN = { id: "ben", name: "Ben", preferences: prefs() };

describe("a member with a nut allergy and the places the group can go", () => {
  it("New Orleans doesn't fit Ana — no place to eat there confirms a nut-allergy option — and says it is hers", () => {
    const { eligible, excluded } = judged([ANA, BEN]);
    const neworleans = excluded.find((x) => x.slug === "new-orleans");
    expect(eligible).not.toContain("new-orleans");
    expect(neworleans?.reasons).toEqual([
      { memberId: "ana", rule: "diet", detail: "no place to eat we know confirms a nut-allergy option" },
    ]);
    // One place (La Colombe) is no choice; Sydney's six are.
    expect(excluded.find((x) => x.slug === "cape-town")?.reasons).toContainEqual({
      memberId: "ana",
      rule: "diet",
      detail: "only 1 place to eat confirms a nut-allergy option (a choice needs 2)",
    });
    expect(eligible).toContain("sydney");
    // Every place but Sydney (30 of the 31) is out for Ana's allergy.
    const forHer = excluded.filter((x) => x.reasons.some((r) => r.memberId === "ana" && r.rule === "diet"));
    expect(forHer).toHaveLength(30);
    // Without her allergy, New Orleans fits the same two.
    expect(judged([{ ...ANA, preferences: prefs() }, BEN]).eligible).toContain("new-orleans");
  });

  it("two places to eat that confirm it, lunch and dinner between them, are enough; one, or dinner only, is not", () => {
    const ana = respondentConstraints([ANA]);
    const ctx = { months: [4], scopeApplies: true, days: 5 };
    const safe = { dietaryOptions: ["vegetarian" as const, "nut-allergy" as const] };
    const place = (meals: ReturnType<typeof meal>[]) => destination("testville", "Testville", "PT", { meals });
    const anaView = viewMember(ANA);
    const verdicts = (meals: ReturnType<typeof meal>[]) => ({
      planner: destinationBreaches(place(meals), ana, ctx).map((b) => `${b.memberId}: ${b.detail}`),
      validator: destinationBreaks(place(meals), anaView, [4], { scopeSplit: false, days: 5 }),
    });
    // Two: "a" for lunch and dinner, "b" for dinner; "c" serves no nut-allergy option and doesn't count.
    expect(verdicts([meal("a", 30, safe), meal("b", 30, { ...safe, meals: ["dinner"] }), meal("c", 30)])).toEqual({
      planner: [],
      validator: [],
    });
    // One place is no choice.
    expect(verdicts([meal("a", 30, safe), meal("c", 30)])).toEqual({
      planner: ["ana: only 1 place to eat confirms a nut-allergy option (a choice needs 2)"],
      validator: ["too few places to eat serve nut-allergy"],
    });
    // Two, but both open for dinner only: lunch has nowhere.
    expect(
      verdicts([meal("a", 30, { ...safe, meals: ["dinner"] }), meal("b", 30, { ...safe, meals: ["dinner"] })]),
    ).toEqual({
      planner: ["ana: no place to eat we know confirms a nut-allergy option for lunch"],
      validator: ["too few places to eat serve nut-allergy"],
    });
    // None.
    expect(verdicts([meal("c", 30), meal("d", 30)])).toEqual({
      planner: ["ana: no place to eat we know confirms a nut-allergy option"],
      validator: ["too few places to eat serve nut-allergy"],
    });
  });
});

describe("the group eats together", () => {
  const DEV = { id: "dev", name: "Dev", preferences: prefs({ dietary: ["shellfish-allergy"] }) };
  const CARA = { id: "cara", name: "Cara", preferences: prefs({ accessibility: ["wheelchair"] }) };

  it("New Orleans serves Dev's shellfish allergy (two places) and Cara's wheelchair, but not both at one table", () => {
    expect(judged([DEV, BEN]).eligible).toContain("new-orleans");
    expect(judged([CARA, BEN]).eligible).toContain("new-orleans");
    const both = judged([DEV, CARA]);
    expect(both.eligible).not.toContain("new-orleans");
    expect(both.excluded.find((x) => x.slug === "new-orleans")?.reasons).toEqual([
      {
        memberId: null,
        rule: "too-few-places-to-eat",
        detail: "only 0 places to eat suit everyone's needs and hard no's",
      },
    ]);
    // San Francisco has two places that are both (Greens and Wildseed).
    expect(both.eligible).toContain("san-francisco");
  });

  it("the validator accepts that exclusion and refuses the same claim for San Francisco", () => {
    const group = { memberId: null, rule: "too-few-places-to-eat", detail: "only 0 places to eat suit everyone" };
    const pack: RecommendationsPack = {
      status: "needs_more_input",
      options: [],
      explanation: "Too few places fit everyone's hard constraints.",
      conflictReport: { headline: "No conflicts.", conflicts: [], needsMoreInput: true, questions: [] },
      coverage: { confidence: "high", respondedIds: ["dev", "cara"], pendingIds: [], missing: [] },
      preferencesFingerprint: "test",
      generatedAt: "2026-11-23T12:00:00.000Z",
      flaggedMemberIds: [],
      excluded: [
        { slug: "new-orleans", name: "New Orleans", reasons: [group] },
        { slug: "san-francisco", name: "San Francisco", reasons: [group] },
      ],
      suggestions: [],
      unverifiedOriginIds: [],
      factsVersion: "test",
      frame: { window: { start: "2027-04-05", end: "2027-04-09" }, minDays: 5, maxDays: 5, datesPending: false },
      plannedOn: TODAY,
      taste: { liked: ["food", "culture"], disliked: [] },
      openers: [],
    };
    const violations = validateRecommendations(pack, { members: [DEV, CARA], candidates: [], research: {} });
    expect(violations.filter((v) => v.rule === "exclusion").map((v) => v.slug)).toEqual(["san-francisco"]);
  });
});
