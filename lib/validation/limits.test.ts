import { describe, expect, it } from "vitest";
import type { ItineraryDay, ItineraryItem, MealStop } from "@/lib/schemas/itinerary";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { checkLimits } from "@/lib/validation/limits";
import { viewMember } from "@/lib/validation/member-view";
import { activity, destination, meal } from "@/test/made-up-destination";

/**
 * The validator's check of members' own limits and dislikes on a plan written by hand.
 * Old Town stops sit at (38.72, -9.14); "faraway" 0.27° north: 30 km straight, 39 km by
 * road, 10 + 39/50·60 = 56.8 → about 55 minutes.
 */
const TOWN = destination("checkton", "Checkton", "PT", {
  activities: [
    activity("tour", 10, { durationHours: 2 }),
    activity("jazz", 10, { bestTime: "evening", durationHours: 2 }),
    activity("museum", 10, { keywords: ["museum"], title: "Town museum" }),
    activity("castle", 10, { keywords: ["castle"], title: "Castle" }),
    activity("faraway", 10, { coordinates: { lat: 38.99, lon: -9.14 } }),
    // 0.0108° north: 1.2 km straight, 1.56 km on foot at 4.5 km/h = 20.8 → a 20-minute walk.
    activity("uphill", 10, { coordinates: { lat: 38.7308, lon: -9.14 } }),
  ],
  meals: [meal("cafe", 15, { meals: ["lunch"] })],
});

const item = (id: string, startTime: string, extra: Partial<ItineraryItem> = {}): ItineraryItem => {
  const a = TOWN.activities.find((x) => x.id === id);
  return {
    key: `a:${id}`,
    kind: "activity",
    activityId: id,
    title: a?.title ?? id,
    description: "",
    area: "Old Town",
    slot: "morning",
    startTime,
    durationHours: a?.durationHours ?? 2,
    costPerPerson: 10,
    tips: [],
    source: null,
    locked: false,
    ...extra,
  };
};
const lunch: MealStop = {
  key: "m:cafe:2:lunch",
  mealId: "cafe",
  name: "cafe",
  meal: "lunch",
  time: "12:45",
  area: "Old Town",
  cuisine: "local",
  typicalCostPerPerson: 15,
  source: { title: "x", url: "https://example.org/cafe" },
};
const day = (items: ItineraryItem[], meals: MealStop[] = []): ItineraryDay => ({
  day: 2,
  date: "2027-06-16",
  title: "Day two",
  items,
  meals,
  note: null,
});
const ben = (overrides: Partial<MemberPreferences>) =>
  viewMember({ id: "ben", name: "Ben", preferences: { ...emptyPreferences(), origin: "Lisbon", ...overrides } });
const rules = (days: ItineraryDay[], members: ReturnType<typeof ben>[]) =>
  checkLimits({ days }, TOWN, members).map((v) => [v.rule, v.itemKey, v.message]);

describe("the validator's check of members' limits", () => {
  it('"nothing before 10am": a 09:30 start fails, a 10:00 start passes', () => {
    const m = ben({ hardNos: ["nothing before 10am"] });
    expect(rules([day([item("tour", "09:30")])], [m])).toEqual([
      ["time-limit", "a:tour", 'Day 2, "tour" starts at 09:30: Ben asked for nothing before 10:00.'],
    ]);
    expect(rules([day([item("tour", "10:00")])], [m])).toEqual([]);
  });

  it('"back by 9pm": a two-hour 20:00 start ends at 22:00 and fails; 19:00 ends at 21:00 and passes', () => {
    const m = ben({ notes: "back by 9pm" });
    expect(rules([day([item("jazz", "20:00", { slot: "evening" })])], [m])).toEqual([
      ["time-limit", "a:jazz", 'Day 2, "jazz" ends at 22:00: Ben asked to be back by 21:00.'],
    ]);
    expect(rules([day([item("jazz", "19:00", { slot: "evening" })])], [m])).toEqual([]);
  });

  it('"no more than 30 minutes away": the 55-minute leg to the faraway stop fails', () => {
    const m = ben({ notes: "no more than 30 minutes away" });
    expect(rules([day([item("tour", "09:00"), item("faraway", "13:30", { slot: "afternoon" })])], [m])).toEqual([
      ["travel-limit", "a:faraway", 'Day 2: about 55 minutes to reach "faraway": Ben asked for no more than 30.'],
    ]);
    expect(rules([day([item("tour", "09:00")], [lunch])], [m])).toEqual([]);
  });

  it('"no long walks": the 20-minute walk to the stop up the hill fails; the same stop after a 1-minute walk passes', () => {
    const m = ben({ hardNos: ["no long walks"] });
    expect(rules([day([item("tour", "09:00"), item("uphill", "13:30", { slot: "afternoon" })])], [m])).toEqual([
      ["travel-limit", "a:uphill", 'Day 2: a 20-minute walk to "uphill": Ben asked for no long walks (at most 15).'],
    ]);
    expect(rules([day([item("uphill", "13:30", { slot: "afternoon" })])], [m])).toEqual([]);
  });

  it('"slow pace": three activities in a day fail, two pass', () => {
    const m = ben({ notes: "slow pace" });
    const three = [item("tour", "09:00"), item("castle", "13:30"), item("jazz", "20:00")];
    expect(rules([day(three)], [m]).map((r) => r[0])).toEqual(["pace-limit"]);
    expect(rules([day(three.slice(0, 2))], [m])).toEqual([]);
  });

  it('"I hate museums": the museum fails, the castle passes, and a museum the organizer locked is left to the lock', () => {
    const m = ben({ notes: "I hate museums" });
    expect(rules([day([item("museum", "09:00"), item("castle", "13:30")])], [m])).toEqual([
      ["dislike", "a:museum", 'Day 2, "Town museum": Ben asked to avoid museums & galleries.'],
    ]);
    expect(rules([day([item("museum", "09:00", { locked: true })])], [m])).toEqual([]);
  });

  it("a reading the member dismissed is not checked", () => {
    const m = ben({ notes: "I hate museums", hardNos: ["nothing before 10am"], dismissedReadings: ["earliest:600"] });
    expect(rules([day([item("tour", "09:00")])], [m])).toEqual([]);
  });
});
