import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { dayLimitsOf } from "@/lib/planning/day-limits";
import { dayRoute } from "@/lib/planning/day-route";
import { allocate, startInDay } from "@/lib/planning/itinerary-allocation";
import type { ItineraryDay, ItineraryItem } from "@/lib/schemas/itinerary";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { activity, destination, meal } from "@/test/made-up-destination";

/**
 * Members' own limits in the planner, on a made-up town whose every activity is known:
 * all activities and meals sit in the Old Town (38.72, -9.14) except "faraway", 0.27° of
 * latitude north (30 km in a straight line: 39 km by road, a drive of 10 + 39/50·60 ≈ 55
 * minutes). 2027-06-15 is a Tuesday; nothing has opening hours.
 */
const FAR = { lat: 38.99, lon: -9.14 };
const TOWN = destination("clockton", "Clockton", "PT", {
  activities: [
    activity("tour", 10, { bestTime: "morning", durationHours: 2 }),
    activity("long-tour", 10, { bestTime: "morning", durationHours: 3 }),
    activity("gallery", 10, { bestTime: "afternoon", keywords: ["gallery"], title: "City gallery" }),
    activity("history-museum", 10, { bestTime: "afternoon", keywords: ["museum"], title: "History museum" }),
    activity("castle", 10, { bestTime: "afternoon", keywords: ["castle"], title: "Castle" }),
    activity("garden", 10, { bestTime: "afternoon", title: "Garden" }),
    activity("jazz", 10, { bestTime: "evening", durationHours: 2 }),
    activity("sunset", 10, { bestTime: "evening", durationHours: 1 }),
    activity("faraway", 10, { bestTime: "morning", durationHours: 2, coordinates: FAR }),
  ],
  meals: [meal("cafe", 15, { meals: ["lunch"] }), meal("bistro", 30, { meals: ["dinner"] })],
});

const member = (id: string, overrides: Partial<MemberPreferences> = {}) =>
  memberConstraints({ id, name: id, preferences: { ...emptyPreferences(), origin: "Lisbon", ...overrides } });

function plan(
  members: ReturnType<typeof member>[],
  days: number,
  previous: { days: { day: number; items: ItineraryItem[] }[] } | null = null,
  feedback: Parameters<typeof allocate>[0]["feedback"] = [],
) {
  return allocate({
    facts: TOWN,
    members,
    brief: { start: "2027-06-15", nights: days - 1, days, pace: "balanced" },
    taste: { liked: [], disliked: [] },
    previous,
    feedback,
    groupTier: "midrange",
  });
}
/** An allocated day as a planned day (titles and prices aside), to run the day route over it. */
function asDay(d: ReturnType<typeof plan>["days"][number]): ItineraryDay {
  return {
    day: d.day,
    date: d.date,
    title: "x",
    note: null,
    items: d.items.map((i) => ({
      key: `a:${i.activityId}`,
      kind: "activity" as const,
      activityId: i.activityId,
      title: i.activityId,
      description: "",
      area: "",
      slot: i.slot,
      startTime: i.start,
      durationHours: duration(i.activityId),
      costPerPerson: 0,
      tips: [],
      source: null,
      locked: false,
    })),
    meals: d.meals.map((m) => ({
      key: `m:${m.mealId}`,
      mealId: m.mealId,
      name: m.mealId,
      meal: m.meal,
      time: m.time,
      area: "",
      cuisine: "",
      typicalCostPerPerson: 0,
      source: { title: "x", url: "https://example.org" },
    })),
  };
}
const placed = (a: ReturnType<typeof plan>) =>
  a.days.flatMap((d) => d.items.map((i) => ({ day: d.day, id: i.activityId, start: i.start })));
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
const duration = (id: string) => TOWN.activities.find((a) => a.id === id)?.durationHours ?? 0;

describe("time-of-day limits in the planner", () => {
  it('"nothing before 10am" (a hard no) and "back by 9pm" (notes): every activity starts at 10:00 or later and ends by 21:00', () => {
    const free = placed(plan([member("ana"), member("ben")], 3));
    // Without limits the morning starts at 09:00 and the two-hour jazz runs 20:00–22:00.
    expect(free.find((p) => p.id === "tour" || p.id === "long-tour")?.start).toBe("09:00");
    expect(free.some((p) => p.id === "jazz")).toBe(true);

    const limited = placed(
      plan([member("ana", { hardNos: ["nothing before 10am"] }), member("ben", { notes: "back by 9pm please" })], 3),
    );
    for (const p of limited) {
      expect(minutesOf(p.start)).toBeGreaterThanOrEqual(600);
      expect(minutesOf(p.start) + duration(p.id) * 60).toBeLessThanOrEqual(1260);
    }
    // The two-hour tour now runs 10:00–12:00; the three-hour one no longer fits a morning ending 12:30;
    // the evening holds only the one-hour sunset (20:00–21:00).
    expect(limited.find((p) => p.id === "tour")?.start).toBe("10:00");
    expect(limited.some((p) => p.id === "long-tour" || p.id === "jazz")).toBe(false);
    expect(limited.find((p) => p.id === "sunset")?.start).toBe("20:00");
  });

  it("a limit added after the plan exists: the next version moves the kept and the locked items instead of failing", () => {
    const item = (id: string, locked: boolean): ItineraryItem => ({
      key: `a:${id}`,
      kind: "activity",
      activityId: id,
      title: id,
      description: "",
      area: "Old Town",
      slot: "morning",
      startTime: "09:00",
      durationHours: duration(id),
      costPerPerson: 10,
      tips: [],
      source: null,
      locked,
    });
    const previous = {
      days: [
        { day: 2, items: [item("tour", true)] },
        { day: 3, items: [item("faraway", false)] },
      ],
    };
    const next = placed(plan([member("ana", { hardNos: ["no early starts"] })], 3, previous));
    expect(next.find((p) => p.id === "tour")).toEqual({ day: 2, id: "tour", start: "10:00" });
    expect(next.find((p) => p.id === "faraway")).toEqual({ day: 3, id: "faraway", start: "10:00" });
  });
});

describe("a hand edit under members' times of day", () => {
  it("an activity added to an empty morning starts at 10:00 for a member who said nothing before 10am (09:00 otherwise)", () => {
    const day = { day: 2, date: "2027-06-16", items: [] };
    const tour = { durationHours: 2, hours: null };
    expect(startInDay(tour, "morning", day, 3)).toBe("09:00");
    const limits = dayLimitsOf([member("ana", { hardNos: ["nothing before 10am"] })]);
    expect(startInDay(tour, "morning", day, 3, limits)).toBe("10:00");
    // A three-hour visit would end at 13:00, past the morning's 12:30: no room.
    expect(startInDay({ durationHours: 3, hours: null }, "morning", day, 3, limits)).toBeNull();
  });
});

describe("distance and pace limits in the planner", () => {
  it('"nothing more than 30 minutes away": the faraway morning (about 55 minutes from everything else) never shares a day', () => {
    const free = plan([member("ana")], 4);
    expect(placed(free).some((p) => p.id === "faraway")).toBe(true);
    const limited = plan([member("ana", { notes: "Nothing more than 30 minutes away, please." })], 4);
    for (const d of limited.days) {
      const day = asDay(d);
      for (const leg of dayRoute(day, TOWN).legs) expect(leg.minutes ?? 0).toBeLessThanOrEqual(30);
      const stops = d.items.length + d.meals.length;
      if (d.items.some((i) => i.activityId === "faraway")) expect(stops).toBe(1);
    }
  });

  it('"no long walks" (a hard no): no walk between stops over 15 minutes; the stop a 20-minute walk up the hill goes alone', () => {
    // 0.0108° north of the Old Town: 1.2 km straight, 1.56 km on foot at 4.5 km/h = 20.8 → a 20-minute walk.
    const hill = {
      ...TOWN,
      activities: [
        ...TOWN.activities.filter((a) => a.id !== "faraway"),
        activity("uphill", 0, { bestTime: "afternoon", coordinates: { lat: 38.7308, lon: -9.14 } }),
      ],
    };
    const run = (m: ReturnType<typeof member>) =>
      allocate({
        facts: hill,
        members: [m],
        brief: { start: "2027-06-15", nights: 3, days: 4, pace: "balanced" },
        taste: { liked: [], disliked: [] },
        previous: null,
        feedback: [],
        groupTier: "midrange",
      });
    const free = run(member("ana"));
    const walks = (a: ReturnType<typeof run>) =>
      a.days.flatMap((d) =>
        dayRoute(asDay(d), hill)
          .legs.filter((l) => l.mode === "walk")
          .map((l) => l.minutes ?? 0),
      );
    expect(Math.max(...walks(free))).toBe(20);
    const limited = run(member("ana", { hardNos: ["no long walks"] }));
    expect(Math.max(...walks(limited))).toBeLessThanOrEqual(15);
    for (const d of limited.days)
      if (d.items.some((i) => i.activityId === "uphill")) expect(d.items.length + d.meals.length).toBe(1);
  });

  it('"slow pace" in notes: at most two activities a day though the group chose a balanced pace (three)', () => {
    const free = plan([member("ana")], 3);
    expect(Math.max(...free.days.map((d) => d.items.length))).toBe(3);
    const slow = plan([member("ana"), member("ben", { notes: "We like a slow pace." })], 3);
    expect(Math.max(...slow.days.map((d) => d.items.length))).toBe(2);
  });
});

describe("dislikes in notes in the planner", () => {
  it('"I hate museums": no museum and no gallery on any day, yet the castle (also culture) stays in', () => {
    const free = placed(plan([member("ana")], 4)).map((p) => p.id);
    expect(free).toEqual(expect.arrayContaining(["gallery", "history-museum", "castle"]));
    const ben = placed(plan([member("ana"), member("ben", { notes: "I hate museums." })], 4)).map((p) => p.id);
    expect(ben).not.toContain("gallery");
    expect(ben).not.toContain("history-museum");
    expect(ben).toContain("castle");
  });

  it("a replacement for a flagged item is never of a kind a member's notes speak against, and a suggestion of one is declined", () => {
    const members = [member("ana"), member("ben", { notes: "Odio los museos" })];
    const first = plan(members, 3);
    const castleDay = first.days.find((d) => d.items.some((i) => i.activityId === "castle"));
    expect(castleDay).toBeDefined();
    const next = plan(
      members,
      3,
      {
        days: first.days.map((d) => ({
          day: d.day,
          items: d.items.map((i) => ({
            key: `a:${i.activityId}`,
            kind: "activity" as const,
            activityId: i.activityId,
            title: i.activityId,
            description: "",
            area: "Old Town",
            slot: i.slot,
            startTime: i.start,
            durationHours: duration(i.activityId),
            costPerPerson: 10,
            tips: [],
            source: null,
            locked: false,
          })),
        })),
      },
      [
        {
          id: "f1",
          kind: "flag",
          itemKey: "a:castle",
          text: "not for me",
          suggestedActivityId: null,
          reason: "not-my-thing",
        },
        { id: "s1", kind: "suggestion", itemKey: null, text: "History museum", suggestedActivityId: "history-museum" },
      ] as never,
    );
    const ids = placed(next).map((p) => p.id);
    expect(ids).not.toContain("castle");
    expect(ids).not.toContain("history-museum");
    expect(ids).not.toContain("gallery");
    const declined = next.outcomes.find((o) => o.feedbackId === "s1");
    expect(declined?.status).toBe("declined");
    expect(declined?.reason).toContain("museums & galleries");
  });
});
