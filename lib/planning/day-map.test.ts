import { describe, expect, it } from "vitest";
import type { DayRoute, RouteStop } from "@/lib/schemas/day-route";
import { dayMapData, dayMapLabel, FRAME_MARGIN, KM_PER_DEGREE } from "./day-map";

/**
 * What a day's map shows, worked out by hand on the equator, where a degree is 111.195 km
 * both ways (2π · 6371 / 360, cos 0 = 1).
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

describe("a day's map", () => {
  const route: Pick<DayRoute, "day" | "stops" | "legs"> = {
    day: 2,
    stops: [stop("a", "A", 0, "09:00"), stop("u", "Unplaced", null, "11:00"), stop("b", "B", 0.02, "14:00")],
    legs: [leg("a", "u", "walk"), leg("u", "b", "transit")],
  };

  it("numbers the stops as the list does and joins the placed ones in order", () => {
    const map = dayMapData(route, []);
    expect(map?.stops.map((s) => [s.n, s.name, s.at.lon])).toEqual([
      [1, "A", 0],
      [3, "B", 0.02],
    ]);
    // The stop without a place keeps its number 2 and is named under the map, not drawn.
    expect(map?.unplaced).toEqual([{ n: 2, name: "Unplaced" }]);
    // One line from 1 to 3, marked as not direct (stop 2 is between them), styled as the leg into 3.
    expect(map?.legs).toEqual([{ from: 1, to: 3, mode: "transit", direct: false }]);
    expect(map && dayMapLabel(map)).toBe("Map of day 2: 1 A, 3 B");
  });

  it("frames the stops with a margin, at least 1 km each way", () => {
    const frame = dayMapData(route, [])?.frame;
    // East–west: 0 … 0.02° (2.22 km) + 15 % of 0.02° = 0.003° each side → −0.003 … 0.023.
    expect(frame?.west).toBeCloseTo(-0.003, 6);
    expect(frame?.east).toBeCloseTo(0.023, 6);
    // North–south: both at lat 0, grown to 1 km = 1 / 111.195 = 0.0089932° → ±0.0044966°,
    // then + 15 % of 0.0089932 = 0.0013490° → ±0.0058456°.
    expect(frame?.north).toBeCloseTo(0.0058456, 6);
    expect(frame?.south).toBeCloseTo(-0.0058456, 6);
    expect(FRAME_MARGIN).toBe(0.15);
    expect(KM_PER_DEGREE).toBe(111.195);
  });

  it("shades a stay area that falls on the map and names one that doesn't", () => {
    // Lon 0.01 is between the stops; lat 1 is 111 km north, far outside a frame 0.0117° tall.
    const map = dayMapData(route, [
      { name: "Middle", coordinates: { lat: 0, lon: 0.01 } },
      { name: "Far", coordinates: { lat: 1, lon: 0 } },
    ]);
    expect(map?.stays).toEqual([{ name: "Middle", at: { lat: 0, lon: 0.01 } }]);
    expect(map?.staysOff).toEqual(["Far"]);
    expect(map && dayMapLabel(map)).toBe("Map of day 2: 1 A, 3 B; stay area Middle");
  });

  it("has no map for a day none of whose stops has a known place", () => {
    expect(dayMapData({ day: 1, stops: [stop("u", "U", null, "10:00")], legs: [] }, [])).toBeNull();
    expect(dayMapData({ day: 1, stops: [], legs: [] }, [])).toBeNull();
  });
});
