import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { allocate } from "@/lib/planning/itinerary-allocation";
import { timetable } from "@/lib/planning/schedule";
import { ItineraryItem, MealStop } from "@/lib/schemas/itinerary";
import { emptyPreferences, MemberPreferences } from "@/lib/schemas/preferences";
import { activity, destination, meal } from "@/test/made-up-destination";

/**
 * Days a person can live, with every time worked out by hand. Venues at the same point are
 * the 1-minute minimum walk apart; starts move in 5-minute steps; lunch is planned from 12:00
 * for 60 minutes (starting by 14:30), dinner from 18:30 for 90 minutes (starting by 21:30).
 * 15 June 2027 is a Tuesday.
 */

const member = (pace: "relaxed" | "balanced" | "packed" = "balanced") =>
  memberConstraints({
    id: "m0",
    name: "Member 0",
    preferences: MemberPreferences.parse({ ...emptyPreferences(), dates: { flexible: true, windows: [] }, pace }),
  });

function planOneDay(facts: ReturnType<typeof destination>) {
  return allocate({
    facts,
    members: [member()],
    brief: { start: "2027-06-15", nights: 0, days: 1, pace: "balanced" },
    taste: { liked: [], disliked: [] },
    previous: null,
    feedback: [],
    groupTier: "midrange",
  }).days[0];
}

describe("meals fit between activities", () => {
  it("a cooking class 10:00–14:00 puts lunch after it (14:05), never during it", () => {
    // The class opens at 10:00 and takes 4 hours (longer than the morning, so it runs into the
    // afternoon): 10:00–14:00. Lunch: ready at 14:00 + 1 min walk → 14:05–15:05. Dinner from
    // 18:30 (its usual earliest) to 20:00; the night show: 20:00 + 1 min → 20:05.
    const town = destination("classville", "Classville", "PT", {
      activities: [
        activity("cooking-class", 50, { durationHours: 4, hours: { open: "10:00", close: "18:00", closedOn: [] } }),
        activity("night-show", 20, { bestTime: "evening" }),
      ],
      meals: [meal("cafe", 15, { meals: ["lunch"] }), meal("bistro", 30, { meals: ["dinner"] })],
    });
    const day = planOneDay(town);
    expect(day?.items.map((i) => [i.activityId, i.start])).toEqual([
      ["cooking-class", "10:00"],
      ["night-show", "20:05"],
    ]);
    expect(day?.meals).toEqual([
      { meal: "lunch", mealId: "cafe", time: "14:05" },
      { meal: "dinner", mealId: "bistro", time: "18:30" },
    ]);
    // The class fills the afternoon too, dinner the evening: nothing is left free.
    expect(day?.free).toEqual([]);
  });

  it("stops 33 km apart get the hour's drive between them", () => {
    // The lake is 0.30° of latitude north: 0.30 × 111.195 = 33.36 km in a straight line, over
    // 25 km so by car or train; × 1.3 = 43.37 km of road; 10 + 43.37 / 50 × 60 = 62.0 min → 60.
    // Morning walk 09:00–11:00; lunch 12:00–13:00 next to it; the lake: 13:00 + 60 = 14:00–16:00;
    // dinner back in town: 16:00 + 60 = 17:00, so at its usual 18:30.
    const town = destination("lakeville", "Lakeville", "PT", {
      activities: [
        activity("old-town-walk", 0),
        activity("lake-visit", 0, { bestTime: "afternoon", coordinates: { lat: 39.02, lon: -9.14 } }),
      ],
      meals: [meal("cafe", 15, { meals: ["lunch"] }), meal("bistro", 30, { meals: ["dinner"] })],
    });
    const day = planOneDay(town);
    expect(day?.items.map((i) => [i.activityId, i.start])).toEqual([
      ["old-town-walk", "09:00"],
      ["lake-visit", "14:00"],
    ]);
    expect(day?.meals.map((m) => [m.meal, m.time])).toEqual([
      ["lunch", "12:00"],
      ["dinner", "18:30"],
    ]);
  });
});

describe("the timetable", () => {
  it("starts each stop after the one before plus the way there, on the 5-minute step, and keeps a fixed start", () => {
    // A 09:00–11:00 (120 min); B needs 20 min from A: ready 11:20; C is fixed at 13:00 and B
    // (60 min, 11:20–12:20) plus 30 min to C = 12:50 leaves room.
    const legs: Record<string, number> = { "a>b": 20, "b>c": 30 };
    const table = timetable(
      [
        { key: "a", phase: "morning", minutes: 120, earliest: 540, latest: 750, place: "a" },
        { key: "b", phase: "lunch", minutes: 60, earliest: 720 - 60, latest: 900, place: "b" },
        { key: "c", phase: "afternoon", minutes: 60, earliest: 0, latest: 1440, fixed: 780, place: "c" },
      ],
      (from, to) => legs[`${from}>${to}`] ?? 0,
    );
    expect(table).toEqual([
      { key: "a", start: 540, end: 660, travelBefore: 0 },
      { key: "b", start: 680, end: 740, travelBefore: 20 },
      { key: "c", start: 780, end: 840, travelBefore: 30 },
    ]);
    // 50 min to C: B ends 12:20 + 50 = 13:10, after C's fixed 13:00: it can't be done.
    expect(
      timetable(
        [
          { key: "a", phase: "morning", minutes: 120, earliest: 540, latest: 750, place: "a" },
          { key: "b", phase: "lunch", minutes: 60, earliest: 660, latest: 900, place: "b" },
          { key: "c", phase: "afternoon", minutes: 60, earliest: 0, latest: 1440, fixed: 780, place: "c" },
        ],
        (from, to) => (({ "a>b": 20, "b>c": 50 }) as Record<string, number>)[`${from}>${to}`] ?? 0,
      ),
    ).toBeNull();
  });
});

describe("parts of the day", () => {
  it("six activities over five days: spread so no day is empty, the rest of each day labelled free", () => {
    // At a balanced pace (3 a day) the first two days alone would take all six. Spread instead:
    // day 1 ⌈6/5⌉ = 2 (its afternoon and evening), then ⌈4/4⌉ = 1, ⌈3/3⌉ = 1, ⌈2/2⌉ = 1, ⌈1/1⌉ = 1,
    // each in the morning (the first part of a full day), so days 2–4 have a free afternoon
    // (their evening has dinner) and the departure day a free afternoon.
    const town = destination("spreadville", "Spreadville", "PT", {
      activities: ["a", "b", "c", "d", "e", "f"].map((id) => activity(`visit-${id}`, 0, { bestTime: "any" })),
      meals: [meal("eatery", 20)],
    });
    const { days } = allocate({
      facts: town,
      members: [member()],
      brief: { start: "2027-06-15", nights: 4, days: 5, pace: "balanced" },
      taste: { liked: [], disliked: [] },
      previous: null,
      feedback: [],
      groupTier: "midrange",
    });
    expect(days.map((d) => d.items.length)).toEqual([2, 1, 1, 1, 1]);
    expect(days.map((d) => d.free)).toEqual([[], ["afternoon"], ["afternoon"], ["afternoon"], ["afternoon"]]);
  });

  it("a 14-day Lisbon trip at a balanced pace has an activity on every day, and every part of a day is used or labelled free", () => {
    const lisbon = factsFor("lisbon");
    if (!lisbon) throw new Error("no Lisbon");
    const { days } = allocate({
      facts: lisbon,
      members: [member()],
      brief: { start: "2027-06-14", nights: 13, days: 14, pace: "balanced" },
      taste: { liked: [], disliked: [] },
      previous: null,
      feedback: [],
      groupTier: "midrange",
    });
    expect(days).toHaveLength(14);
    expect(days.filter((d) => d.items.length === 0).map((d) => d.day)).toEqual([]);
    for (const d of days) {
      const parts =
        d.day === 1
          ? ["afternoon", "evening"]
          : d.day === 14
            ? ["morning", "afternoon"]
            : ["morning", "afternoon", "evening"];
      for (const part of parts) {
        const used =
          d.items.some((i) => i.slot === part) ||
          (part === "evening" && d.meals.some((m) => m.meal === "dinner")) ||
          (part === "afternoon" &&
            d.items.some(
              (i) =>
                i.slot === "morning" &&
                (lisbon.activities.find((a) => a.id === i.activityId)?.durationHours ?? 0) > 3.5,
            ));
        expect(used || d.free?.includes(part as "morning"), `day ${d.day} ${part}`).toBe(true);
      }
    }
  });
});

describe("an item's end", () => {
  it("is its start plus its length, also for a plan stored before items had one", () => {
    const stored = {
      key: "a:x",
      kind: "activity",
      activityId: "x",
      title: "A visit",
      description: "",
      area: "Old Town",
      slot: "morning",
      startTime: "09:30",
      durationHours: 2.5,
      costPerPerson: 0,
      tips: [],
      source: null,
      locked: false,
    };
    expect(ItineraryItem.parse(stored).endTime).toBe("12:00");
    // A stale stored end is put right.
    expect(ItineraryItem.parse({ ...stored, endTime: "10:00" }).endTime).toBe("12:00");
    const lunch = {
      key: "m:cafe:1:lunch",
      mealId: "cafe",
      name: "Cafe",
      meal: "lunch",
      time: "13:10",
      area: "Old Town",
      cuisine: "Portuguese",
      typicalCostPerPerson: 15,
      source: { title: "Cafe", url: "https://example.org/cafe" },
    };
    expect(MealStop.parse(lunch).endTime).toBe("14:10");
    expect(MealStop.parse({ ...lunch, meal: "dinner", time: "19:45" }).endTime).toBe("21:15");
  });
});
