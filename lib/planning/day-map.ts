import type { LatLon } from "@/lib/places/geo";
import type { DayRoute, TravelMode } from "@/lib/schemas/day-route";

/**
 * What a day's map shows (components/itinerary/day-map.tsx draws it with Leaflet): the placed
 * stops numbered as in the day's list (stop n is the route's n-th stop, placed or not), a line
 * for each leg between two placed stops, the stay areas that fall inside the map's frame, and
 * the frame itself — the stops' bounding box, grown to at least MIN_SPAN_KM each way and then
 * by FRAME_MARGIN on every side, so a one-stop day or two stops next door still read as a map.
 * Everything is in degrees; kilometres come from a degree being 111.195 km (× cos(lat) east–west).
 */

export const KM_PER_DEGREE = 111.195; // 2π · 6371 km / 360
/** A frame is at least this wide and tall. */
export const MIN_SPAN_KM = 1;
/** Added on each side of the stops' box, as a share of its span. */
export const FRAME_MARGIN = 0.15;
/** A stay area is drawn as a disc this wide around its centre (a neighbourhood is about a km across). */
export const STAY_RADIUS_KM = 0.5;

export type MapStop = { n: number; key: string; name: string; time: string; at: LatLon };
export type MapLeg = {
  from: number;
  to: number;
  mode: TravelMode;
  /** False when a stop without a known place is between the two. */
  direct: boolean;
};
export type MapStay = { name: string; at: LatLon };
/** South-west and north-east corners. */
export type MapFrame = { south: number; west: number; north: number; east: number };

export type DayMapData = {
  day: number;
  stops: MapStop[];
  legs: MapLeg[];
  stays: MapStay[];
  /** Stay areas too far from the day's stops to fall on its map. */
  staysOff: string[];
  /** The route's stops without a known place: named under the map, not drawn. */
  unplaced: { n: number; name: string }[];
  frame: MapFrame;
};

/** What one day's map shows, or null when none of its stops has a known place. */
export function dayMapData(
  route: Pick<DayRoute, "day" | "stops" | "legs">,
  stayAreas: { name: string; coordinates: LatLon }[] = [],
): DayMapData | null {
  const numbered = route.stops.map((s, i) => ({ ...s, n: i + 1 }));
  const stops: MapStop[] = numbered.flatMap((s) =>
    s.coordinates ? [{ n: s.n, key: s.key, name: s.name, time: s.time, at: s.coordinates }] : [],
  );
  if (stops.length === 0) return null;

  const legs: MapLeg[] = [];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1] as MapStop;
    const b = stops[i] as MapStop;
    // The route's leg into b (legs[i] goes from stops[i] to stops[i + 1]); its mode styles the line.
    legs.push({ from: a.n, to: b.n, mode: route.legs[b.n - 2]?.mode ?? "walk", direct: b.n === a.n + 1 });
  }

  const lats = stops.map((s) => s.at.lat);
  const lons = stops.map((s) => s.at.lon);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const minLatSpan = MIN_SPAN_KM / KM_PER_DEGREE;
  const minLonSpan = MIN_SPAN_KM / (KM_PER_DEGREE * Math.cos((midLat * Math.PI) / 180));
  const [south, north] = frameSide(Math.min(...lats), Math.max(...lats), minLatSpan);
  const [west, east] = frameSide(Math.min(...lons), Math.max(...lons), minLonSpan);
  const frame = { south, west, north, east };

  const stays: MapStay[] = [];
  const staysOff: string[] = [];
  for (const stay of stayAreas) {
    const { lat, lon } = stay.coordinates;
    if (lat >= south && lat <= north && lon >= west && lon <= east)
      stays.push({ name: stay.name, at: stay.coordinates });
    else staysOff.push(stay.name);
  }
  return {
    day: route.day,
    stops,
    legs,
    stays,
    staysOff,
    unplaced: numbered.filter((s) => !s.coordinates).map((s) => ({ n: s.n, name: s.name })),
    frame,
  };
}

/** One side of the frame: [lo, hi] grown to `minSpan` around its middle, then by the margin each way. */
function frameSide(lo: number, hi: number, minSpan: number): [number, number] {
  const mid = (lo + hi) / 2;
  const span = Math.max(hi - lo, minSpan);
  const half = span / 2 + span * FRAME_MARGIN;
  return [mid - half, mid + half];
}

/** The words a screen reader hears for the map (the list above it stays the full account). */
export function dayMapLabel(map: DayMapData): string {
  return `Map of day ${map.day}: ${map.stops.map((s) => `${s.n} ${s.name}`).join(", ")}${
    map.stays.length ? `; stay area ${map.stays.map((s) => s.name).join(", ")}` : ""
  }`;
}

/** The stay areas the destination's facts suggest, with their areas' centres. */
export function stayAreasOf(facts: {
  areas: { name: string; coordinates: LatLon }[];
  practical: { stayAreas: { area: string }[] };
}): { name: string; coordinates: LatLon }[] {
  return facts.practical.stayAreas.flatMap((s) => {
    const area = facts.areas.find((a) => a.name === s.area);
    return area ? [{ name: area.name, coordinates: area.coordinates }] : [];
  });
}
