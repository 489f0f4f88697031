import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import type { DestinationFacts } from "@/lib/facts";
import { budgetModeOf, cardActivityAllowance, memberCost } from "@/lib/money/ledger";
import type { MemberCost } from "@/lib/schemas/money";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import type { DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";
import { type Evidence, validateRecommendations } from "@/lib/validation/recommendations";
import { destination } from "@/test/made-up-destination";

/**
 * The compliance validator against hand-computed examples. The destinations are made up
 * here (so the figures can't drift with the catalog), and every expected price below was
 * worked out by hand from them — none comes from calling the pricing under test. Then the
 * generator is broken on purpose, one way at a time, and the validator must catch each.
 */

const PLACES = [
  destination("testville", "Testville", "PT"),
  destination("probetown", "Probetown", "PT"),
  destination("samplecity", "Sample City", "ES"),
];
const factsOf = (slug: string) => PLACES.find((d) => d.slug === slug);

const window = { start: "2027-06-12", end: "2027-06-16" };
const prefs = (overrides: Partial<MemberPreferences>): MemberPreferences => ({
  ...emptyPreferences(),
  dates: { flexible: false, windows: [window] },
  tripLength: { minDays: 5, maxDays: 5 },
  accommodation: "midrange",
  ...overrides,
});
// Ana flies from Boston (eastern-US fare, $700), no boats; Ben from Austin (central-US fare, $850) with a $1,500 hard cap.
const ANA = {
  id: "ana",
  name: "Ana",
  preferences: prefs({
    origin: "Boston",
    budget: { currency: "USD", minAmount: 100000, maxAmount: 200000, hardLimit: false },
    hardNos: ["no boats"],
  }),
};
const BEN = {
  id: "ben",
  name: "Ben",
  preferences: prefs({
    origin: "Austin, TX",
    budget: { currency: "USD", minAmount: 80000, maxAmount: 150000, hardLimit: true },
  }),
};
const MEMBERS = [ANA, BEN];

/** Hand-computed, 5 days / 4 nights. */
const ANA_COST: MemberCost = {
  memberId: "ana",
  tier: "midrange",
  tierNote: null,
  lines: [
    { item: "travel", label: "Round-trip flight", usd: 700, basis: "eastern-US fare" }, // 700
    { item: "stay", label: "Stay", usd: 720, basis: "4 nights × $180" }, // 4 × 180 = 720
    { item: "activities", label: "Activities", usd: 100, basis: "5 days × $20" }, // 5 × 20 = 100
  ],
  total: 1520, // 700 + 720 + 100
  travel: { mode: "flight", km: 5170, hours: 7.2 },
  verified: true,
  overBy: 0, // within her $2,000 max
  breaksHardCap: false,
};
/** Midrange would be 850 + 720 + 100 = 1,670, over his $1,500 cap: the budget tier, 850 + 4 × 100 + 100 = 1,350. */
const BEN_COST: MemberCost = {
  memberId: "ben",
  tier: "budget",
  tierNote: "budget stay: midrange would be over the $1,500 hard cap",
  lines: [
    { item: "travel", label: "Round-trip flight", usd: 850, basis: "central-US fare" },
    { item: "stay", label: "Stay", usd: 400, basis: "4 nights × $100" },
    { item: "activities", label: "Activities", usd: 100, basis: "5 days × $20" },
  ],
  total: 1350,
  travel: { mode: "flight", km: 8000, hours: 10.8 },
  verified: true,
  overBy: 0,
  breaksHardCap: false,
};

function option(place: DestinationFacts, n: number): DestinationOption {
  return {
    slug: place.slug,
    name: place.name,
    country: place.country,
    countryCode: place.countryCode,
    region: "europe",
    whyItFits: [`${place.name} gives Ana and Ben culture and food (${n}).`],
    costPerPerson: { low: 1350, high: 1520, includes: ["each member's round trip from home"] },
    costs: [ANA_COST, BEN_COST],
    trip: { days: 5, nights: 4, start: "2027-06-12", end: "2027-06-16", datesPending: false, lengthNote: null },
    highlights: [
      {
        day: 1,
        timeOfDay: "morning",
        activityId: `${place.slug}-museum`,
        title: `${place.slug} museum`,
        area: "Old Town",
      },
      {
        day: 2,
        timeOfDay: "morning",
        activityId: `${place.slug}-gallery`,
        title: `${place.slug} gallery`,
        area: "Old Town",
      },
    ],
    tradeoffs: [{ summary: `${place.name} is quiet after dark (${n}).`, memberIds: [] }],
    confidence: "high",
    mode: "consensus",
    impactedMemberIds: [],
    homeMemberIds: [],
    verified: true,
    sources: [place.sources[0] as DestinationFacts["sources"][number]],
  };
}

function goodPack(): Extract<RecommendationsPack, { status: "ready" }> {
  return {
    status: "ready",
    options: PLACES.map(option),
    conflictReport: { headline: "No conflicts.", conflicts: [], needsMoreInput: false, questions: [] },
    coverage: { confidence: "high", respondedIds: ["ana", "ben"], pendingIds: [], missing: [] },
    preferencesFingerprint: "test",
    generatedAt: "2026-11-21T12:00:00.000Z",
    flaggedMemberIds: [],
    excluded: [],
    suggestions: [],
    unverifiedOriginIds: [],
    factsVersion: "test",
    frame: { window, minDays: 5, maxDays: 5, datesPending: false },
    plannedOn: "2026-11-21",
    taste: { liked: ["culture", "food"], disliked: [] },
    openers: [],
  };
}

const EVIDENCE: Evidence = {
  members: MEMBERS,
  candidates: PLACES.map((p) => p.slug),
  research: Object.fromEntries(
    PLACES.map((p) => [
      p.slug,
      {
        verified: true,
        sources: p.sources,
        activityIds: p.activities.filter((a) => !a.keywords.includes("boat")).map((a) => a.id),
      },
    ]),
  ),
  facts: factsOf,
};

/** The first card, broken one way. */
function withFirst(change: (o: DestinationOption) => DestinationOption) {
  const pack = goodPack();
  pack.options[0] = change(pack.options[0] as DestinationOption);
  return pack;
}
const rulesOf = (pack: RecommendationsPack) => validateRecommendations(pack, EVIDENCE).map((v) => v.rule);

describe("hand-computed prices", () => {
  it("the correct pack passes", () => {
    expect(validateRecommendations(goodPack(), EVIDENCE)).toEqual([]);
  });

  it("the planner's ledger produces exactly the hand-computed figures", () => {
    const [ana, ben] = MEMBERS.map(memberConstraints);
    const place = PLACES[0] as DestinationFacts;
    const allowance = cardActivityAllowance(place, 5);
    expect(allowance.usd).toBe(100); // 5 days × $20 median ticket
    const anaCost = memberCost({
      facts: place,
      member: ana as never,
      nights: 4,
      activities: allowance,
      groupTier: "midrange",
    });
    const benCost = memberCost({
      facts: place,
      member: ben as never,
      nights: 4,
      activities: allowance,
      groupTier: "midrange",
    });
    expect(anaCost.lines.map((l) => l.usd)).toEqual([700, 720, 100]);
    expect(anaCost.total).toBe(1520);
    expect(benCost.tier).toBe("budget");
    expect(benCost.lines.map((l) => l.usd)).toEqual([850, 400, 100]);
    expect(benCost.total).toBe(1350);
  });
});

describe("the validator catches a deliberately broken generator", () => {
  it("a fare priced from another member's home (Ben charged Ana's Boston fare)", () => {
    const wrongOrigin = {
      ...BEN_COST,
      lines: BEN_COST.lines.map((l) => (l.item === "travel" ? { ...l, usd: 700 } : l)),
      total: 1200,
    };
    expect(rulesOf(withFirst((o) => ({ ...o, costs: [ANA_COST, wrongOrigin] })))).toContain("cost");
  });

  it("dates that disagree with the nights priced (Jun 12–17 for 4 nights)", () => {
    const pack = withFirst((o) => ({ ...o, trip: { ...o.trip, end: "2027-06-17" } }));
    expect(rulesOf(pack)).toContain("dates");
  });

  it("a highlight that breaks a member's hard no (a harbour cruise for Ana, who said no boats)", () => {
    const cruise = {
      day: 2 as const,
      timeOfDay: "morning" as const,
      activityId: "testville-cruise",
      title: "Harbour cruise",
      area: "Harbour",
    };
    const pack = withFirst((o) => ({
      ...o,
      highlights: [o.highlights[0] as DestinationOption["highlights"][number], cruise],
    }));
    // A broken filter would also have let the cruise into research: judge it on the rule alone.
    const research = {
      ...EVIDENCE.research,
      testville: {
        ...(EVIDENCE.research.testville as Evidence["research"][string]),
        activityIds: PLACES[0]?.activities.map((a) => a.id) ?? [],
      },
    };
    const violations = validateRecommendations(pack, { ...EVIDENCE, research });
    expect(violations.map((v) => v.rule)).toEqual(["hard-constraint"]);
    expect(violations.some((v) => v.message.includes("Ana: no boats"))).toBe(true);
  });

  it("lodging priced per day instead of per night (5 × $180)", () => {
    const perDay = {
      ...ANA_COST,
      lines: ANA_COST.lines.map((l) => (l.item === "stay" ? { ...l, usd: 900 } : l)),
      total: 1700,
    };
    expect(
      rulesOf(
        withFirst((o) => ({ ...o, costs: [perDay, BEN_COST], costPerPerson: { ...o.costPerPerson, high: 1700 } })),
      ),
    ).toContain("cost");
  });

  it("activities left out of the price", () => {
    const noActivities = {
      ...ANA_COST,
      lines: ANA_COST.lines.map((l) => (l.item === "activities" ? { ...l, usd: 0 } : l)),
      total: 1420,
    };
    expect(
      rulesOf(
        withFirst((o) => ({
          ...o,
          costs: [noActivities, BEN_COST],
          costPerPerson: { ...o.costPerPerson, high: 1420 },
        })),
      ),
    ).toContain("cost");
  });

  it("a member kept at a tier their own hard cap can't afford (Ben at midrange: $1,670 over $1,500)", () => {
    const midrange = {
      ...BEN_COST,
      tier: "midrange" as const,
      tierNote: null,
      lines: BEN_COST.lines.map((l) => (l.item === "stay" ? { ...l, usd: 720 } : l)),
      total: 1670,
    };
    const rules = rulesOf(
      withFirst((o) => ({
        ...o,
        costs: [ANA_COST, midrange],
        costPerPerson: { low: 1520, high: 1670, includes: ["x"] },
      })),
    );
    expect(rules).toContain("hard-cap");
    expect(rules).toContain("cost");
  });

  it("an amount rounded down across a cap (a range shown ending below a member's real total)", () => {
    expect(rulesOf(withFirst((o) => ({ ...o, costPerPerson: { ...o.costPerPerson, high: 1510 } })))).toContain("cost");
  });

  it("'inside everyone's budget' when someone is over theirs", () => {
    const over = { ...ANA_COST, overBy: 0 };
    const tight = {
      ...ANA,
      preferences: {
        ...ANA.preferences,
        budget: { currency: "USD", minAmount: 100000, maxAmount: 150000, hardLimit: false },
      },
    };
    const pack = withFirst((o) => ({ ...o, costs: [over, BEN_COST] }));
    const rules = validateRecommendations(pack, { ...EVIDENCE, members: [tight, BEN] }).map((v) => v.rule);
    expect(rules).toContain("mode"); // Ana's $1,520 is over her $1,500: the card must say compromise, naming her
    expect(rules).toContain("cost"); // and her overBy must be $20
  });

  it("a trip shorter than the caps allow, without saying why", () => {
    const pack = goodPack();
    pack.frame = { ...pack.frame, maxDays: 6, window: { start: "2027-06-12", end: "2027-06-17" } };
    expect(rulesOf(pack)).toContain("dates"); // the frame itself is wrong: everyone accepts at most 5 days
  });

  it("the same sentence on two cards", () => {
    const pack = goodPack();
    for (const o of pack.options) o.whyItFits = ["Lines up with what the group wants."];
    expect(rulesOf(pack)).toContain("repeated");
  });

  it("a destination left out with no member's constraint behind it", () => {
    const pack = goodPack();
    pack.excluded = [
      { slug: "testville", name: "Testville", reasons: [{ memberId: "ben", rule: "hard-cap", detail: "over cap" }] },
    ];
    expect(rulesOf(pack)).toContain("exclusion"); // Ben's own total there is $1,350, inside his $1,500 cap
    pack.excluded = [
      { slug: "testville", name: "Testville", reasons: [{ memberId: "ana", rule: "hard-no", detail: "no boats" }] },
    ];
    expect(rulesOf(pack)).toContain("exclusion"); // "no boats" drops the cruise, not the whole place
  });

  it("a justified exclusion passes (Ben's own total over a lower cap)", () => {
    const pack = goodPack();
    pack.excluded = [
      { slug: "testville", name: "Testville", reasons: [{ memberId: "ben", rule: "hard-cap", detail: "over cap" }] },
    ];
    const strict = {
      ...BEN,
      preferences: {
        ...BEN.preferences,
        budget: { currency: "USD", minAmount: 80000, maxAmount: 130000, hardLimit: true },
      },
    };
    const rules = validateRecommendations(pack, { ...EVIDENCE, members: [ANA, strict] })
      .filter((v) => v.rule === "exclusion")
      .map((v) => v.slug);
    expect(rules).toEqual([]); // $1,350 at the cheapest stay is over $1,300
  });
});

describe("dates the organizer decided", () => {
  // Ben can only travel Jun 12–15; the window is Jun 12–16, so not everyone can make it.
  const benShort = {
    ...BEN,
    preferences: {
      ...BEN.preferences,
      dates: { flexible: false, windows: [{ start: "2027-06-12", end: "2027-06-15" }] },
    },
  };
  const evidence = (decided: boolean): Evidence => ({
    ...EVIDENCE,
    members: [ANA, benShort],
    decisions: decided ? [{ kind: "dates", start: "2027-06-12", end: "2027-06-16" }] : [],
  });
  const withPending = (datesPending: boolean) => {
    const pack = goodPack();
    pack.frame = { ...pack.frame, datesPending };
    pack.options = pack.options.map((o) => ({ ...o, trip: { ...o.trip, datesPending } }));
    return pack;
  };
  const dateRules = (pack: RecommendationsPack, decided: boolean) =>
    validateRecommendations(pack, evidence(decided)).filter((v) => v.rule === "dates");

  it("without a decision, dates someone can't make are pending", () => {
    expect(dateRules(withPending(true), false)).toEqual([]);
    expect(dateRules(withPending(false), false).map((v) => v.message)).toEqual([
      "Not everyone can make these dates: they are pending.",
    ]);
  });

  it("a decision settles them: not pending, even though Ben can't make the last day", () => {
    expect(dateRules(withPending(false), true)).toEqual([]);
    expect(dateRules(withPending(true), true).map((v) => v.message)).toEqual([
      "The organizer decided the dates: they are not pending.",
    ]);
  });
});

describe("a home that isn't confirmed is never priced", () => {
  // Ben typed "Barcelona" (Spain or Venezuela) and never picked one: no fare at all.
  const BEN_UNSURE = { ...BEN, preferences: prefs({ ...BEN.preferences, origin: "Barcelona" }) };
  /** No travel: midrange 4 × $180 = $720 + $100 activities = $820, inside his $1,500 cap. */
  const BEN_UNSURE_COST: MemberCost = {
    memberId: "ben",
    tier: "midrange",
    tierNote: null,
    lines: [
      { item: "stay", label: "Stay", usd: 720, basis: "4 nights × $180" },
      { item: "activities", label: "Activities", usd: 100, basis: "5 days × $20" },
    ],
    total: 820,
    travel: { mode: "unknown", km: 0, hours: 0 },
    verified: false,
    overBy: 0,
    breaksHardCap: false,
  };
  const evidence = { ...EVIDENCE, members: [ANA, BEN_UNSURE] };
  const packWith = (ben: MemberCost, mode: DestinationOption["mode"] = "unchecked") => {
    const pack = goodPack();
    pack.options = pack.options.map((o) => ({
      ...o,
      costs: [ANA_COST, ben],
      costPerPerson: { ...o.costPerPerson, low: Math.min(1520, ben.total), high: 1520 },
      mode,
    }));
    return pack;
  };

  it("the ledger leaves his travel out: $820, no travel line", () => {
    const cost = memberCost({
      facts: PLACES[0] as DestinationFacts,
      member: memberConstraints(BEN_UNSURE),
      nights: 4,
      activities: cardActivityAllowance(PLACES[0] as DestinationFacts, 5),
      groupTier: "midrange",
    });
    expect(cost.lines.map((l) => [l.item, l.usd])).toEqual([
      ["stay", 720],
      ["activities", 100],
    ]);
    expect(cost.total).toBe(820);
    expect(cost.capUnverifiable).toBe(true);
  });

  it("no card claims 'inside everyone's budget' over his cap: the generator labels it unchecked, the validator refuses consensus", () => {
    // Nobody is over (Ana $1,520 of $2,000; Ben $820 without travel, of $1,500), but Ben's $1,500
    // hard cap can't be checked without his fare: neither a compromise nor inside everyone's budget.
    const ben = { ...BEN_UNSURE_COST, capUnverifiable: true };
    expect(budgetModeOf([ANA_COST, ben])).toBe("unchecked");
    expect(budgetModeOf([ANA_COST, BEN_COST])).toBe("consensus");
    expect(budgetModeOf([{ ...ANA_COST, overBy: 20 }, ben])).toBe("compromise");
    const claimed = validateRecommendations(packWith(ben, "consensus"), evidence);
    expect(claimed.map((v) => v.message)).toContain(
      "Testville: \"inside everyone's budget\" can't be claimed while a member's hard cap can't be checked (no confirmed home to price their travel from).",
    );
    expect(validateRecommendations(packWith(ben, "unchecked"), evidence)).toEqual([]);
    // Once his home is confirmed (Austin: the central-US fare) every cap can be checked: "unchecked" is wrong.
    const confirmed = validateRecommendations(
      { ...goodPack(), options: goodPack().options.map((o) => ({ ...o, mode: "unchecked" as const })) },
      EVIDENCE,
    );
    expect(confirmed.map((v) => v.message)).toContain(
      'Testville: "unchecked" is wrong: every hard cap can be checked.',
    );
  });

  it("the validator, from his raw answers, passes that and refuses a fare from a region he didn't choose", () => {
    expect(validateRecommendations(packWith(BEN_UNSURE_COST), evidence)).toEqual([]);
    // The old behaviour: "a typical round trip from the central US: $850".
    const guessed: MemberCost = {
      ...BEN_UNSURE_COST,
      tier: "budget",
      lines: [
        { item: "travel", label: "Round-trip flight", usd: 850, basis: "central-US fare" },
        ...BEN_COST.lines.slice(1),
      ],
      total: 1350,
      travel: { mode: "flight", km: 8000, hours: 10.8 },
    };
    expect(validateRecommendations(packWith(guessed), evidence).map((v) => v.rule)).toContain("cost");
  });
});

describe("fewer than three cards", () => {
  it("passes two cards when the pack says only two places fit, and not otherwise", () => {
    const two = { ...goodPack(), options: goodPack().options.slice(0, 2) };
    expect(validateRecommendations({ ...two, onlyFit: 2 }, EVIDENCE)).toEqual([]);
    // Two cards with no word that only two fit: the group would think we held some back.
    expect(rulesOf(two)).toContain("count");
    // Three cards while saying only two fit is not honest either.
    expect(rulesOf({ ...goodPack(), onlyFit: 2 })).toContain("count");
  });
});
