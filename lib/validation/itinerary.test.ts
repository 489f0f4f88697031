import { describe, expect, it } from "vitest";
import type { Itinerary, ItineraryItem, MealStop } from "@/lib/schemas/itinerary";
import type { MemberCost } from "@/lib/schemas/money";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { type ItineraryEvidence, validateItinerary } from "@/lib/validation/itinerary";
import { activity, destination, meal } from "@/test/made-up-destination";

/**
 * The itinerary validator against a plan written out by hand for a made-up destination:
 * every figure below was added up by hand from the fixture. Then the plan is broken one
 * way at a time, as a faulty generator would, and the validator must catch each.
 * 15 June 2027 is a Tuesday.
 */

const TOWN = destination("testville", "Testville", "PT", {
  activities: [
    activity("museum", 10, { hours: { open: "10:00", close: "17:00", closedOn: ["mon"] } }),
    activity("gallery", 20, { bestTime: "afternoon" }),
    activity("cruise", 30, { bestTime: "afternoon", area: "Harbour", keywords: ["boat"], title: "Harbour cruise" }),
    activity("castle", 15, { bestTime: "afternoon", area: "Hills" }),
    activity("viewpoint", 0, { bestTime: "evening" }),
  ],
  meals: [
    meal("cafe", 15, { meals: ["lunch"] }),
    meal("bistro", 30, { meals: ["dinner"], dietaryOptions: ["vegetarian", "vegan"] }),
    meal("steakhouse", 50, { meals: ["dinner"], dietaryOptions: [] }),
  ],
});

const prefs = (overrides: Partial<MemberPreferences>): MemberPreferences => ({
  ...emptyPreferences(),
  dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
  ...overrides,
});
// Ana flies from Boston (eastern-US fare $700) and is vegetarian; Ben flies from Austin ($850) with a $1,500 hard cap.
const MEMBERS = [
  { id: "ana", name: "Ana", preferences: prefs({ origin: "Boston", dietary: ["vegetarian"] }) },
  {
    id: "ben",
    name: "Ben",
    preferences: prefs({
      origin: "Austin, TX",
      budget: { currency: "USD", minAmount: 50000, maxAmount: 150000, hardLimit: true },
    }),
  },
];

const item = (id: string, slot: ItineraryItem["slot"], startTime: string): ItineraryItem => {
  const a = TOWN.activities.find((x) => x.id === id);
  if (!a) throw new Error(id);
  return {
    key: `a:${id}`,
    kind: "activity",
    activityId: id,
    title: a.title,
    description: "Written for the test.",
    area: a.area,
    slot,
    startTime,
    durationHours: a.durationHours,
    costPerPerson: a.costUsd,
    tips: [],
    source: a.source,
    locked: false,
  };
};
const stop = (id: string, kind: MealStop["meal"], time: string, day: number): MealStop => {
  const m = TOWN.meals.find((x) => x.id === id);
  if (!m) throw new Error(id);
  return {
    key: `m:${id}:${day}:${kind}`,
    mealId: id,
    name: m.name,
    meal: kind,
    time,
    area: m.area,
    cuisine: m.cuisine,
    typicalCostPerPerson: m.costUsd,
    source: m.source,
  };
};
const cost = (
  memberId: string,
  travel: number,
  stay: number,
  activities: number,
  tier: MemberCost["tier"] = "midrange",
): MemberCost => ({
  memberId,
  tier,
  tierNote: null,
  lines: [
    { item: "travel", label: "Round-trip flight", usd: travel, basis: "fare" },
    { item: "stay", label: "Stay", usd: stay, basis: "nights" },
    { item: "activities", label: "Activities", usd: activities, basis: "plan" },
  ],
  total: travel + stay + activities,
  travel: { mode: "flight", km: 5000, hours: 7 },
  verified: true,
  overBy: 0,
  breaksHardCap: false,
});

/**
 * 2 days, 1 night. Activities: gallery $20 + viewpoint $0 + museum $10 + castle $15 = $45 a person.
 * Times: every venue is at the same point, so each leg is the 1-minute minimum walk. Day 1:
 * gallery 13:30–15:30, dinner 18:30–20:00 (90 min), viewpoint from 20:05. Day 2: museum
 * 10:00–12:00, lunch 12:15–13:15 (60 min), castle 13:30–15:30.
 */
function goodPlan(): Itinerary {
  return {
    destination: { slug: "testville", name: "Testville", country: "Portugal", timezone: "Europe/Lisbon" },
    dates: { start: "2027-06-15", end: "2027-06-16", nights: 1, days: 2 },
    pace: "balanced",
    days: [
      {
        day: 1,
        date: "2027-06-15",
        title: "Old Town",
        items: [item("gallery", "afternoon", "13:30"), item("viewpoint", "evening", "20:05")],
        meals: [stop("bistro", "dinner", "18:30", 1)],
        note: null,
      },
      {
        day: 2,
        date: "2027-06-16",
        title: "Hills",
        items: [item("museum", "morning", "10:00"), item("castle", "afternoon", "13:30")],
        meals: [stop("cafe", "lunch", "12:15", 2)],
        note: null,
      },
    ],
    weather: {
      note: "Testville in June: highs around 24°C and lows around 15°C, about 5 rainy days, humidity around 60%.",
      basis: "Climate normals for June",
    },
    packingList: ["Comfortable walking shoes"],
    assumptions: ["Made up for the test."],
    // Ana: 700 + 1 × 180 + 45 = 925. Ben: 850 + 180 + 45 = 1,075 (within his $1,500 cap, so midrange).
    costs: [cost("ana", 700, 180, 45), cost("ben", 850, 180, 45)],
    costRange: { low: 920, high: 1080 },
    budgetMode: "consensus",
    impactedMemberIds: [],
    costNotes: [],
    stretches: [],
    sources: [TOWN.sources[0] as Itinerary["sources"][number]],
    feedback: [],
    pendingMemberIds: [],
    generatedAt: "2026-11-21T12:00:00.000Z",
    factsVersion: "test",
    preferencesFingerprint: "test",
  };
}

const EVIDENCE: ItineraryEvidence = {
  members: MEMBERS,
  facts: TOWN,
  dates: { start: "2027-06-15", end: "2027-06-16" },
  plannedOn: "2026-11-21",
  feedback: [],
  organizerItems: [],
};

const rules = (plan: Itinerary, evidence: Partial<ItineraryEvidence> = {}) =>
  validateItinerary(plan, { ...EVIDENCE, ...evidence }).map((v) => v.rule);

describe("hand-computed plan", () => {
  it("passes", () => {
    expect(validateItinerary(goodPlan(), EVIDENCE)).toEqual([]);
  });
});

describe("the validator catches a deliberately broken generator", () => {
  it("a museum visit on a Monday, when it's shut", () => {
    const plan = goodPlan();
    plan.dates = { start: "2027-06-13", end: "2027-06-14", nights: 1, days: 2 };
    plan.days[0] = { ...(plan.days[0] as Itinerary["days"][number]), date: "2027-06-13" };
    plan.days[1] = { ...(plan.days[1] as Itinerary["days"][number]), date: "2027-06-14" };
    expect(rules(plan, { dates: { start: "2027-06-13", end: "2027-06-14" } })).toContain("hours");
  });

  it("a visit before the venue opens (the museum at 09:00)", () => {
    const plan = goodPlan();
    (plan.days[1] as Itinerary["days"][number]).items[0] = item("museum", "morning", "09:00");
    expect(rules(plan)).toContain("hours");
  });

  it("a steakhouse dinner for a vegetarian", () => {
    const plan = goodPlan();
    (plan.days[0] as Itinerary["days"][number]).meals = [stop("steakhouse", "dinner", "18:30", 1)];
    expect(rules(plan)).toContain("hard-constraint");
  });

  it("a boat trip for a member who said no boats", () => {
    const plan = goodPlan();
    (plan.days[1] as Itinerary["days"][number]).items[1] = item("cruise", "afternoon", "13:30");
    const members = [
      { ...(MEMBERS[0] as (typeof MEMBERS)[number]), preferences: prefs({ origin: "Boston", hardNos: ["no boats"] }) },
      MEMBERS[1] as (typeof MEMBERS)[number],
    ];
    const found = validateItinerary(plan, { ...EVIDENCE, members });
    expect(found.some((v) => v.rule === "hard-constraint" && v.message.includes("no boats"))).toBe(true);
  });

  it("an activity priced differently from its facts ($25 for the $20 gallery)", () => {
    const plan = goodPlan();
    (plan.days[0] as Itinerary["days"][number]).items[0] = {
      ...item("gallery", "afternoon", "13:30"),
      costPerPerson: 25,
    };
    expect(rules(plan)).toContain("cost");
  });

  it("lodging priced per day instead of per night (2 × $180)", () => {
    const plan = goodPlan();
    plan.costs[0] = cost("ana", 700, 360, 45);
    plan.costRange = { low: 1070, high: 1110 };
    expect(rules(plan)).toContain("cost");
  });

  it("activities left out of a member's total", () => {
    const plan = goodPlan();
    plan.costs[0] = cost("ana", 700, 180, 0);
    plan.costRange = { low: 880, high: 1080 };
    expect(rules(plan)).toContain("cost");
  });

  it("a fare from another member's home (Ben charged Boston's $700)", () => {
    const plan = goodPlan();
    plan.costs[1] = cost("ben", 700, 180, 45);
    expect(rules(plan)).toContain("cost");
  });

  it("four activities on a balanced day", () => {
    const plan = goodPlan();
    (plan.days[1] as Itinerary["days"][number]).items = [
      item("museum", "morning", "10:00"),
      item("castle", "afternoon", "13:30"),
      { ...item("gallery", "afternoon", "15:30") },
      item("viewpoint", "evening", "20:00"),
    ];
    (plan.days[0] as Itinerary["days"][number]).items = [];
    expect(rules(plan)).toContain("pace");
  });

  it("dates that disagree with the nights, or with the confirmed dates", () => {
    const plan = goodPlan();
    plan.dates = { ...plan.dates, end: "2027-06-17" };
    expect(rules(plan)).toContain("dates");
  });

  it("a temperature in the weather note that isn't the month's normal", () => {
    const plan = goodPlan();
    plan.weather = { ...plan.weather, note: "Testville in June: highs around 28°C." };
    expect(rules(plan)).toContain("weather");
  });

  it("the same activity on two days", () => {
    const plan = goodPlan();
    (plan.days[1] as Itinerary["days"][number]).items[1] = item("gallery", "afternoon", "13:30");
    expect(rules(plan)).toContain("repeat");
  });

  it("a flag marked applied while the flagged item is still in the plan", () => {
    const plan = goodPlan();
    plan.feedback = [{ feedbackId: "f1", status: "applied", reason: "Removed.", alternatives: [] }];
    const feedback = [{ id: "f1", kind: "flag" as const, itemKey: "a:gallery", suggestedActivityId: null }];
    expect(rules(plan, { feedback })).toContain("feedback");
  });

  it("a feedback item left without an outcome", () => {
    const feedback = [{ id: "f9", kind: "suggestion" as const, itemKey: null, suggestedActivityId: "castle" }];
    expect(rules(goodPlan(), { feedback })).toContain("feedback");
  });

  it("a member over their own hard cap", () => {
    const tight = [
      MEMBERS[0] as (typeof MEMBERS)[number],
      {
        ...(MEMBERS[1] as (typeof MEMBERS)[number]),
        preferences: prefs({
          origin: "Austin, TX",
          budget: { currency: "USD", minAmount: 0, maxAmount: 100000, hardLimit: true },
        }),
      },
    ];
    // Ben's midrange total $1,075 is over $1,000: the budget tier, 850 + 100 + 45 = $995, is what he must be priced at.
    expect(rules(goodPlan(), { members: tight })).toContain("cost");
  });
});

describe("the organizer's own items", () => {
  /**
   * goodPlan() with the organizer's own $12 supper on day 2's evening (20:00, 2 hours).
   * Activities $45 + $12 = $57: Ana 700 + 180 + 57 = $937, Ben 850 + 180 + 57 = $1,087 (under his $1,500 cap).
   */
  const SUPPER: ItineraryItem = {
    key: "c:3f0c2f1e-8d5b-4a7e-9c61-2b7d9e0a1c55",
    kind: "custom",
    activityId: null,
    title: "Supper at the Silvas'",
    description: "Bring bread.",
    area: "Your own plan",
    slot: "evening",
    startTime: "20:00",
    durationHours: 2,
    costPerPerson: 12,
    tips: [],
    source: null,
    locked: false,
  };
  const withSupper = (supper: ItineraryItem = SUPPER): Itinerary => {
    const plan = goodPlan();
    (plan.days[1] as Itinerary["days"][number]).items.push(supper);
    plan.costs = [cost("ana", 700, 180, 57), cost("ben", 850, 180, 57)];
    plan.costRange = { low: 930, high: 1090 };
    return plan;
  };
  const previous = [{ ...SUPPER, day: 2 }];

  it("passes when it is one of the previous version's, exactly", () => {
    expect(validateItinerary(withSupper(), { ...EVIDENCE, organizerItems: previous })).toEqual([]);
  });

  it("is refused when the previous version had none: a generator can't invent one", () => {
    expect(validateItinerary(withSupper(), EVIDENCE)).toEqual([
      {
        day: 2,
        rule: "ungrounded",
        message: `Day 2, "Supper at the Silvas'" is not an activity we know.`,
        itemKey: SUPPER.key,
      },
    ]);
  });

  it("is refused when it differs from the previous version's in key, words, cost, day, slot or time", () => {
    const changes: Partial<ItineraryItem>[] = [
      { key: "c:00000000-0000-4000-8000-000000000000" },
      { title: "Supper at the Silva family's" },
      { description: "Bring wine." },
      { startTime: "21:00" },
    ];
    for (const change of changes) {
      expect(rules(withSupper({ ...SUPPER, ...change }), { organizerItems: previous }), JSON.stringify(change)).toEqual(
        ["ungrounded"],
      );
    }
    // Another cost: not theirs (and the cost lines no longer add up).
    expect(rules(withSupper({ ...SUPPER, costPerPerson: 13 }), { organizerItems: previous })).toContain("ungrounded");
    // Another day or slot of the previous version.
    expect(rules(withSupper(), { organizerItems: [{ ...SUPPER, day: 1 }] })).toEqual(["ungrounded"]);
    expect(rules(withSupper(), { organizerItems: [{ ...SUPPER, day: 2, slot: "afternoon" }] })).toEqual(["ungrounded"]);
  });
});

describe("days a person can live", () => {
  const day2 = (plan: Itinerary) => plan.days[1] as Itinerary["days"][number];

  it("lunch during an activity is an overlap: the castle 13:30–15:30 and lunch at 13:00 (until 14:00)", () => {
    const plan = goodPlan();
    day2(plan).meals = [stop("cafe", "lunch", "13:00", 2)];
    expect(validateItinerary(plan, EVIDENCE)).toEqual([
      {
        day: 2,
        rule: "overlap",
        message: `Day 2: lunch at cafe runs into "castle".`,
        itemKey: "a:castle",
      },
    ]);
  });

  it("a stop that starts before the way there is done: the castle moved to the Hills, 1.8 km of street away", () => {
    // The Hills castle at 38.73, -9.15 from lunch at 38.72, -9.14: 0.01° of latitude = 1.112 km,
    // 0.01° of longitude × 111.195 × cos 38.725° (0.7801) = 0.867 km; √(1.112² + 0.867²) = 1.410 km
    // straight (a walk); × 1.3 = 1.83 km; / 4.5 km/h = 24.4 min → 25 min. Lunch ends 13:15, so
    // the castle can start at 13:40 at the earliest, not 13:30.
    const hills = {
      ...TOWN,
      activities: TOWN.activities.map((a) =>
        a.id === "castle" ? { ...a, coordinates: { lat: 38.73, lon: -9.15 } } : a,
      ),
    };
    expect(validateItinerary(goodPlan(), { ...EVIDENCE, facts: hills })).toEqual([
      {
        day: 2,
        rule: "leg",
        message: `Day 2: "castle" starts 15 min after lunch at cafe ends; getting there takes about 25 min.`,
        itemKey: "a:castle",
      },
    ]);
    const later = goodPlan();
    day2(later).items[1] = item("castle", "afternoon", "13:40");
    expect(validateItinerary(later, { ...EVIDENCE, facts: hills })).toEqual([]);
  });

  it("every part of a labelled day holds something or is labelled free", () => {
    // Day 1 (arrival): afternoon gallery, evening dinner and viewpoint. Day 2 (departure): morning
    // museum, afternoon castle. Nothing is free.
    const plan = goodPlan();
    for (const d of plan.days) d.free = [];
    expect(validateItinerary(plan, EVIDENCE)).toEqual([]);
    // Without the castle, day 2's afternoon is empty: it must say it's free.
    day2(plan).items = [item("museum", "morning", "10:00")];
    // Activities $45 − $15 = $30: Ana 700 + 180 + 30 = $910, Ben 850 + 180 + 30 = $1,060.
    plan.costs = [cost("ana", 700, 180, 30), cost("ben", 850, 180, 30)];
    plan.costRange = { low: 910, high: 1060 };
    expect(validateItinerary(plan, EVIDENCE)).toEqual([
      { day: 2, rule: "free-time", message: "Day 2: the afternoon has nothing in it and isn't labelled free." },
    ]);
    day2(plan).free = ["afternoon"];
    expect(validateItinerary(plan, EVIDENCE)).toEqual([]);
    // Labelled free but holding something is refused too.
    day2(plan).free = ["morning", "afternoon"];
    expect(rules(plan)).toEqual(["free-time"]);
  });

  it("an item's stored end must be its start plus its length", () => {
    const plan = goodPlan();
    day2(plan).items[0] = { ...item("museum", "morning", "10:00"), endTime: "11:00" };
    expect(rules(plan)).toEqual(["time"]);
    day2(plan).items[0] = { ...item("museum", "morning", "10:00"), endTime: "12:00" };
    expect(rules(plan)).toEqual([]);
  });
});

describe("no nightlife", () => {
  // The viewpoint (evening, 2 hours) is on day 1 from 20:05: it runs until 22:05, past 22:00.
  // Called nightlife by the facts, it is a late night out for a member who ruled nightlife out —
  // by a hard no or in their notes — whatever its keywords say.
  const nightTown = {
    ...TOWN,
    activities: TOWN.activities.map((a) => (a.id === "viewpoint" ? { ...a, vibes: ["nightlife" as const] } : a)),
  };
  const withBen = (overrides: Partial<MemberPreferences>) =>
    MEMBERS.map((m) => (m.id === "ben" ? { ...m, preferences: { ...m.preferences, ...overrides } } : m));

  it("a late outing the facts call nightlife breaks a member's 'no nightlife', as a hard no or in their notes", () => {
    for (const said of [{ hardNos: ["no nightlife"] }, { notes: "I hate nightlife." }]) {
      const found = validateItinerary(goodPlan(), { ...EVIDENCE, facts: nightTown, members: withBen(said) });
      expect(found).toEqual([
        {
          day: 1,
          rule: "hard-constraint",
          message: 'Day 1, "viewpoint": Ben: no nightlife (it runs until 22:05).',
          itemKey: "a:viewpoint",
        },
      ]);
    }
  });

  it("the same evening is fine when the facts don't call it nightlife, or nobody ruled nightlife out", () => {
    expect(validateItinerary(goodPlan(), { ...EVIDENCE, members: withBen({ hardNos: ["no nightlife"] }) })).toEqual([]);
    expect(validateItinerary(goodPlan(), { ...EVIDENCE, facts: nightTown })).toEqual([]);
  });
});
