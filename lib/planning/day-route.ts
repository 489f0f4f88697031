import { greatCircleKm, type LatLon } from "@/lib/places/geo";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";
import type { DayRoute, RouteLeg, RouteStop, TravelMode } from "@/lib/schemas/day-route";
import {
  type Itinerary,
  type ItineraryDay,
  type ItineraryItem,
  itemEnd,
  type MealStop,
  mealEnd,
  SLOT_TIMES,
  type Slot,
} from "@/lib/schemas/itinerary";

/**
 * A planned day as a route: its stops in time order, how to get from each to the next and
 * about how long it takes, and one Google Maps link for the whole day. Estimates from
 * straight-line distances between the catalog's coordinates (no routing service: it works
 * offline and the same on every page), so the rules are simple and stated here:
 *
 * - Streets aren't straight: the distance travelled is the great-circle distance × 1.3, the
 *   usual circuity of city street networks (studies of US and European cities find 1.2–1.4).
 * - Up to 1.5 km apart in a straight line (about 2 km on foot, under half an hour): walk, at
 *   4.5 km/h — a group's sightseeing pace, a little under the 5 km/h of a commuter, for hills,
 *   crossings and stragglers.
 * - Up to 25 km: public transport or a taxi, at 18 km/h door to door along the streets (city
 *   buses and trams average 12–20 km/h, metros 25–35 km/h, taxis in traffic about 20), plus
 *   10 minutes to reach a stop and wait.
 * - Further (a day trip out of town): by car or regional train, at 50 km/h plus 10 minutes.
 * - Minutes: under 10 to the whole minute (at least 1), from 10 on to the nearest 5 — the
 *   estimate isn't finer than that.
 * - A stop the facts don't place (the organizer's own item, a venue no longer listed): from
 *   the centre of its area when the area is known — an estimate, and it says so; else the
 *   stated default, 15 minutes by public transport or taxi (a typical hop across a city
 *   centre), also said to be an estimate. A leg always has a mode and minutes, and the
 *   day's times leave room for it (lib/planning/day-times.ts).
 */

/** Great-circle km × this = km along the streets. */
export const DETOUR_FACTOR = 1.3;
export const WALK_MAX_KM = 1.5;
export const WALK_KMH = 4.5;
export const TRANSIT_MAX_KM = 25;
export const TRANSIT_KMH = 18;
export const TRANSIT_WAIT_MIN = 10;
export const DRIVE_KMH = 50;
export const DRIVE_WAIT_MIN = 10;
/** A leg with no place at either end: an estimate, stated as such. */
export const DEFAULT_LEG = { mode: "transit" as const, minutes: 15 };
/** Google Maps URLs take at most 9 waypoints (3 on some phones); a day holds at most 9 stops, so 7. */
const MAX_WAYPOINTS = 9;

type Placeable = {
  activities: Pick<CatalogActivity, "id" | "coordinates">[];
  meals: Pick<CatalogMeal, "id" | "coordinates">[];
  /** The destination's areas, for an estimate when a stop itself isn't placed. */
  areas?: { name: string; coordinates: LatLon }[];
};

/** Where a stop is: its own place, else the centre of its area (an estimate), else unknown. */
export type Whereabouts = { coordinates: LatLon | null; near: LatLon | null };

/** The way from one stop to the next (rules above): always a mode and minutes, and what they rest on. */
export function legBetween(from: Whereabouts, to: Whereabouts): Pick<RouteLeg, "mode" | "km" | "minutes" | "basis"> {
  if (from.coordinates && to.coordinates)
    return { ...travel(greatCircleKm(from.coordinates, to.coordinates)), basis: "places" };
  const a = from.coordinates ?? from.near;
  const b = to.coordinates ?? to.near;
  if (a && b) return { ...travel(greatCircleKm(a, b)), basis: "areas" };
  return { ...DEFAULT_LEG, km: null, basis: "default" };
}

/** Where an item or meal is by the facts: its venue's place, else its area's centre. */
export function whereabouts(
  facts: Placeable,
  entry: { kind: "activity" | "custom" | "meal"; id: string | null; area: string },
): Whereabouts {
  const own =
    entry.kind === "meal"
      ? facts.meals.find((m) => m.id === entry.id)?.coordinates
      : entry.kind === "activity" && entry.id
        ? facts.activities.find((a) => a.id === entry.id)?.coordinates
        : undefined;
  const near = facts.areas?.find((x) => x.name === entry.area)?.coordinates ?? null;
  return { coordinates: own ?? null, near };
}

export type DayEntry =
  | { kind: "item"; time: string; item: ItineraryItem }
  | { kind: "meal"; time: string; meal: MealStop };
/** A part of the day left free on purpose, at the time that part starts ("Free afternoon"). */
export type FreeEntry = { kind: "free"; time: string; slot: Slot };

/**
 * A day's items and meals by local start time (an item before a meal at the same time): the
 * order the day is shown in and the route runs in.
 */
export function entriesInOrder(day: Pick<ItineraryDay, "items" | "meals">): DayEntry[] {
  return [
    ...day.items.map((item) => ({ kind: "item" as const, time: item.startTime, item })),
    ...day.meals.map((meal) => ({ kind: "meal" as const, time: meal.time, meal })),
  ].sort((a, b) => a.time.localeCompare(b.time));
}

/** The day as shown: its items and meals, with each part of the day left free in its place. */
export function entriesWithFree(day: Pick<ItineraryDay, "items" | "meals" | "free">): (DayEntry | FreeEntry)[] {
  const free = (day.free ?? []).map((slot) => ({ kind: "free" as const, time: SLOT_TIMES[slot].start, slot }));
  return [...entriesInOrder(day), ...free].sort((a, b) => a.time.localeCompare(b.time));
}

/**
 * One day's route from the destination's facts. A stop the facts don't place (the organizer's
 * own item, a venue no longer in the catalog) is listed without a place: travel to and from it
 * is estimated (from its area, else the default), and the map link goes through the others.
 */
export function dayRoute(day: ItineraryDay, facts: Placeable): DayRoute {
  const placed = entriesInOrder(day).map((entry) => {
    if (entry.kind === "meal") {
      const { meal } = entry;
      const where = whereabouts(facts, { kind: "meal", id: meal.mealId, area: meal.area });
      const stop: RouteStop = {
        key: meal.key,
        kind: "meal",
        name: meal.name,
        time: meal.time,
        end: mealEnd(meal),
        coordinates: where.coordinates,
      };
      return { stop, where };
    }
    const { item } = entry;
    const where = whereabouts(facts, { kind: item.kind, id: item.activityId, area: item.area });
    const stop: RouteStop = {
      key: item.key,
      kind: item.kind,
      name: item.title,
      time: item.startTime,
      end: itemEnd(item),
      coordinates: where.coordinates,
    };
    return { stop, where };
  });
  const stops = placed.map((p) => p.stop);
  const legs: RouteLeg[] = [];
  for (let i = 1; i < placed.length; i++) {
    const from = placed[i - 1] as (typeof placed)[number];
    const to = placed[i] as (typeof placed)[number];
    legs.push({ from: from.stop.key, to: to.stop.key, ...legBetween(from.where, to.where) });
  }
  return { day: day.day, stops, legs, mapUrl: mapUrl(stops) };
}

/** Every day's route of a plan. */
export function planRoutes(plan: Pick<Itinerary, "days">, facts: Placeable): DayRoute[] {
  return plan.days.map((day) => dayRoute(day, facts));
}

/** The mode, street distance and minutes for a straight-line distance (the rules above). */
export function travel(straightKm: number): { mode: TravelMode; km: number; minutes: number } {
  const km = straightKm * DETOUR_FACTOR;
  const mode: TravelMode = straightKm <= WALK_MAX_KM ? "walk" : straightKm <= TRANSIT_MAX_KM ? "transit" : "drive";
  const raw =
    mode === "walk"
      ? (km / WALK_KMH) * 60
      : mode === "transit"
        ? TRANSIT_WAIT_MIN + (km / TRANSIT_KMH) * 60
        : DRIVE_WAIT_MIN + (km / DRIVE_KMH) * 60;
  return { mode, km: Math.round(km * 10) / 10, minutes: roundMinutes(raw) };
}

function roundMinutes(raw: number): number {
  return raw < 10 ? Math.max(1, Math.round(raw)) : Math.round(raw / 5) * 5;
}

/**
 * Google Maps directions through the placed stops in order (Maps URLs, api=1). Travel mode:
 * walking when every hop between the placed stops is a walk, driving when one is a day trip out of town, transit
 * for a single leg by public transport. Google Maps can't route public transport through
 * intermediate stops, so a day with stops between and some legs by transit leaves the mode to
 * Maps. One placed stop: a pin on the map. None: no link.
 */
function mapUrl(stops: RouteStop[]): string | null {
  const points = stops.flatMap((s) => (s.coordinates ? [s.coordinates] : []));
  const [first] = points;
  if (!first) return null;
  if (points.length === 1) return `https://www.google.com/maps/search/?api=1&query=${latLon(first)}`;
  const last = points.at(-1) as LatLon;
  const waypoints = points.slice(1, -1).slice(0, MAX_WAYPOINTS);
  // Between the placed stops (a custom item's unknown legs aside).
  const modes = new Set(points.slice(1).map((p, i) => travel(greatCircleKm(points[i] as LatLon, p)).mode));
  const travelmode =
    modes.size === 1 && modes.has("walk")
      ? "walking"
      : modes.has("drive")
        ? "driving"
        : waypoints.length === 0
          ? "transit"
          : null;
  return [
    `https://www.google.com/maps/dir/?api=1&origin=${latLon(first)}&destination=${latLon(last)}`,
    waypoints.length ? `&waypoints=${encodeURIComponent(waypoints.map(plain).join("|"))}` : "",
    travelmode ? `&travelmode=${travelmode}` : "",
  ].join("");
}

const plain = (p: LatLon) => `${p.lat},${p.lon}`;
const latLon = (p: LatLon) => encodeURIComponent(plain(p));
