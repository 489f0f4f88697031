import { describe, expect, it } from "vitest";
import { aggregatePreferences } from "@/lib/agents/aggregation";
import {
  activityViolations,
  constraintsOf,
  destinationViolations,
  eligibleActivities,
  estimateCost,
  normaliseTerm,
  overHardCap,
  stretchedMembers,
} from "@/lib/agents/hard-constraints";
import { allDestinations, findDestination } from "@/lib/catalog";
import type { CatalogDestination } from "@/lib/schemas/catalog";
import type { RawMember } from "@/lib/schemas/pipeline";
import { MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";

function member(id: string, overrides: Partial<MemberPreferencesInput> = {}): RawMember {
  return { id, name: id.toUpperCase(), preferences: MemberPreferences.parse(answers(overrides)) };
}

function groupOf(...members: RawMember[]) {
  const profile = aggregatePreferences(members);
  return { members, profile, constraints: constraintsOf(profile) };
}

function destination(slug: string): CatalogDestination {
  const found = findDestination(slug);
  if (!found) throw new Error(`test fixture: no destination ${slug}`);
  return found;
}

function activity(slug: string, id: string) {
  const found = destination(slug).activities.find((a) => a.id === id);
  if (!found) throw new Error(`test fixture: no activity ${slug}/${id}`);
  return found;
}

const isUs = (d: CatalogDestination) => d.countryCode === "US";
const allActivities = allDestinations().flatMap((d) => d.activities.map((a) => ({ slug: d.slug, activity: a })));

describe("normaliseTerm", () => {
  it.each([
    ["No long flights!", "long flight"],
    ["no hiking", "hiking"],
    ["HIKING", "hiking"],
    ["Avoid crowds", "crowd"],
    ["never  Crowds", "crowd"],
    ["glass", "glass"],
    ["bus", "bus"],
  ])("%j → %j", (input, expected) => {
    expect(normaliseTerm(input)).toBe(expected);
  });
});

describe("constraintsOf", () => {
  it("collects normalised, de-duplicated hard no's and the tightest hard budget", () => {
    const { constraints } = groupOf(
      member("ana", { hardNos: ["No hiking!"], budget: { min: 0, max: 2000, hardLimit: true } }),
      member("ben", { hardNos: ["hiking"], budget: { min: 0, max: 1500, hardLimit: true } }),
      member("cy", { budget: { min: 0, max: 900, hardLimit: false } }),
    );
    expect(constraints.hardNoTerms).toEqual(["hiking"]);
    expect(constraints.hardCap).toBe(1500);
  });

  it("treats a scope conflict as 'either' (each side is honoured by naming who compromises)", () => {
    const { constraints } = groupOf(member("ana", { scope: "domestic" }), member("ben", { scope: "international" }));
    expect(constraints.scope).toBe("either");
  });
});

describe("destinationViolations", () => {
  it("a domestic group rules out every non-US destination and no US one", () => {
    const { constraints } = groupOf(member("ana", { scope: "domestic" }), member("ben"));
    expect(constraints.scope).toBe("domestic");
    for (const d of allDestinations()) {
      expect(destinationViolations(d, constraints).length > 0, d.slug).toBe(!isUs(d));
    }
  });

  it("an international group rules out every US destination and no other", () => {
    const { constraints } = groupOf(member("ana", { scope: "international" }), member("ben"));
    for (const d of allDestinations()) {
      expect(destinationViolations(d, constraints).length > 0, d.slug).toBe(isUs(d));
    }
  });

  it("a group open to either rules out nothing on scope", () => {
    const { constraints } = groupOf(member("ana"), member("ben"));
    expect(allDestinations().filter((d) => destinationViolations(d, constraints).length > 0)).toEqual([]);
  });

  it("a wheelchair user rules out exactly the destinations that can't serve wheelchairs", () => {
    const { constraints } = groupOf(member("ana", { accessibility: ["wheelchair"] }), member("ben"));
    const ruledOut = allDestinations().filter((d) => destinationViolations(d, constraints).length > 0);
    expect(ruledOut.map((d) => d.slug)).toEqual(
      allDestinations()
        .filter((d) => !d.accessibility.includes("wheelchair"))
        .map((d) => d.slug),
    );
    expect(ruledOut.length).toBeGreaterThan(0);
    expect(destinationViolations(destination("lisbon"), constraints)).toEqual(["not wheelchair friendly"]);
  });

  it("a hard no on long flights rules out places known for them", () => {
    const { constraints } = groupOf(member("ana", { hardNos: ["No long flights!"] }));
    expect(destinationViolations(destination("tokyo"), constraints)).toEqual(['someone said no to "long flight"']);
    expect(destinationViolations(destination("chicago"), constraints)).toEqual([]);
  });
});

describe("activityViolations", () => {
  it('a hard no "no hiking" rules out every activity with the keyword hiking', () => {
    const { constraints } = groupOf(member("ana", { hardNos: ["no hiking"] }));
    const hiking = allActivities.filter(({ activity }) => activity.keywords.includes("hiking"));
    expect(hiking.length).toBeGreaterThan(0);
    for (const { slug, activity } of hiking) {
      expect(activityViolations(activity, constraints), `${slug}/${activity.id}`).toEqual([
        'someone said no to "hiking"',
      ]);
    }
    expect(activityViolations(activity("honolulu", "diamond-head-hike"), constraints)).not.toEqual([]);
  });

  it("a hard no on hiking leaves unrelated activities alone", () => {
    const { constraints } = groupOf(member("ana", { hardNos: ["no hiking"] }));
    const untouched = allActivities.filter(
      ({ activity }) => !activity.keywords.includes("hiking") && !/hiking/i.test(activity.title),
    );
    for (const { slug, activity } of untouched) {
      expect(activityViolations(activity, constraints), `${slug}/${activity.id}`).toEqual([]);
    }
  });

  it("vegetarian rules out food activities without a vegetarian option, and never a non-food activity", () => {
    const { constraints } = groupOf(member("ana", { dietary: ["vegetarian"] }));
    const nonFoodWithoutVegOption = allActivities.filter(
      ({ activity }) => !activity.involvesFood && !activity.dietaryOptions.includes("vegetarian"),
    );
    expect(nonFoodWithoutVegOption.length).toBeGreaterThan(0);
    for (const { slug, activity } of allActivities) {
      const expected = activity.involvesFood && !activity.dietaryOptions.includes("vegetarian");
      expect(activityViolations(activity, constraints).length > 0, `${slug}/${activity.id}`).toBe(expected);
    }
    expect(activityViolations(activity("tokyo", "tsukiji-outer-market"), constraints)).toEqual([
      "no vegetarian option",
    ]);
  });

  it("eligibleActivities keeps only activities with no violation", () => {
    const { constraints } = groupOf(member("ana", { dietary: ["vegetarian"], hardNos: ["hiking"] }));
    const eligible = eligibleActivities(destination("honolulu"), constraints);
    expect(eligible.length).toBeGreaterThan(0);
    expect(eligible.map((a) => a.id)).not.toContain("diamond-head-hike");
    for (const a of eligible) expect(activityViolations(a, constraints)).toEqual([]);
  });
});

describe("estimateCost", () => {
  const fiveDays = { minDays: 5, maxDays: 5 };

  it("gives a range with low ≤ high for every destination and a mixed-origin group", () => {
    const { members, profile, constraints } = groupOf(
      member("ana", { origin: "Boston" }),
      member("ben", { origin: "Seattle" }),
      member("cy", { origin: null }),
    );
    for (const d of allDestinations()) {
      const cost = estimateCost(d, members, profile, eligibleActivities(d, constraints));
      expect(cost.low, d.slug).toBeGreaterThan(0);
      expect(cost.low, d.slug).toBeLessThanOrEqual(cost.high);
    }
  });

  it("one known origin prices one fare (low = high); an unknown origin widens it to every US region", () => {
    const paris = destination("paris");
    const one = groupOf(member("ana", { origin: "Boston", tripLength: fiveDays }));
    const known = estimateCost(paris, one.members, one.profile, paris.activities);
    expect(known.low).toBe(known.high);

    const two = groupOf(
      member("ana", { origin: "Boston", tripLength: fiveDays }),
      member("ben", { origin: null, tripLength: fiveDays }),
    );
    const widened = estimateCost(paris, two.members, two.profile, paris.activities);
    const fares = [
      paris.gettingThereUsd["us-east"],
      paris.gettingThereUsd["us-central"],
      paris.gettingThereUsd["us-west"],
    ];
    expect(widened.high - widened.low).toBe(Math.max(...fares) - Math.min(...fares));
  });

  it("falls back to a cheaper stay when the usual one goes over the hard cap", () => {
    const paris = destination("paris");
    const premium = (budget: MemberPreferencesInput["budget"]) =>
      groupOf(
        member("ana", { origin: "Boston", accommodation: "premium", tripLength: fiveDays, budget }),
        member("ben", { origin: "Boston", accommodation: "premium", tripLength: fiveDays }),
      );
    const soft = premium({ min: 0, max: 2000, hardLimit: false });
    const uncapped = estimateCost(paris, soft.members, soft.profile, paris.activities);
    expect(uncapped.tier).toBe("premium");
    expect(uncapped.high).toBeGreaterThan(2000);

    const hard = premium({ min: 0, max: 2000, hardLimit: true });
    const capped = estimateCost(paris, hard.members, hard.profile, paris.activities);
    expect(capped.tier).not.toBe("premium");
    expect(capped.high).toBeLessThanOrEqual(2000);
    expect(overHardCap(capped.high, hard.constraints)).toBe(false);
  });

  it("ends at the budget tier (still over the cap) when no tier fits, so the place can be dropped", () => {
    const paris = destination("paris");
    const { members, profile, constraints } = groupOf(
      member("ana", {
        origin: "Boston",
        accommodation: "premium",
        tripLength: fiveDays,
        budget: { min: 0, max: 300, hardLimit: true },
      }),
    );
    const cost = estimateCost(paris, members, profile, paris.activities);
    expect(cost.tier).toBe("budget");
    expect(overHardCap(cost.high, constraints)).toBe(true);
  });

  it("never prices above the group's usual tier to fit a cap", () => {
    const paris = destination("paris");
    const { members, profile } = groupOf(
      member("ana", { origin: "Boston", accommodation: "budget", budget: { min: 0, max: 100_000, hardLimit: true } }),
    );
    expect(estimateCost(paris, members, profile, paris.activities).tier).toBe("budget");
  });
});

describe("stretchedMembers and overHardCap", () => {
  const { profile, constraints } = groupOf(
    member("ana", { budget: { min: 200, max: 1000, hardLimit: false } }),
    member("ben", { budget: { min: 200, max: 800, hardLimit: true } }),
    member("cy", { budget: { min: 200, max: 3000, hardLimit: false } }),
    member("dee", { budget: null }),
  );

  it("names soft-budget members whose max is below the cost", () => {
    expect(stretchedMembers(1500, profile)).toEqual(["ana"]);
    expect(stretchedMembers(3500, profile)).toEqual(["ana", "cy"]);
  });

  it("names nobody when the cost is within every soft max (equal counts as within)", () => {
    expect(stretchedMembers(1000, profile)).toEqual([]);
  });

  it("never names a hard-limit member or a member without a budget", () => {
    for (const cost of [500, 900, 5000, 100_000]) {
      expect(stretchedMembers(cost, profile)).not.toContain("ben");
      expect(stretchedMembers(cost, profile)).not.toContain("dee");
    }
  });

  it("overHardCap is true only above the tightest hard limit", () => {
    expect(constraints.hardCap).toBe(800);
    expect(overHardCap(800, constraints)).toBe(false);
    expect(overHardCap(801, constraints)).toBe(true);
    expect(overHardCap(1_000_000, { ...constraints, hardCap: null })).toBe(false);
  });
});

describe("hard no's typed as sentences", () => {
  it("keep only the words that matter", () => {
    expect(normaliseTerm("I hate heights")).toBe("height");
    expect(normaliseTerm("nothing with boats")).toBe("boat");
    expect(normaliseTerm("No long flights, please!")).toBe("long flight");
  });

  it('"no hiking, please" still rules out hiking activities', () => {
    const { constraints } = groupOf(member("ana", { hardNos: ["no hiking, please"] }));
    expect(activityViolations(activity("honolulu", "diamond-head-hike"), constraints)).not.toEqual([]);
  });
});
