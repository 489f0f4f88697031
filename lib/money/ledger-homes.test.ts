import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { memberCost } from "@/lib/money/ledger";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { viewMember } from "@/lib/validation/member-view";
import { costFor } from "@/lib/validation/rules";
import { BARCELONA_HOME } from "@/test/places";

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

const SPAIN = BARCELONA_HOME;

describe("a home the member hasn't confirmed is never priced", () => {
  it("typed 'Barcelona' and left it unknown: no travel line, travel not included, hard cap unverifiable", () => {
    const cost = costOf({
      origin: "Barcelona",
      originPlace: null,
      budget: { currency: "USD", minAmount: 0, maxAmount: 100000, hardLimit: true },
    });
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
    const cost = costOf({
      origin: "Barcelona",
      originPlace: SPAIN,
      budget: { currency: "USD", minAmount: 0, maxAmount: 100000, hardLimit: true },
    });
    expect(cost.lines[0]).toMatchObject({ item: "travel", label: "You live here — no travel", usd: 0 });
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

describe("the same place by name counts as living there, and the validator agrees from the raw facts", () => {
  // Barcelona's home point moved 0.54° north: 0.54 × 111.2 km ≈ 60 km from the catalog's point,
  // past the 40 km of "lives here". By distance alone that is road or rail: 60 km × 2 × $0.15 = $18.
  const shifted = { ...SPAIN, lat: SPAIN.lat + 0.54 };
  const prefs = { ...emptyPreferences(), origin: "Barcelona", originPlace: shifted };

  it("Dan's confirmed Barcelona, Spain, 60 km from the catalog's point: travel $0, told he lives here", () => {
    const cost = costOf(prefs);
    expect(cost.lines[0]).toMatchObject({ item: "travel", label: "You live here — no travel", usd: 0 });
    expect(cost.lines[0]?.basis).toBe("lives in Barcelona: no travel");
    // 4 nights × $200 + $100 activities, no $18.
    expect(cost.total).toBe(900);
    expect(cost.travel.mode).toBe("home");
  });

  it("the validator's own figure for him is $0 too, even with no fare from Europe in the facts", () => {
    const noEuropeFare = { ...barcelona, gettingThereUsd: { "us-central": 900 } };
    const view = viewMember({ id: "dan", name: "Dan", preferences: prefs });
    expect(costFor(barcelona, view, 4, 100, "midrange").travel).toBe(0);
    expect(costFor(noEuropeFare, view, 4, 100, "midrange").travel).toBe(0);
    // Same name in another country is not home: a "Barcelona" in Venezuela (10.13, −64.69) flies.
    const venezuela = viewMember({
      id: "dan",
      name: "Dan",
      preferences: {
        ...prefs,
        originPlace: { ...SPAIN, countryCode: "VE", country: "Venezuela", lat: 10.13, lon: -64.69 },
      },
    });
    expect(costFor(barcelona, venezuela, 4, 100, "midrange").travel).not.toBe(0);
  });
});
