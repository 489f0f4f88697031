import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countOn,
  hiddenMonthsNote,
  moneyAxis,
  monthsBetween,
  monthWeeks,
  percentOn,
  shadeLevel,
  visibleMonthRange,
} from "@/components/dashboard/layout-math";

describe("calendar layout", () => {
  it("lays a month out in Monday-first weeks", () => {
    const june = monthWeeks({ year: 2026, month: 6 }); // Jun 1 2026 is a Monday
    expect(june[0]?.[0]).toBe("2026-06-01");
    expect(june.at(-1)).toEqual(["2026-06-29", "2026-06-30", null, null, null, null, null]);
    const july = monthWeeks({ year: 2026, month: 7 }); // Jul 1 2026 is a Wednesday
    expect(july[0]).toEqual([null, null, "2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04", "2026-07-05"]);
    expect(monthWeeks({ year: 2027, month: 2 })).toHaveLength(4);
  });

  it("lists every month of a span, across years", () => {
    expect(monthsBetween("2026-11-20", "2027-02-01")).toEqual([
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
      { year: 2027, month: 2 },
    ]);
  });

  it("keeps the month that matters in view when the span is long", () => {
    expect(visibleMonthRange(4, 3, 6)).toEqual({ from: 0, to: 4 });
    expect(visibleMonthRange(24, 2, 6)).toEqual({ from: 0, to: 6 });
    expect(visibleMonthRange(24, 13, 6)).toEqual({ from: 12, to: 18 });
    expect(visibleMonthRange(24, 23, 6)).toEqual({ from: 18, to: 24 });
    expect(hiddenMonthsNote([{ year: 2027, month: 1 }], 12, 9)).toBe(
      "Showing January 2027 to January 2027; 12 earlier months not shown; +9 more months.",
    );
  });

  it("reads counts by date and knows the edges", () => {
    const calendar = { start: "2026-06-30", counts: [1, 2, 3] };
    expect(countOn(calendar, "2026-07-01")).toBe(2);
    expect(countOn(calendar, "2026-06-29")).toBeNull();
    expect(countOn(calendar, "2026-07-03")).toBeNull();
  });

  it("gives a five-person group one shade per head count", () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => shadeLevel(n, 5))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(shadeLevel(3, 0)).toBe(0);
    expect(shadeLevel(7, 5)).toBe(5);
  });
});

describe("money axis", () => {
  it("covers every value with 3–5 round ticks inside", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }), (values) => {
        const axis = moneyAxis(values);
        for (const v of values) expect(v >= axis.min && v <= axis.max).toBe(true);
        expect(axis.ticks.length).toBeGreaterThanOrEqual(1);
        expect(axis.ticks.length).toBeLessThanOrEqual(5);
        for (const t of axis.ticks) expect(t >= axis.min && t <= axis.max).toBe(true);
        if (Math.max(...values) - Math.min(...values) >= 100) expect(axis.ticks.length).toBeGreaterThanOrEqual(3);
      }),
    );
  });

  it("places values as clamped percentages", () => {
    const axis = { min: 500, max: 1500, ticks: [] };
    expect(percentOn(axis, 1000)).toBe(50);
    expect(percentOn(axis, 0)).toBe(0);
    expect(percentOn(axis, 9000)).toBe(100);
  });
});
