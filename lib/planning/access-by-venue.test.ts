import { describe, expect, it } from "vitest";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import { respondentConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { judgeDestinations } from "@/lib/planning/eligibility";
import { tripFrame } from "@/lib/planning/trip-shape";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { viewMember } from "@/lib/validation/member-view";
import { destinationBreaks } from "@/lib/validation/rules";

/**
 * Access needs are judged venue by venue, not city by city: a place the catalog doesn't
 * call wheelchair friendly as a whole is still offered when, for the trip's days, it has an
 * accessible activity a day (at least four), accessible places for lunch and dinner, and an
 * area to stay in that serves the need. Counts below were read off the catalog files by hand:
 *   Rome: 13 wheelchair activities, 4 wheelchair meal places (lunch and dinner), stay in Vatican & Prati.
 *   Kyoto: 14 activities, 2 meal places (lunch and dinner), stay by Kyoto Station.
 *   Lisbon: 17 activities, 5 meal places, stay in Parque das Nações.
 *   Edinburgh: 20 activities, 7 meal places, stay in New Town.
 *   Santorini: 7 activities but only 1 wheelchair meal place. Mexico City: 11 activities, no area to stay.
 */

const TODAY = "2026-11-23";
const prefs = (days: number, overrides: Partial<MemberPreferences> = {}): MemberPreferences => ({
  ...emptyPreferences(),
  dates: { flexible: false, windows: [{ start: "2027-06-01", end: `2027-06-${String(days).padStart(2, "0")}` }] },
  tripLength: { minDays: days, maxDays: days },
  budget: null,
  vibes: ["food", "culture"],
  origin: "Boston",
  ...overrides,
});

function group(days: number) {
  return [
    { id: "ana", name: "Ana", preferences: prefs(days) },
    { id: "cara", name: "Cara", preferences: prefs(days, { accessibility: ["wheelchair"] }) },
  ];
}

function judged(days: number) {
  const raw = group(days);
  const profile = aggregatePreferences(raw, []);
  const { eligible, excluded } = judgeDestinations({
    members: respondentConstraints(raw),
    frame: tripFrame(profile, TODAY),
    scopeApplies: true,
    decidedScope: null,
  });
  return {
    eligible: eligible.map((e) => e.facts.slug),
    accessExcluded: excluded.filter((x) => x.reasons.some((r) => r.rule === "access")).map((x) => x.slug),
  };
}

describe("a wheelchair user and the places the group can go", () => {
  it("offers Rome, Lisbon, Kyoto and Edinburgh for five days: enough accessible venues and a place to stay", () => {
    const { eligible, accessExcluded } = judged(5);
    for (const slug of ["rome", "lisbon", "kyoto", "edinburgh"]) expect(eligible).toContain(slug);
    // One accessible place to eat (Santorini) or nowhere accessible to stay (Mexico City) still rules a place out.
    expect(accessExcluded).toContain("santorini");
    expect(accessExcluded).toContain("mexico-city");
    // Ten places stay out for access: every other is served as a whole or venue by venue.
    expect([...accessExcluded].sort()).toEqual(
      [
        "bali-ubud",
        "banff",
        "chamonix",
        "cusco",
        "la-fortuna",
        "mexico-city",
        "moab",
        "queenstown",
        "santorini",
        "tulum",
      ].sort(),
    );
  });

  it("needs an accessible activity a day: Rome's 13 fill 13 days, not 14; Kyoto's 14 fill 14", () => {
    expect(judged(13).eligible).toContain("rome");
    const fortnight = judged(14);
    expect(fortnight.accessExcluded).toContain("rome");
    expect(fortnight.eligible).toContain("kyoto");
  });

  it("the validator reaches the same verdict on its own", () => {
    const cara = viewMember(group(5)[1] as { id: string; name: string; preferences: MemberPreferences });
    const rome = factsFor("rome");
    const santorini = factsFor("santorini");
    if (!rome || !santorini) throw new Error("catalog");
    expect(destinationBreaks(rome, cara, [6], { scopeSplit: false, days: 5 })).toEqual([]);
    expect(destinationBreaks(rome, cara, [6], { scopeSplit: false, days: 14 })).toEqual(["not wheelchair friendly"]);
    expect(destinationBreaks(santorini, cara, [6], { scopeSplit: false, days: 5 })).toEqual([
      "not wheelchair friendly",
    ]);
  });
});
