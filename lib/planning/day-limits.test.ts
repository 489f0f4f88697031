import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { dayBoundsOf, dayLimitsOf } from "@/lib/planning/day-limits";
import { timeDay } from "@/lib/planning/day-times";
import { allocate } from "@/lib/planning/itinerary-allocation";
import type { ItineraryItem } from "@/lib/schemas/itinerary";
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
const placed = (a: ReturnType<typeof plan>) =>
  a.days.flatMap((d) => d.items.map((i) => ({ day: d.day, id: i.activityId, start: i.start })));
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
const duration = (id: string) => TOWN.activities.find((a) => a.id === id)?.durationHours ?? 0;

describe("time-of-day limits in the planner", () => {
  it('"nothing before 10am" (a hard no) and "back by 9pm" (notes): every activity starts at 10:00 or later and ends by 21:00', () => {
    const free = placed(plan([member("ana"), member("ben")], 3));
    // Without limits the morning starts at 09:00 and the two-hour jazz runs 20:05–22:05 (after dinner's
    // 18:30–20:00, a 1-minute leg within the Old Town rounded up to the day scheduler's 5-minute steps).
    expect(free.find((p) => p.id === "tour" || p.id === "long-tour")?.start).toBe("09:00");
    expect(free.some((p) => p.id === "jazz")).toBe(true);

    const limited = placed(
      plan([member("ana", { hardNos: ["nothing before 10am"] }), member("ben", { notes: "back by 9pm please" })], 3),
    );
    for (const p of limited) {
      expect(minutesOf(p.start)).toBeGreaterThanOrEqual(600);
      expect(minutesOf(p.start) + duration(p.id) * 60).toBeLessThanOrEqual(1260);
    }
    // The two-hour tour now runs 10:00–12:00; the three-hour one no longer fits a morning ending 12:30.
    // Evenings start after dinner (18:30–20:00) and the 1-minute leg, rounded to 20:05, so even the
    // one-hour sunset would end 21:05, past 21:00: the evening holds nothing.
    expect(limited.find((p) => p.id === "tour")?.start).toBe("10:00");
    expect(limited.some((p) => ["long-tour", "jazz", "sunset"].includes(p.id ?? ""))).toBe(false);
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

describe("a day re-timed under members' times of day (as hand edits re-time it)", () => {
  const tour = TOWN.activities.find((a) => a.id === "tour");
  const longTour = TOWN.activities.find((a) => a.id === "long-tour");
  const day = (a: NonNullable<typeof tour>) => ({
    date: "2027-06-16",
    activities: [{ key: a.id, slot: "morning" as const, activity: a }],
    custom: [],
    meals: [],
  });
  it("an activity in an empty morning starts at 10:00 for a member who said nothing before 10am (09:00 otherwise)", () => {
    if (!tour || !longTour) throw new Error("made-up town changed");
    expect(timeDay(day(tour), TOWN)?.starts.get("tour")).toBe("09:00");
    const bounds = dayBoundsOf(dayLimitsOf([member("ana", { hardNos: ["nothing before 10am"] })]));
    expect(timeDay(day(tour), TOWN, bounds)?.starts.get("tour")).toBe("10:00");
    // A three-hour visit would end at 13:00, past the morning's 12:30: no room.
    expect(timeDay(day(longTour), TOWN, bounds)).toBeNull();
  });

  it("dinner ends by a member's back-by when its window has room, and keeps its window when it has none", () => {
    // The organizer's own afternoon item runs 17:00–20:45; dinner, held next to it, comes after a
    // 1-minute leg rounded up to the scheduler's 5-minute steps: 20:50 at the soonest.
    const content = (bounds?: { earliest: number; latest: number }) =>
      timeDay(
        {
          date: "2027-06-16",
          activities: [],
          custom: [{ key: "own", slot: "afternoon", startTime: "17:00", durationHours: 3.75, area: "Old Town" }],
          meals: [{ meal: "dinner", venue: null }],
        },
        TOWN,
        bounds,
      );
    expect(content()?.meals.get("dinner")).toBe("20:50");
    // Back by 22:00: a 90-minute dinner from 20:50 would end 22:20, so the day doesn't fit.
    const by10 = dayBoundsOf(dayLimitsOf([member("ana", { hardNos: ["back by 10pm"] })]));
    expect(by10.latest).toBe(22 * 60);
    expect(content(by10)).toBeNull();
    // Back by 19:00 leaves no 90 minutes of the 18:30 dinner window: dinner keeps its window (20:50).
    expect(content({ earliest: 0, latest: 19 * 60 })?.meals.get("dinner")).toBe("20:50");
  });
});
