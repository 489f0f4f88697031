import { describe, expect, it } from "vitest";
import { daySummary, dayTitle } from "@/lib/planning/day-title";

const item = (title: string, area: string, startTime: string, kind: "activity" | "custom" = "activity") => ({
  title,
  area,
  startTime,
  kind,
});

describe("a day's title, from what it holds", () => {
  it("names the day's area and its items in time order", () => {
    // Two in the French Quarter, one in Tremé: the French Quarter; listed by start, not as given.
    expect(
      dayTitle({
        items: [
          item("Preservation Hall", "French Quarter", "20:00"),
          item("Jackson Square", "French Quarter", "09:00"),
          item("Congo Square", "Tremé", "13:30"),
        ],
        meals: [],
        note: null,
      }),
    ).toBe("French Quarter: Jackson Square, Congo Square and 1 more");
    expect(dayTitle({ items: [item("Jackson Square", "French Quarter", "09:00")], meals: [], note: null })).toBe(
      "French Quarter: Jackson Square",
    );
  });

  it("the organizer's own item is named by its title, with no area of ours", () => {
    expect(
      dayTitle({ items: [item("Dinner at Aunt Rosa's", "Your own plan", "20:00", "custom")], meals: [], note: null }),
    ).toBe("Dinner at Aunt Rosa's");
  });

  it("an empty day says it is free — never the names of what was taken out", () => {
    expect(dayTitle({ items: [], meals: [{}], note: null })).toBe("A free day");
    expect(
      dayTitle({ items: [], meals: [], note: "Rest day: nothing planned, time to rest or explore on your own." }),
    ).toBe("A rest day");
    expect(dayTitle({ items: [], meals: [], note: "Arrival day: the plan starts after lunch." })).toBe(
      "Arrival: a free evening",
    );
    expect(daySummary({ items: [], meals: [{}, {}], note: null })).toBe("A free day, 2 meals");
    expect(daySummary({ items: [item("A", "X", "09:00")], meals: [{}], note: null })).toBe("1 activity, 1 meal");
  });

  it("stays within 120 characters", () => {
    const long = "A very long activity title that goes on and on about the place".padEnd(100, ".");
    const title = dayTitle({
      items: [item(long, "Area", "09:00"), item(long, "Area", "13:30")],
      meals: [],
      note: null,
    });
    expect(title).toHaveLength(120);
    expect(title.endsWith("…")).toBe(true);
  });
});
