import { isTimeZone } from "@/lib/dates";
import { greatCircleKm } from "@/lib/places/geo";
import type { CatalogDestination } from "@/lib/schemas/catalog";
import type { Accessibility, Dietary } from "@/lib/schemas/preferences";

/**
 * What a destination needs before the itinerary planner can use it: enough different
 * activities and meals for a 10-day trip at a packed pace (4 a day) without repeats,
 * enough of them for every need the destination says it serves, and the facts that
 * calendars, opening-hours checks and the traveler's practical notes rely on. The
 * catalog test asserts that no destination has a gap.
 */

export const MIN_ACTIVITIES = 40;
export const MIN_MEALS = 20;
/** Lunches and dinners: 10 days of each without repeats, spread over the destination. */
export const MIN_MEALS_PER_TIME = 10;
/** Per diet the destination lists, meals that serve it (a 10-day trip eats out 20 times). */
export const MIN_MEALS_PER_DIET = 6;
/** Per access need the destination lists, activities that accommodate it (relaxed pace, 10 days). */
export const MIN_ACTIVITIES_PER_NEED = 16;
/** Venues farther than this from the destination's centre are suspicious (day trips included). */
const MAX_VENUE_KM = 200;

export function catalogGaps(d: CatalogDestination): string[] {
  const gaps: string[] = [];
  const gap = (message: string) => gaps.push(`${d.slug}: ${message}`);

  if (!d.timezone) gap("timezone missing");
  else if (!isTimeZone(d.timezone)) gap(`timezone "${d.timezone}" is not an IANA zone`);
  if (d.climate.some((m) => m.humidity === undefined)) gap("climate humidity missing for some months");
  if (!d.practical) gap("practical info missing");
  for (const area of d.areas) {
    if (!area.coordinates) gap(`area "${area.name}" has no coordinates`);
    else if (greatCircleKm(area.coordinates, d.coordinates) > MAX_VENUE_KM) gap(`area "${area.name}" is too far away`);
  }

  if (d.activities.length < MIN_ACTIVITIES) gap(`${d.activities.length} activities (need ${MIN_ACTIVITIES})`);
  for (const a of d.activities) {
    const missing = [
      a.coordinates ? null : "coordinates",
      a.hours === undefined ? "hours" : null,
      a.tips ? null : "tips",
      a.source ? null : "source",
    ].filter(Boolean);
    if (missing.length) gap(`activity ${a.id} lacks ${missing.join(", ")}`);
    if (a.coordinates && greatCircleKm(a.coordinates, d.coordinates) > MAX_VENUE_KM)
      gap(`activity ${a.id} is too far away`);
  }

  const meals = d.meals ?? [];
  if (meals.length < MIN_MEALS) gap(`${meals.length} meals (need ${MIN_MEALS})`);
  for (const time of ["lunch", "dinner"] as const) {
    const n = meals.filter((m) => m.meals.includes(time)).length;
    if (n < MIN_MEALS_PER_TIME) gap(`${n} ${time} places (need ${MIN_MEALS_PER_TIME})`);
  }
  for (const m of meals) {
    if (greatCircleKm(m.coordinates, d.coordinates) > MAX_VENUE_KM) gap(`meal ${m.id} is too far away`);
  }
  for (const diet of d.dietary as Dietary[]) {
    const n = meals.filter((m) => m.dietaryOptions.includes(diet)).length;
    if (n < MIN_MEALS_PER_DIET) gap(`${n} meals serve ${diet} (need ${MIN_MEALS_PER_DIET}, or drop it from dietary)`);
  }
  for (const need of d.accessibility as Accessibility[]) {
    const n = d.activities.filter((a) => a.accessibility.includes(need)).length;
    if (n < MIN_ACTIVITIES_PER_NEED) {
      gap(`${n} activities accommodate ${need} (need ${MIN_ACTIVITIES_PER_NEED}, or drop it from accessibility)`);
    }
  }
  return gaps;
}
