import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import type { Itinerary, ItineraryDay, ItineraryItem } from "@/lib/schemas/itinerary";
import { planCalendar } from "./calendar";

/**
 * The calendar file read back with a real iCalendar parser (ical.js), against times
 * worked out by hand for New York, whose clocks go forward on Sunday 14 March 2027.
 */

const TRIP = "3f1e0c7a-8a53-4a8e-9a31-0d8f3b1f2c11";
const LINK = "https://trips.example.com/s/abc";
const STAMP = new Date("2026-11-20T10:00:00Z");

function item(
  key: string,
  startTime: string,
  durationHours: number,
  extra: Partial<ItineraryItem> = {},
): ItineraryItem {
  return {
    key,
    kind: "activity",
    activityId: key.slice(2),
    title: `Visit ${key.slice(2)}`,
    description: "A good place.",
    area: "Midtown",
    slot: startTime < "13:00" ? "morning" : startTime < "19:00" ? "afternoon" : "evening",
    startTime,
    durationHours,
    costPerPerson: 25,
    tips: ["Book ahead"],
    source: { title: "Official site", url: "https://example.org/venue" },
    locked: false,
    ...extra,
  };
}

function day(n: number, date: string, items: ItineraryItem[]): ItineraryDay {
  return { day: n, date, title: `Day ${n}`, items, meals: [], note: null };
}

type Plan = Pick<Itinerary, "destination" | "dates" | "days" | "weather" | "packingList">;

function plan(days: ItineraryDay[]): Plan {
  return {
    destination: { slug: "new-york", name: "New York", country: "United States", timezone: "America/New_York" },
    dates: { start: "2027-03-13", end: "2027-03-15", nights: 2, days: 3 },
    days,
    weather: { note: "Cool, around 8 °C by day.", basis: "March normals" },
    packingList: ["Warm jacket", "Umbrella"],
  };
}

const V1 = plan([
  day(1, "2027-03-13", [item("a:museum", "09:00", 2.5)]),
  day(2, "2027-03-14", [item("a:park", "13:30", 2)]),
  day(3, "2027-03-15", [item("a:museum-2", "09:00", 1), item("a:jazz", "23:00", 2)]),
]);

type Parsed = { uid: string; sequence: number; summary: string; start: ICAL.Time; end: ICAL.Time; event: ICAL.Event };

function parse(ics: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      event,
    };
  });
}

/** Each version with the catalog's facts of its destination. */
const versions = (history: Plan[]) => history.map((plan) => ({ plan, facts: factsFor(plan.destination.slug) }));

const calendarOf = (...history: Plan[]) =>
  planCalendar({ tripId: TRIP, history: versions(history), link: LINK, stamp: STAMP, final: true });

describe("the plan as an iCalendar file", () => {
  it("has one all-day trip event and one event per activity at its local time in the destination's zone", () => {
    const events = parse(calendarOf(V1));
    expect(events).toHaveLength(5);

    const trip = events.find((e) => e.summary === "Trip to New York");
    expect(trip?.start.isDate).toBe(true);
    expect(trip?.start.toString()).toBe("2027-03-13");
    // DTEND of an all-day event is the day after the last one.
    expect(trip?.end.toString()).toBe("2027-03-16");

    const byTitle = (title: string) => {
      const found = events.find((e) => e.summary === title);
      if (!found) throw new Error(`no event ${title}`);
      return found;
    };
    const museum = byTitle("Visit museum");
    expect(museum.start.zone?.tzid).toBe("America/New_York");
    expect(museum.start.toString()).toBe("2027-03-13T09:00:00");
    expect(museum.end.toString()).toBe("2027-03-13T11:30:00");
    // 09:00 EST (UTC−5) on the Saturday; 09:00 EDT (UTC−4) on the Monday after the change.
    expect(museum.start.toJSDate().toISOString()).toBe("2027-03-13T14:00:00.000Z");
    expect(byTitle("Visit museum-2").start.toJSDate().toISOString()).toBe("2027-03-15T13:00:00.000Z");
    // 13:30 on the day the clocks change is already EDT.
    expect(byTitle("Visit park").start.toJSDate().toISOString()).toBe("2027-03-14T17:30:00.000Z");
    // A late evening runs past midnight into the next day.
    const jazz = byTitle("Visit jazz");
    expect(jazz.end.toString()).toBe("2027-03-16T01:00:00");

    expect(museum.event.location).toBe("Midtown, New York, United States");
    expect(museum.event.description).toContain("Cost: $25 per person");
    expect(museum.event.description).toContain("Tip: Book ahead");
    expect(museum.event.description).toContain(LINK);
    expect(museum.event.component.getFirstPropertyValue("url")).toBe(LINK);
    expect(museum.event.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
  });

  it("keeps UIDs across exports and versions, and counts each event's changes in SEQUENCE", () => {
    const once = calendarOf(V1);
    expect(calendarOf(V1)).toBe(once);
    const first = parse(once);
    expect(new Set(first.map((e) => e.uid)).size).toBe(5);
    expect(first.every((e) => e.sequence === 0)).toBe(true);

    // Version 2 moves the park to the morning and drops the jazz; version 3 brings the jazz back unchanged.
    const v2 = plan([
      V1.days[0] as ItineraryDay,
      day(2, "2027-03-14", [item("a:park", "10:00", 2)]),
      day(3, "2027-03-15", [item("a:museum-2", "09:00", 1)]),
    ]);
    const v3 = plan([...v2.days.slice(0, 2), V1.days[2] as ItineraryDay]);
    const second = parse(calendarOf(V1, v2));
    const third = parse(calendarOf(V1, v2, v3));
    const seq = (events: Parsed[], title: string) => events.find((e) => e.summary === title)?.sequence;
    const uid = (events: Parsed[], title: string) => events.find((e) => e.summary === title)?.uid;

    expect(uid(second, "Visit park")).toBe(uid(first, "Visit park"));
    expect(seq(second, "Visit park")).toBe(1);
    expect(seq(second, "Visit museum")).toBe(0);
    expect(second.some((e) => e.summary === "Visit jazz")).toBe(false);
    expect(seq(third, "Visit jazz")).toBe(0);
    expect(uid(third, "Visit jazz")).toBe(uid(first, "Visit jazz"));
    expect(seq(third, "Visit park")).toBe(1);

    // Restoring version 1 is another change to the park.
    expect(seq(parse(calendarOf(V1, v2, v3, V1)), "Visit park")).toBe(2);
  });

  it("marks a draft plan's events tentative", () => {
    const ics = planCalendar({ tripId: TRIP, history: versions([V1]), link: LINK, stamp: STAMP, final: false });
    expect(parse(ics).every((e) => e.event.component.getFirstPropertyValue("status") === "TENTATIVE")).toBe(true);
  });
});

describe("where each event is", () => {
  it("gives a catalog venue its coordinates (GEO) beside the area, and the organizer's own item none", () => {
    const lisbon = {
      ...plan([
        day(1, "2027-03-13", [
          item("a:sao-jorge-castle", "09:00", 2, { title: "São Jorge Castle", area: "Alfama & Graça" }),
          item("c:own-1", "13:30", 2, {
            kind: "custom",
            activityId: null,
            title: "Lunch with Rita",
            area: "Your own plan",
          }),
        ]),
        day(2, "2027-03-14", []),
        day(3, "2027-03-15", []),
      ]),
      destination: { slug: "lisbon", name: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
    };
    const events = parse(calendarOf(lisbon));
    const castle = events.find((e) => e.summary === "São Jorge Castle");
    // The castle's coordinates in the Lisbon catalog.
    expect(castle?.event.component.getFirstPropertyValue("geo")).toEqual([38.7139, -9.1335]);
    expect(castle?.event.location).toBe("Alfama & Graça, Lisbon, Portugal");
    const own = events.find((e) => e.summary === "Lunch with Rita");
    expect(own?.event.component.getFirstPropertyValue("geo")).toBeNull();
    // New York isn't in the catalog under "new-york": the events above have no GEO.
    expect(parse(calendarOf(V1)).every((e) => e.event.component.getFirstPropertyValue("geo") === null)).toBe(true);
  });
});

describe("meals in the calendar", () => {
  it("has each meal at the plan's own time, from start to end, next to the activities it fits between", () => {
    // Day 2: the park 10:00–12:00, lunch at 12:15 for 60 minutes (to 13:15), dinner at 19:10
    // for 90 minutes (to 20:40), in New York's time: EDT (UTC−4) on Sunday 14 March 2027.
    const withMeals = plan([
      V1.days[0] as ItineraryDay,
      {
        ...day(2, "2027-03-14", [item("a:park", "10:00", 2)]),
        meals: [
          {
            key: "m:deli:2:lunch",
            mealId: "deli",
            name: "The Deli",
            meal: "lunch",
            time: "12:15",
            area: "Midtown",
            cuisine: "Sandwiches",
            typicalCostPerPerson: 18,
            source: { title: "The Deli", url: "https://example.org/deli" },
          },
          {
            key: "m:bistro:2:dinner",
            mealId: "bistro",
            name: "Bistro",
            meal: "dinner",
            time: "19:10",
            area: "Chelsea",
            cuisine: "French",
            typicalCostPerPerson: 45,
            source: { title: "Bistro", url: "https://example.org/bistro" },
          },
        ],
      },
      V1.days[2] as ItineraryDay,
    ]);
    const events = parse(calendarOf(withMeals));
    expect(events).toHaveLength(7);
    const lunch = events.find((e) => e.summary === "Lunch at The Deli");
    expect(lunch?.start.toString()).toBe("2027-03-14T12:15:00");
    expect(lunch?.end.toString()).toBe("2027-03-14T13:15:00");
    expect(lunch?.start.toJSDate().toISOString()).toBe("2027-03-14T16:15:00.000Z");
    const dinner = events.find((e) => e.summary === "Dinner at Bistro");
    expect(dinner?.start.toString()).toBe("2027-03-14T19:10:00");
    expect(dinner?.end.toString()).toBe("2027-03-14T20:40:00");
    expect(dinner?.event.location).toBe("Chelsea, New York, United States");
    expect(dinner?.event.description).toContain("about $45 a person");
  });
});
