import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { memberCost } from "@/lib/money/ledger";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";

const catalogBarcelona = factsFor("barcelona");
if (!catalogBarcelona) throw new Error("catalog entry missing");
/** Barcelona with hand-set prices, so every expected figure below is worked out by hand. */
const barcelona = {
  ...catalogBarcelona,
  dailyCostUsd: { budget: 90, midrange: 200, premium: 400 },
  gettingThereUsd: { ...catalogBarcelona.gettingThereUsd, "us-central": 900, europe: 150 },
};
const activities = { usd: 100, basis: "5 days" };

function costOf(prefs: Partial<MemberPreferences>) {
  const member = memberConstraints({ id: "dan", name: "Dan", preferences: { ...emptyPreferences(), ...prefs } });
  return memberCost({ facts: barcelona, member, nights: 4, activities, groupTier: "midrange" });
}

const SPAIN = {
  id: "city:3128760",
  name: "Barcelona",
  label: "Barcelona, Catalonia, Spain",
  country: "Spain",
  countryCode: "ES",
  lat: 41.38879,
  lon: 2.15899,
};

describe("a home the member hasn't confirmed is never priced", () => {
  it("typed 'Barcelona' and left it unknown: no travel line, travel not included, hard cap unverifiable", () => {
    const cost = costOf({ origin: "Barcelona", originPlace: null, budget: { min: 0, max: 1000, hardLimit: true } });
    expect(cost.lines.map((l) => l.item)).toEqual(["stay", "activities"]);
    // 4 nights × $200 + $100 activities; no $900 "central US" fare.
    expect(cost.total).toBe(900);
    expect(cost.verified).toBe(false);
    expect(cost.travelNote).toBe("travel not included: home not confirmed");
    expect(cost.capUnverifiable).toBe(true);
    expect(cost.travel.mode).toBe("unknown");
  });

  it("answers saved before homes were confirmed, with an ambiguous 'Barcelona': the same", () => {
    const cost = costOf({ origin: "Barcelona" });
    expect(cost.lines.some((l) => l.item === "travel")).toBe(false);
    expect(cost.total).toBe(900);
    expect(cost.capUnverifiable).toBe(false);
  });

  it("no home given at all: no region is assumed", () => {
    const cost = costOf({ origin: null });
    expect(cost.lines.some((l) => l.item === "travel")).toBe(false);
    expect(cost.total).toBe(900);
  });
});

describe("a member who lives at the destination pays no travel", () => {
  it("Dan confirmed Barcelona, Spain: travel $0, lives here", () => {
    const cost = costOf({ origin: "Barcelona", originPlace: SPAIN, budget: { min: 0, max: 1000, hardLimit: true } });
    expect(cost.lines[0]).toMatchObject({ item: "travel", label: "No travel (lives here)", usd: 0 });
    expect(cost.total).toBe(900);
    expect(cost.travel.mode).toBe("home");
    expect(cost.verified).toBe(true);
    expect(cost.capUnverifiable).toBe(false);
    expect(cost.overBy).toBe(0);
  });

  it("a confirmed home elsewhere in Europe: the European fare", () => {
    const munich = {
      id: "city:2867714",
      name: "Munich",
      label: "Munich, Bavaria, Germany",
      country: "Germany",
      countryCode: "DE",
      lat: 48.13743,
      lon: 11.57549,
    };
    const cost = costOf({ origin: "München", originPlace: munich });
    expect(cost.lines[0]).toMatchObject({ item: "travel", usd: 150 });
    expect(cost.total).toBe(1050);
  });
});
