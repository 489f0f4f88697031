import { describe, expect, it } from "vitest";
import type { DayRoute, RouteStop } from "@/lib/schemas/day-route";
import { dayMapLayout } from "./day-map";

/**
 * The day map's layout on the default 320 × 220 drawing with 22 px of margin (a frame of
 * 276 × 176 px). Worked out by hand on the equator, where a degree of longitude is
 * 111.195 km (2π · 6371 / 360) and cos(lat₀) = 1.
 */

const stop = (key: string, name: string, lon: number | null, time: string): RouteStop => ({
  key,
  kind: "activity",
  name,
  time,
  end: time,
  coordinates: lon === null ? null : { lat: 0, lon },
});
const leg = (from: string, to: string, mode: "walk" | "transit" | "drive") => ({
  from,
  to,
  mode,
  km: 1,
  minutes: 10,
  basis: "places" as const,
});

describe("a day's map layout", () => {
  // A at lon 0 and B at lon 0.02: 0.02 × 111.195 = 2.2239 km apart east–west, 0 north–south
  // (grown to the 1 km minimum, −0.5…0.5). px/km = min(276 / 2.2239 = 124.11, 176 / 1) = 124.11;
  // the frame fills the width (x from 22 to 22 + 276 = 298) and sits in the middle of the
  // height: y = 22 + (176 − 124.11) / 2 + 0.5 × 124.11 = 110.
  const route: Pick<DayRoute, "stops" | "legs"> = {
    stops: [stop("a", "A", 0, "09:00"), stop("u", "Unplaced", null, "11:00"), stop("b", "B", 0.02, "14:00")],
    legs: [leg("a", "u", "walk"), leg("u", "b", "transit")],
  };

  it("numbers the stops as the list does and places them by their coordinates", () => {
    const map = dayMapLayout(route, []);
    expect(map?.stops.map((s) => [s.n, s.name, s.x, s.y])).toEqual([
      [1, "A", 22, 110],
      [3, "B", 298, 110],
    ]);
    // The stop without a place keeps its number 2 and is listed, not drawn.
    expect(map?.unplaced).toEqual([{ n: 2, name: "Unplaced" }]);
    // One line from 1 to 3, marked as not direct (stop 2 is between them), coloured as the leg into 3.
    expect(map?.legs).toEqual([{ from: 1, to: 3, mode: "transit", x1: 22, y1: 110, x2: 298, y2: 110, direct: false }]);
  });

  it("draws a grid and scale bar in round distances: 500 m for a 2.2 km frame", () => {
    const map = dayMapLayout(route, []);
    // Steps 0.1 and 0.2 km give 22 and 11 lines over 2.2239 km (over 6); 0.5 km gives 4.4.
    // 0.5 km × 124.11 px/km = 62.05 → 62.1 px (one decimal).
    expect(map?.scale).toEqual({ km: 0.5, px: 62.1 });
    expect(map?.grid.stepKm).toBe(0.5);
    const xs = map?.grid.xs ?? [];
    expect(xs.length).toBeGreaterThanOrEqual(5); // 320 px / 62.05 px ≈ 5.2 lines across the drawing
    expect((xs[1] ?? 0) - (xs[0] ?? 0)).toBeCloseTo(62.05, 0);
  });

  it("shades a stay area that falls on the map and names one that doesn't", () => {
    // The stay at lon 0.01 is 1.11195 km east of A: x = 22 + 1.11195 × 124.11 = 160; its disc is
    // 0.5 km × 124.11 = 62.1 px wide. One at lat 1 is 111 km north: off the drawing.
    const map = dayMapLayout(route, [
      { name: "Middle", coordinates: { lat: 0, lon: 0.01 } },
      { name: "Far", coordinates: { lat: 1, lon: 0 } },
    ]);
    expect(map?.stays).toEqual([{ name: "Middle", x: 160, y: 110, r: 62.1 }]);
    expect(map?.staysOff).toEqual(["Far"]);
  });

  it("has no map for a day none of whose stops has a known place", () => {
    expect(dayMapLayout({ stops: [stop("u", "U", null, "10:00")], legs: [] }, [])).toBeNull();
    expect(dayMapLayout({ stops: [], legs: [] }, [])).toBeNull();
  });
});
