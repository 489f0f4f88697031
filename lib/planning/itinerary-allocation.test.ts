import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { allocate, mealsOf, slotsOf } from "@/lib/planning/itinerary-allocation";
import type { ItineraryItem, Slot } from "@/lib/schemas/itinerary";
import type { FeedbackInput, FlagInForce } from "@/lib/schemas/itinerary-pipeline";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { activity, destination, meal } from "@/test/made-up-destination";

/**
 * The allocation on a made-up destination whose every activity and meal is known, so each
 * expectation below can be checked by reading the fixture: 2027-06-14 is a Monday.
 */

const TOWN = destination("testville", "Testville", "PT", {
  activities: [
    // Opens at 10:00 and is shut on Mondays.
    activity("museum", 10, { hours: { open: "10:00", close: "17:00", closedOn: ["mon"] } }),
    activity("gallery", 20, { bestTime: "afternoon" }),
    activity("cruise", 30, { bestTime: "afternoon", area: "Harbour", keywords: ["boat"], title: "Harbour cruise" }),
    activity("tour", 40, { bestTime: "morning" }),
    activity("fado", 35, { bestTime: "evening", involvesFood: true, dietaryOptions: ["vegetarian"] }),
    activity("viewpoint", 0, { bestTime: "evening" }),
    activity("market", 0, { bestTime: "morning", area: "Hills" }),
    activity("castle", 15, { bestTime: "afternoon", area: "Hills" }),
    activity("tram", 5, { bestTime: "any" }),
  ],
  meals: [
    meal("cafe", 15, { meals: ["lunch"] }),
    meal("bistro", 30, { meals: ["dinner"], dietaryOptions: ["vegetarian", "vegan"] }),
    meal("steakhouse", 50, { meals: ["dinner"], dietaryOptions: [] }),
    meal("canteen", 10, { meals: ["lunch", "dinner"], hours: { open: "12:00", close: "15:00", closedOn: [] } }),
  ],
});

const prefs = (overrides: Partial<MemberPreferences> = {}): MemberPreferences => ({
  ...emptyPreferences(),
  ...overrides,
});
const member = (id: string, overrides: Partial<MemberPreferences> = {}) =>
  memberConstraints({ id, name: id, preferences: prefs({ origin: "Lisbon", ...overrides }) });

function plan(
  members: ReturnType<typeof member>[],
  brief: { start: string | null; days: number; pace: "relaxed" | "balanced" | "packed" },
  extra: {
    feedback?: FeedbackInput[];
    previous?: { days: { day: number; items: ItineraryItem[] }[]; removedByHand?: string[] } | null;
    flags?: FlagInForce[];
  } = {},
) {
  return allocate({
    facts: TOWN,
    members,
    brief: { start: brief.start, nights: brief.days - 1, days: brief.days, pace: brief.pace },
    taste: { liked: [], disliked: [] },
    previous: extra.previous ?? null,
    feedback: extra.feedback ?? [],
    flags: extra.flags ?? [],
    groupTier: "midrange",
  });
}
const ids = (a: ReturnType<typeof plan>) => a.days.flatMap((d) => d.items.map((i) => i.activityId));

describe("the shape of a day", () => {
  it("day 1 starts after arrival, the last day ends before departure, a middle day has all three", () => {
    expect(slotsOf(1, 3)).toEqual(["afternoon", "evening"]);
    expect(slotsOf(2, 3)).toEqual(["morning", "afternoon", "evening"]);
    expect(slotsOf(3, 3)).toEqual(["morning", "afternoon"]);
    expect(slotsOf(1, 1)).toEqual(["morning", "afternoon", "evening"]);
    expect(mealsOf(1, 3)).toEqual(["dinner"]);
    expect(mealsOf(2, 3)).toEqual(["lunch", "dinner"]);
    expect(mealsOf(3, 3)).toEqual(["lunch"]);
  });

  it("a balanced pace puts at most one activity in a slot and three in a day; relaxed at most two", () => {
    const balanced = plan([member("a")], { start: "2027-06-15", days: 3, pace: "balanced" });
    for (const d of balanced.days) {
      expect(d.items.length).toBeLessThanOrEqual(3);
      expect(new Set(d.items.map((i) => i.slot)).size).toBe(d.items.length);
    }
    const relaxed = plan([member("a")], { start: "2027-06-15", days: 3, pace: "relaxed" });
    for (const d of relaxed.days) expect(d.items.length).toBeLessThanOrEqual(2);
  });

  it("no activity is placed twice", () => {
    const all = ids(plan([member("a")], { start: "2027-06-15", days: 5, pace: "packed" }));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("opening hours", () => {
  it("the museum (10:00–17:00) is placed at 10:00, not at the morning's 09:00", () => {
    const days = plan([member("a")], { start: "2027-06-15", days: 3, pace: "balanced" }).days; // Tue–Thu
    const museum = days.flatMap((d) => d.items).find((i) => i.activityId === "museum");
    expect(museum?.start).toBe("10:00");
  });

  it("the museum, shut on Mondays, is placed on a one-day Tuesday trip but not on Monday 14 June", () => {
    const quiet = destination("quietville", "Quietville", "PT", {
      activities: TOWN.activities.filter((a) => ["museum", "viewpoint"].includes(a.id)),
      meals: TOWN.meals,
    });
    const oneDay = (start: string) =>
      allocate({
        facts: quiet,
        members: [member("a")],
        brief: { start, nights: 0, days: 1, pace: "relaxed" },
        taste: { liked: [], disliked: [] },
        previous: null,
        feedback: [],
        groupTier: "midrange",
      }).days.flatMap((d) => d.items.map((i) => i.activityId));
    expect(oneDay("2027-06-15")).toContain("museum");
    expect(oneDay("2027-06-14")).not.toContain("museum");
  });

  it("lunch at the canteen (12:00–15:00) but never dinner there at 18:30", () => {
    const all = plan([member("a")], { start: "2027-06-15", days: 6, pace: "relaxed" }).days.flatMap((d) => d.meals);
    expect(all.some((m) => m.mealId === "canteen" && m.meal === "dinner")).toBe(false);
  });
});

describe("every member's constraints", () => {
  it("a nut allergy no restaurant here confirms: no meal is placed, and the plan says why and how many", () => {
    // Days 1–3: dinner, lunch + dinner, lunch (mealsOf) — 4 meals, none of Testville's lists nut-allergy.
    const result = plan([member("a", { dietary: ["nut-allergy"] })], { start: "2027-06-15", days: 3, pace: "relaxed" });
    expect(result.days.flatMap((d) => d.meals)).toEqual([]);
    expect(result.notes).toContain(
      "No restaurant we know in Testville confirms nut-allergy options, so 4 meals are left for the group to choose: ask about allergens and ingredients when you book.",
    );
  });

  it("a member's 'no boats' keeps the harbour cruise out of every day", () => {
    expect(
      ids(plan([member("a", { hardNos: ["no boats"] })], { start: "2027-06-15", days: 5, pace: "packed" })),
    ).not.toContain("cruise");
  });

  it("a vegetarian never gets the steakhouse; the evening food activity replaces dinner", () => {
    const days = plan([member("a", { dietary: ["vegetarian"] })], {
      start: "2027-06-15",
      days: 4,
      pace: "packed",
    }).days;
    expect(days.flatMap((d) => d.meals).some((m) => m.mealId === "steakhouse")).toBe(false);
    for (const d of days) {
      if (d.items.some((i) => i.activityId === "fado")) expect(d.meals.some((m) => m.meal === "dinner")).toBe(false);
    }
  });

  it("a hard cap keeps paid activities within what the cap leaves after travel and the cheapest stay", () => {
    // From Lisbon to Testville (the same spot): no travel. 2 nights × $100 (budget) = $200. A $260 cap leaves $60.
    const capped = member("a", { budget: { currency: "USD", minAmount: 0, maxAmount: 26000, hardLimit: true } });
    const allocation = plan([capped], { start: "2027-06-15", days: 3, pace: "packed" });
    const spent = ids(allocation).reduce(
      (sum, id) => sum + (TOWN.activities.find((a) => a.id === id)?.costUsd ?? 0),
      0,
    );
    expect(allocation.activityBudget).toBe(60);
    expect(spent).toBeLessThanOrEqual(60);
  });
});

describe("feedback", () => {
  const previousWith = (items: Partial<ItineraryItem>[]) => ({
    days: [
      {
        day: 2,
        items: items.map(
          (i) =>
            ({
              key: `a:${i.activityId}`,
              kind: "activity",
              activityId: i.activityId,
              title: TOWN.activities.find((a) => a.id === i.activityId)?.title ?? "",
              description: "",
              area: "Old Town",
              slot: i.slot ?? "morning",
              startTime: "09:00",
              durationHours: 2,
              costPerPerson: 0,
              tips: [],
              source: null,
              locked: i.locked ?? false,
            }) as ItineraryItem,
        ),
      },
    ],
  });
  const flag = (id: string, itemKey: string): FeedbackInput => ({
    id,
    memberId: "a",
    kind: "flag",
    itemKey,
    reason: "not-my-thing",
    text: "",
    suggestedActivityId: null,
  });
  const suggest = (id: string, activityId: string | null, text = ""): FeedbackInput => ({
    id,
    memberId: "a",
    kind: "suggestion",
    itemKey: null,
    reason: null,
    text,
    suggestedActivityId: activityId,
  });

  it("a flagged item leaves the plan (applied); a locked one stays (declined, saying it's locked)", () => {
    const previous = previousWith([
      { activityId: "tour", slot: "morning" },
      { activityId: "gallery", slot: "afternoon", locked: true },
    ]);
    const allocation = plan(
      [member("a")],
      { start: "2027-06-15", days: 3, pace: "balanced" },
      {
        previous,
        feedback: [flag("f1", "a:tour"), flag("f2", "a:gallery")],
      },
    );
    expect(ids(allocation)).not.toContain("tour");
    expect(allocation.days[1]?.items.find((i) => i.activityId === "gallery")).toMatchObject({
      slot: "afternoon",
      locked: true,
    });
    expect(allocation.outcomes.find((o) => o.feedbackId === "f1")?.status).toBe("applied");
    expect(allocation.outcomes.find((o) => o.feedbackId === "f2")).toMatchObject({
      status: "declined",
      reason: expect.stringMatching(/locked/),
    });
  });

  it("a suggestion that suits everyone is added; one that breaks a hard no is declined with alternatives that suit everyone", () => {
    const group = [member("a", { hardNos: ["no boats"] })];
    const allocation = plan(
      group,
      { start: "2027-06-15", days: 3, pace: "packed" },
      {
        feedback: [suggest("s1", "castle"), suggest("s2", "cruise")],
      },
    );
    expect(ids(allocation)).toContain("castle");
    expect(allocation.outcomes.find((o) => o.feedbackId === "s1")?.status).toBe("applied");
    const declined = allocation.outcomes.find((o) => o.feedbackId === "s2");
    expect(declined?.status).toBe("declined");
    expect(declined?.reason).toMatch(/no boats/);
    expect(declined?.alternatives.length).toBeGreaterThan(0);
    expect(declined?.alternatives.map((a) => a.activityId)).not.toContain("cruise");
  });

  it("a suggestion in words is matched to an activity, or declined when nothing matches", () => {
    const allocation = plan(
      [member("a")],
      { start: "2027-06-15", days: 3, pace: "packed" },
      {
        feedback: [suggest("s1", null, "could we see the castle?"), suggest("s2", null, "bungee jumping off a bridge")],
      },
    );
    expect(ids(allocation)).toContain("castle");
    expect(allocation.outcomes.find((o) => o.feedbackId === "s1")?.status).toBe("applied");
    expect(allocation.outcomes.find((o) => o.feedbackId === "s2")).toMatchObject({ status: "declined" });
  });

  it("every feedback item ends with exactly one outcome", () => {
    const feedback = [
      flag("f1", "a:tour"),
      flag("f2", "a:missing"),
      suggest("s1", "castle"),
      suggest("s2", null, "zzz"),
    ];
    const allocation = plan(
      [member("a")],
      { start: "2027-06-15", days: 3, pace: "balanced" },
      {
        previous: previousWith([{ activityId: "tour" }]),
        feedback,
      },
    );
    for (const f of feedback) expect(allocation.outcomes.filter((o) => o.feedbackId === f.id)).toHaveLength(1);
  });
});

describe("the organizer's own items on a regeneration", () => {
  const supper: ItineraryItem = {
    key: "c:8a1d6f0e-2b7c-4e59-9f3a-5c0d1e2f3a4b",
    kind: "custom",
    activityId: null,
    title: "Supper at the Silvas'",
    description: "Bring bread.",
    area: "Your own plan",
    slot: "evening",
    startTime: "20:00",
    durationHours: 2,
    costPerPerson: 25,
    tips: [],
    source: null,
    locked: false,
  };

  it("stays on its day, in its slot, at its start, unchanged, and nothing is placed over it", () => {
    // The organizer's brunch fills day 2's morning from 09:00 to 11:00.
    const brunch: ItineraryItem = { ...supper, title: "Brunch at the Silvas'", slot: "morning", startTime: "09:00" };
    const previous = { days: [{ day: 2, items: [brunch] }] };
    const brief = { start: "2027-06-15", days: 3, pace: "balanced" } as const;
    // Without it, day 2's morning has an activity of its own.
    expect(plan([member("a")], brief).days[1]?.items.some((i) => i.slot === "morning")).toBe(true);

    const allocation = plan([member("a")], brief, { previous });
    expect(allocation.days[1]?.custom).toEqual([brunch]);
    // Balanced: one a slot, so its morning takes no other; it counts towards the day's three.
    expect(allocation.days[1]?.items.some((i) => i.slot === "morning")).toBe(false);
    expect(allocation.days[1]?.items.length).toBeLessThanOrEqual(2);
    expect(allocation.days.filter((d) => d.day !== 2).every((d) => !d.custom)).toBe(true);

    // Packed (two a slot): another may share the morning only after 11:00, and every activity
    // here takes 2 hours, more than the 11:00–12:30 left, so none does.
    const packed = plan([member("a")], { ...brief, pace: "packed" }, { previous });
    expect(packed.days[1]?.custom).toEqual([brunch]);
    expect(packed.days[1]?.items.filter((i) => i.slot === "morning" && i.start < "11:00")).toEqual([]);
  });

  it("a slot its day no longer has (day 3 is now the departure day): left out with a note, never silently", () => {
    const allocation = plan(
      [member("a")],
      { start: "2027-06-15", days: 3, pace: "balanced" },
      // Day 3 is the departure day now: it has no evening.
      { previous: { days: [{ day: 3, items: [supper] }] } },
    );
    expect(allocation.days.some((d) => d.custom?.length)).toBe(false);
    expect(allocation.notes).toContain(
      `Day 3: your own "Supper at the Silvas'" no longer fits that evening, so it was left out.`,
    );
  });
});

describe("a regeneration keeps the plan whole", () => {
  // The first plan for one member, 3 balanced days from Tue 2027-06-15 (read off the fixture):
  //   day 1 (afternoon, evening): tram (any), viewpoint (evening)
  //   day 2: museum (morning, open Tuesdays), gallery (afternoon), fado (evening)
  //   day 3 (morning, afternoon): market and castle (both in Hills)
  // Left unused and suiting everyone: cruise (afternoon, Harbour) and tour (morning).
  const brief = { start: "2027-06-15", days: 3, pace: "balanced" as const };
  const asPrevious = (allocation: ReturnType<typeof plan>) => ({
    days: allocation.days.map((d) => ({
      day: d.day,
      items: d.items.map(
        (p): ItineraryItem => ({
          key: `a:${p.activityId}`,
          kind: "activity",
          activityId: p.activityId,
          title: TOWN.activities.find((a) => a.id === p.activityId)?.title ?? p.activityId,
          description: "",
          area: "Old Town",
          slot: p.slot,
          startTime: p.start,
          durationHours: 2,
          costPerPerson: 0,
          tips: [],
          source: null,
          locked: false,
        }),
      ),
    })),
  });
  const flagOn = (itemKey: string): FeedbackInput => ({
    id: "f1",
    memberId: "a",
    kind: "flag",
    itemKey,
    reason: "not-my-thing",
    text: "",
    suggestedActivityId: null,
  });
  const slotsAndIds = (a: ReturnType<typeof plan>) =>
    a.days.map((d) => d.items.map((i) => `${i.slot}:${i.activityId}`));

  it("a flagged item is replaced by the best eligible alternative in its part of the day; the other days stay as they were", () => {
    const first = plan([member("a")], brief);
    expect(slotsAndIds(first)).toEqual([
      ["afternoon:tram", "evening:viewpoint"],
      ["morning:museum", "afternoon:gallery", "evening:fado"],
      ["morning:market", "afternoon:castle"],
    ]);
    const again = plan([member("a")], brief, { previous: asPrevious(first), feedback: [flagOn("a:gallery")] });
    // The gallery's afternoon on day 2 goes to the one unused afternoon activity, the cruise;
    // day 3's castle stays on day 3 (it is not taken as filler for day 2).
    expect(slotsAndIds(again)).toEqual([
      ["afternoon:tram", "evening:viewpoint"],
      ["morning:museum", "afternoon:cruise", "evening:fado"],
      ["morning:market", "afternoon:castle"],
    ]);
    // The pace is kept: 2 + 3 + 2 activities, as before; nothing is left free.
    expect(again.days.map((d) => d.free ?? [])).toEqual([[], [], []]);
    expect(again.outcomes[0]?.reason).toBe('Removed "gallery"; Harbour cruise takes its place.');
  });

  it("a part of a day is left free only when nothing eligible fits it, and says why", () => {
    const first = plan([member("a")], brief);
    // Flag the gallery and (once the cruise has taken its place) the cruise too: no afternoon
    // activity is left unused that suits everyone (tram is on day 1, castle on day 3).
    const once = plan([member("a")], brief, { previous: asPrevious(first), feedback: [flagOn("a:gallery")] });
    const twice = plan([member("a")], brief, {
      previous: asPrevious(once),
      feedback: [{ ...flagOn("a:cruise"), id: "f2" }],
      flags: [{ id: "f1", memberId: "a", itemKey: "a:gallery", reason: "not-my-thing", text: "" }],
    });
    expect(slotsAndIds(twice)[1]).toEqual(["morning:museum", "evening:fado"]);
    expect(twice.days[1]?.free).toEqual(["afternoon"]);
    expect(twice.days[1]?.freeWhy).toEqual([
      { slot: "afternoon", reason: "Nothing else here suits everyone this afternoon." },
    ]);
  });

  it("a suggestion is accepted while a day has a free part", () => {
    const first = plan([member("a")], brief);
    // The organizer took the castle out by hand: day 3's afternoon is free.
    const previous = asPrevious(first);
    const day3 = previous.days[2];
    if (!day3) throw new Error("no day 3");
    day3.items = day3.items.filter((i) => i.activityId !== "castle");
    const again = plan([member("a")], brief, {
      previous: { ...previous, removedByHand: ["castle"] },
      feedback: [
        {
          id: "s1",
          memberId: "a",
          kind: "suggestion",
          itemKey: null,
          reason: null,
          text: "",
          suggestedActivityId: "cruise",
        },
      ],
    });
    // Days 1 and 2 hold an afternoon activity each (one a slot at a balanced pace): the cruise
    // (an afternoon activity) goes in day 3's free afternoon.
    expect(again.outcomes).toEqual([
      { feedbackId: "s1", status: "applied", reason: "Added: Harbour cruise on day 3.", alternatives: [] },
    ]);
    expect(slotsAndIds(again)[2]).toEqual(["morning:market", "afternoon:cruise"]);
  });

  it("a member's suggestion outranks the planner's own picks when no day has room for it", () => {
    const first = plan([member("a")], brief);
    // Every afternoon is taken (tram, gallery, castle: one a part of the day at a balanced pace),
    // so the cruise (afternoon only) has no free part to go in. It is what a member asked for, and
    // the planner's own picks aren't: it takes day 1's afternoon, the first it fits; the tram it
    // displaces has nowhere else to go (days 2 and 3 keep theirs, full). Day 1 keeps its shape:
    // two activities, nothing free.
    const again = plan([member("a")], brief, {
      previous: asPrevious(first),
      feedback: [
        {
          id: "s1",
          memberId: "a",
          kind: "suggestion",
          itemKey: null,
          reason: null,
          text: "",
          suggestedActivityId: "cruise",
        },
      ],
    });
    expect(again.outcomes).toEqual([
      { feedbackId: "s1", status: "applied", reason: "Added: Harbour cruise on day 1.", alternatives: [] },
    ]);
    expect(slotsAndIds(again)).toEqual([
      ["afternoon:cruise", "evening:viewpoint"],
      ["morning:museum", "afternoon:gallery", "evening:fado"],
      ["morning:market", "afternoon:castle"],
    ]);
    expect(again.days.map((d) => d.free ?? [])).toEqual([[], [], []]);
  });
});

describe("a packed plan stays whole under feedback", () => {
  // Everything in one spot of the old town (legs of 1 minute), always open, free of charge, for one
  // member with no needs: what decides is only the parts of the day, the pace and the clock.
  // Starts are in 5-minute steps, rounded up (a stop after a 1-minute walk from 15:30 starts 15:35).
  // A packed part of the day holds two activities; a packed day four.
  const PACKTON = destination("packton", "Packton", "PT", {
    activities: [
      activity("alpha", 0, { bestTime: "morning" }),
      activity("bravo", 0, { bestTime: "afternoon" }),
      activity("charlie", 0, { bestTime: "morning" }),
      activity("delta", 0, { bestTime: "afternoon", durationHours: 1.5 }),
      activity("echo", 0, { bestTime: "morning" }),
      activity("foxtrot", 0, { bestTime: "afternoon" }),
      activity("golf", 0, { bestTime: "afternoon" }),
      activity("hotel", 0, { bestTime: "evening" }),
      activity("india", 0, { bestTime: "afternoon", durationHours: 1.5 }),
      // 4 hours from the morning: longer than the morning (09:00–12:30), so it runs on into the afternoon.
      activity("daytrip", 0, { bestTime: "morning", durationHours: 4 }),
      activity("kilo", 0, { bestTime: "afternoon", durationHours: 3.5 }),
    ],
    meals: [meal("cafe", 15, { meals: ["lunch"] }), meal("bistro", 30, { meals: ["dinner"] })],
  });
  const item = (day: number, activityId: string, slot: Slot, startTime: string) => ({
    day,
    item: {
      key: `a:${activityId}`,
      kind: "activity" as const,
      activityId,
      title: activityId,
      description: "",
      area: "Old Town",
      slot,
      startTime,
      durationHours: PACKTON.activities.find((a) => a.id === activityId)?.durationHours ?? 2,
      costPerPerson: 0,
      tips: [],
      source: null,
      locked: false,
    },
  });
  const previousOf = (days: number, entries: ReturnType<typeof item>[]) => ({
    days: Array.from({ length: days }, (_, i) => ({
      day: i + 1,
      items: entries.filter((e) => e.day === i + 1).map((e) => e.item),
    })),
  });
  const flag = (id: string, itemKey: string): FeedbackInput => ({
    id,
    memberId: "a",
    kind: "flag",
    itemKey,
    reason: "not-my-thing",
    text: "",
    suggestedActivityId: null,
  });
  const regenerate = (
    pace: "balanced" | "packed",
    days: number,
    previous: ReturnType<typeof previousOf>,
    feedback: FeedbackInput[],
    activities: string[] = PACKTON.activities.map((a) => a.id),
  ) =>
    allocate({
      facts: { ...PACKTON, activities: PACKTON.activities.filter((a) => activities.includes(a.id)) },
      members: [member("a")],
      brief: { start: "2027-06-15", nights: days - 1, days, pace },
      taste: { liked: [], disliked: [] },
      previous,
      feedback,
      flags: [],
      groupTier: "midrange",
    });
  const shape = (a: ReturnType<typeof regenerate>) =>
    a.days.map((d) => d.items.map((i) => `${i.slot}:${i.activityId}@${i.start}`));

  it("the pace is kept: an eligible activity isn't held back for a later day that keeps its own", () => {
    // Three packed days (Tue 15 – Thu 17 June 2027) as the group had them:
    //   day 1 (afternoon, evening): golf and india (afternoon), hotel (evening) — its afternoon is full (2);
    //   day 2: alpha (morning), bravo (afternoon);  day 3 (morning, afternoon): echo, foxtrot.
    // Unused: charlie (morning), delta (afternoon); daytrip is left out of this town.
    const previous = previousOf(3, [
      item(1, "golf", "afternoon", "13:30"),
      item(1, "india", "afternoon", "15:35"),
      item(1, "hotel", "evening", "20:00"),
      item(2, "alpha", "morning", "09:00"),
      item(2, "bravo", "afternoon", "13:30"),
      item(3, "echo", "morning", "09:00"),
      item(3, "foxtrot", "afternoon", "13:30"),
    ]);
    const again = regenerate(
      "packed",
      3,
      previous,
      [flag("f1", "a:alpha")],
      PACKTON.activities.map((a) => a.id).filter((id) => id !== "daytrip"),
    );
    // Day 2 keeps bravo; alpha's morning goes to the one unused morning activity, charlie (09:00).
    // Day 2 may hold 4; the days left (2 and 3) hold 3 kept + 2 unused = 5, an even share of 3 for
    // day 2, so delta (1 h 30) joins bravo in the afternoon: bravo 13:30–15:30, a 1-minute walk,
    // delta 15:35–17:05, inside the afternoon (ends 17:30). Day 1 keeps golf 13:30–15:30, india
    // 15:35–17:05, dinner 18:30–20:00, hotel 20:05. Day 3 keeps its two. Nothing eligible is left
    // out: 3 + 3 + 2 activities.
    expect(shape(again)).toEqual([
      ["afternoon:golf@13:30", "afternoon:india@15:35", "evening:hotel@20:05"],
      ["morning:charlie@09:00", "afternoon:bravo@13:30", "afternoon:delta@15:35"],
      ["morning:echo@09:00", "afternoon:foxtrot@13:30"],
    ]);
    expect(again.days.map((d) => d.free ?? [])).toEqual([[], [], []]);
    expect(again.outcomes).toEqual([
      { feedbackId: "f1", status: "applied", reason: 'Removed "alpha"; charlie takes its place.', alternatives: [] },
    ]);
  });

  it("a long item spanning two parts takes a flagged morning's place when the clock leaves room in the afternoon", () => {
    // A one-day trip (all three parts, lunch and dinner): alpha in the morning, bravo (2 h) in the
    // afternoon; alpha is flagged and the only other morning activity is the 4-hour daytrip.
    const previous = previousOf(1, [item(1, "alpha", "morning", "09:00"), item(1, "bravo", "afternoon", "13:30")]);
    // Times: daytrip 09:00–13:00, a 1-minute walk to the cafe, lunch 13:05–14:05, a 1-minute walk,
    // bravo 14:10–16:10 (the afternoon ends 17:30); dinner 18:30–20:00, then hotel at 20:05.
    // Only where an item starts counts against a part: the afternoon's one start is bravo's, so the
    // same day comes out at a packed pace (two a part) and a balanced one (one a part).
    for (const pace of ["packed", "balanced"] as const) {
      const again = regenerate(pace, 1, previous, [flag("f1", "a:alpha")], ["alpha", "bravo", "daytrip", "hotel"]);
      expect(shape(again)).toEqual([["morning:daytrip@09:00", "afternoon:bravo@14:10", "evening:hotel@20:05"]]);
      expect(again.days[0]?.meals.map((m) => `${m.meal}:${m.mealId}@${m.time}`)).toEqual([
        "lunch:cafe@13:05",
        "dinner:bistro@18:30",
      ]);
      expect(again.days[0]?.free).toEqual([]);
      expect(again.outcomes[0]?.reason).toBe('Removed "alpha"; daytrip takes its place.');
    }
    // With kilo (3 h 30) in the afternoon instead, the clock has no room: kilo would run
    // 14:10–17:40, past the afternoon's 17:30. The morning is left free, saying why.
    const long = previousOf(1, [item(1, "alpha", "morning", "09:00"), item(1, "kilo", "afternoon", "13:30")]);
    const free = regenerate("packed", 1, long, [flag("f1", "a:alpha")], ["alpha", "kilo", "daytrip", "hotel"]);
    expect(shape(free)).toEqual([["afternoon:kilo@13:30", "evening:hotel@20:05"]]);
    expect(free.days[0]?.freeWhy).toEqual([
      {
        slot: "morning",
        reason:
          "Nothing else that suits everyone is open this morning, or fits around the day's other stops and travel.",
      },
    ]);
  });
});

describe("no nightlife", () => {
  it("a member's 'no nightlife' keeps Mexico City's late lucha libre bout (and every evening the facts call nightlife) out of the plan", () => {
    const city = factsFor("mexico-city");
    if (!city) throw new Error("no facts");
    // Lucha libre at Arena México: evening, vibes culture and nightlife, keywords with "late night"
    // (Tuesdays, Fridays and Sundays; 2027-06-15 is a Tuesday, and the 5 days include a Friday and a Sunday).
    const lucha = city.activities.find((a) => a.id === "lucha-libre-arena-mexico");
    expect(lucha?.vibes).toContain("nightlife");
    const planFor = (m: ReturnType<typeof member>) =>
      allocate({
        facts: city,
        members: [m],
        brief: { start: "2027-06-15", nights: 4, days: 5, pace: "packed" },
        taste: { liked: ["nightlife"], disliked: [] },
        previous: null,
        feedback: [],
        groupTier: "midrange",
      });
    const nightly = new Set(
      city.activities.filter((a) => a.bestTime === "evening" && a.vibes.includes("nightlife")).map((a) => a.id),
    );
    const placed = (a: ReturnType<typeof planFor>) => a.days.flatMap((d) => d.items.map((i) => i.activityId));
    // Liking nightlife, a member with no such rule gets some of those evenings…
    expect(placed(planFor(member("a", { origin: "Chicago" }))).filter((id) => nightly.has(id)).length).toBeGreaterThan(
      0,
    );
    // …one who ruled it out, by a hard no or in their notes, gets none of them.
    for (const said of [{ hardNos: ["no nightlife"] }, { notes: "I hate nightlife." }]) {
      expect(placed(planFor(member("b", { origin: "Chicago", ...said }))).filter((id) => nightly.has(id))).toEqual([]);
    }
  });
});
