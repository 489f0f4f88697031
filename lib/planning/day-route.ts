import { greatCircleKm, type LatLon } from "@/lib/places/geo";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";
import type { DayRoute, RouteLeg, RouteStop, TravelMode } from "@/lib/schemas/day-route";
import type { Itinerary, ItineraryDay, ItineraryItem, MealStop } from "@/lib/schemas/itinerary";

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
/** Google Maps URLs take at most 9 waypoints (3 on some phones); a day holds at most 9 stops, so 7. */
const MAX_WAYPOINTS = 9;

type Placeable = {
  activities: Pick<CatalogActivity, "id" | "coordinates">[];
  meals: Pick<CatalogMeal, "id" | "coordinates">[];
};

export type DayEntry =
  | { kind: "item"; time: string; item: ItineraryItem }
  | { kind: "meal"; time: string; meal: MealStop };

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

/**
 * One day's route from the destination's facts. A stop the facts don't place (the organizer's
 * own item, a venue no longer in the catalog) is listed without a place: travel to and from it
 * is unknown, and the map link goes through the others.
 */
export function dayRoute(day: ItineraryDay, facts: Placeable): DayRoute {
  const stops: RouteStop[] = entriesInOrder(day).map((entry) => {
    if (entry.kind === "meal") {
      const { meal } = entry;
      const coordinates = facts.meals.find((m) => m.id === meal.mealId)?.coordinates ?? null;
      return { key: meal.key, kind: "meal", name: meal.name, time: meal.time, coordinates };
    }
    const { item } = entry;
    const coordinates =
      item.kind === "activity" && item.activityId
        ? (facts.activities.find((a) => a.id === item.activityId)?.coordinates ?? null)
        : null;
    return { key: item.key, kind: item.kind, name: item.title, time: item.startTime, coordinates };
  });
  const legs: RouteLeg[] = [];
  for (let i = 1; i < stops.length; i++) {
    const from = stops[i - 1] as RouteStop;
    const to = stops[i] as RouteStop;
    legs.push(
      from.coordinates && to.coordinates
        ? { from: from.key, to: to.key, ...travel(greatCircleKm(from.coordinates, to.coordinates)) }
        : { from: from.key, to: to.key, mode: null, km: null, minutes: null },
    );
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
