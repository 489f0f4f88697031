import type { LatLon } from "@/lib/places/geo";
import type { DayRoute, TravelMode } from "@/lib/schemas/day-route";

/**
 * A day's route laid out for a small map drawn with no network (components/itinerary/day-map.tsx):
 * the placed stops numbered as in the day's list (stop n is the route's n-th stop, placed or
 * not), a line for each leg between two placed stops, the stay areas that fall on the map, a
 * grid of round kilometres and a scale bar. The projection is equirectangular around the
 * frame's middle latitude (x = Δlon · cos(lat₀), y = −Δlat, both × 111.195 km a degree): at
 * the size of a day in one city (a few km) the distortion is well under a pixel.
 */

export const KM_PER_DEGREE = 111.195; // 2π · 6371 km / 360
/** A frame is at least this wide and tall, so a one-stop day or two stops next door still read as a map. */
export const MIN_SPAN_KM = 1;
/** Grid steps: the smallest that gives at most this many lines across the longer side. */
const GRID_STEPS_KM = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500];
const MAX_GRID_LINES = 6;
/** A stay area is drawn as a disc this wide around its centre (a neighbourhood is about a km across). */
export const STAY_RADIUS_KM = 0.5;

export type MapSize = { width: number; height: number; pad: number };
export const DEFAULT_MAP_SIZE: MapSize = { width: 320, height: 220, pad: 22 };

export type MapStop = { n: number; key: string; name: string; time: string; x: number; y: number };
export type MapLeg = {
  from: number;
  to: number;
  mode: TravelMode;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  direct: boolean;
};
export type MapStay = { name: string; x: number; y: number; r: number };

export type DayMapLayout = {
  width: number;
  height: number;
  stops: MapStop[];
  /** Between consecutive placed stops; `direct: false` when a stop without a known place is between them. */
  legs: MapLeg[];
  stays: MapStay[];
  /** Stay areas too far from the day's stops to fall on its map. */
  staysOff: string[];
  /** The route's stops without a known place: listed under the map, not drawn. */
  unplaced: { n: number; name: string }[];
  grid: { stepKm: number; xs: number[]; ys: number[] };
  scale: { km: number; px: number };
};

/** The layout of one day's map, or null when none of its stops has a known place. */
export function dayMapLayout(
  route: Pick<DayRoute, "stops" | "legs">,
  stayAreas: { name: string; coordinates: LatLon }[] = [],
  size: MapSize = DEFAULT_MAP_SIZE,
): DayMapLayout | null {
  const numbered = route.stops.map((s, i) => ({ ...s, n: i + 1 }));
  const placed = numbered.flatMap((s) => (s.coordinates ? [{ ...s, at: s.coordinates }] : []));
  if (placed.length === 0) return null;

  const lats = placed.map((s) => s.at.lat);
  const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
  const cos0 = Math.cos((lat0 * Math.PI) / 180);
  // Kilometres east and south of the frame's north-west corner.
  const toKm = (p: LatLon) => ({ x: p.lon * cos0 * KM_PER_DEGREE, y: -p.lat * KM_PER_DEGREE });
  const km = placed.map((s) => toKm(s.at));
  let [minX, maxX] = [Math.min(...km.map((p) => p.x)), Math.max(...km.map((p) => p.x))];
  let [minY, maxY] = [Math.min(...km.map((p) => p.y)), Math.max(...km.map((p) => p.y))];
  const grow = (lo: number, hi: number): [number, number] => {
    const span = hi - lo;
    if (span >= MIN_SPAN_KM) return [lo, hi];
    const mid = (lo + hi) / 2;
    return [mid - MIN_SPAN_KM / 2, mid + MIN_SPAN_KM / 2];
  };
  [minX, maxX] = grow(minX, maxX);
  [minY, maxY] = grow(minY, maxY);

  const innerW = size.width - 2 * size.pad;
  const innerH = size.height - 2 * size.pad;
  const pxPerKm = Math.min(innerW / (maxX - minX), innerH / (maxY - minY));
  // Centre the frame in the drawing.
  const offX = size.pad + (innerW - (maxX - minX) * pxPerKm) / 2;
  const offY = size.pad + (innerH - (maxY - minY) * pxPerKm) / 2;
  const px = (p: { x: number; y: number }) => ({
    x: round1(offX + (p.x - minX) * pxPerKm),
    y: round1(offY + (p.y - minY) * pxPerKm),
  });

  const stops: MapStop[] = placed.map((s, i) => ({
    n: s.n,
    key: s.key,
    name: s.name,
    time: s.time,
    ...px(km[i] as { x: number; y: number }),
  }));
  const legs: MapLeg[] = [];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1] as MapStop;
    const b = stops[i] as MapStop;
    // The route's leg into b (legs[i] goes from stops[i] to stops[i + 1]); its mode colours the line.
    const mode = route.legs[b.n - 2]?.mode ?? "walk";
    legs.push({ from: a.n, to: b.n, mode, x1: a.x, y1: a.y, x2: b.x, y2: b.y, direct: b.n === a.n + 1 });
  }

  const stays: MapStay[] = [];
  const staysOff: string[] = [];
  const r = Math.max(6, round1(STAY_RADIUS_KM * pxPerKm));
  for (const stay of stayAreas) {
    const at = px(toKm(stay.coordinates));
    const inside = at.x >= 0 && at.x <= size.width && at.y >= 0 && at.y <= size.height;
    if (inside) stays.push({ name: stay.name, ...at, r });
    else staysOff.push(stay.name);
  }

  const longer = Math.max(maxX - minX, maxY - minY);
  const stepKm = GRID_STEPS_KM.find((s) => longer / s <= MAX_GRID_LINES) ?? (GRID_STEPS_KM.at(-1) as number);
  const lines = (lo: number, hi: number, off: number, from: number) => {
    const out: number[] = [];
    // Whole multiples of the step, over the whole drawing (not just the frame).
    const first = Math.ceil((from - off / pxPerKm) / stepKm) * stepKm;
    for (let v = first; (v - from) * pxPerKm + off <= hi; v += stepKm) {
      const p = round1(off + (v - from) * pxPerKm);
      if (p >= lo) out.push(p);
    }
    return out;
  };
  return {
    width: size.width,
    height: size.height,
    stops,
    legs,
    stays,
    staysOff,
    unplaced: numbered.filter((s) => !s.coordinates).map((s) => ({ n: s.n, name: s.name })),
    grid: { stepKm, xs: lines(0, size.width, offX, minX), ys: lines(0, size.height, offY, minY) },
    scale: { km: stepKm, px: round1(stepKm * pxPerKm) },
  };
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

const round1 = (v: number) => Math.round(v * 10) / 10;
