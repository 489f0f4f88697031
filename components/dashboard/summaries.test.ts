import { describe, expect, it } from "vitest";
import { budgetSummary, conflictsSummary, datesSummary, needsSummary, vibesSummary } from "./summaries";

/** Collapsed sections say what's inside in one line; written by hand from the group's figures. */
describe("section summaries", () => {
  const window = (start: string, end: string, availableIds: string[]) => ({
    start,
    end,
    days: 5,
    availableIds,
    missingIds: [],
  });
  const dates = {
    status: "partial" as const,
    overlapWindows: [],
    best: { ...window("2027-06-12", "2027-06-16", ["a", "b", "c"]), widen: [] },
    calendar: null,
    flexibleIds: [],
    decided: null,
  };

  it("dates: a full overlap, the best partial window, a decision", () => {
    expect(datesSummary({ ...dates, overlapWindows: [window("2027-06-12", "2027-06-16", [])] }, 4)).toBe(
      "Everyone can go Jun 12–16.",
    );
    expect(datesSummary(dates, 4)).toBe("No dates suit everyone; 3 of 4 can go Jun 12–16.");
    expect(datesSummary({ ...dates, decided: window("2027-06-13", "2027-06-16", []) }, 4)).toBe("Decided: Jun 13–16.");
  });

  it("budget, vibes, needs and conflicts", () => {
    const budget = {
      status: "ok" as const,
      low: 1200,
      high: 1500,
      hardCap: null,
      highestMinMemberId: null,
      lowestMaxMemberId: null,
      ranges: [],
      flexibleIds: [],
    };
    expect(budgetSummary(budget)).toBe("$1,200–$1,500 per person suits everyone.");
    expect(budgetSummary({ ...budget, status: "conflict" })).toBe("No budget suits everyone yet.");
    expect(vibesSummary({ counts: [], choosers: 0, shared: ["food", "culture"], popular: [] })).toBe(
      "Everyone likes food and culture.",
    );
    const v = (value: string) => ({ value, count: 1, memberIds: [] });
    expect(
      needsSummary({ dietary: [v("vegan") as never], accessibility: [], hardNos: [v("a"), v("b")], mustHaves: [] }),
    ).toBe("1 need and 2 hard no's every plan respects.");
    expect(
      conflictsSummary([
        { kind: "dates", severity: "high", summary: "", memberIds: [], suggestedResolutions: [] },
        { kind: "trip-length", severity: "low", summary: "", memberIds: [], suggestedResolutions: [] },
      ]),
    ).toBe("2 conflicts: dates and trip length.");
  });
});
