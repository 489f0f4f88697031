import "server-only";
import { fold, type GazetteerCity, gazetteer } from "@/lib/places/gazetteer";
import { citiesNamed, cityPlace, type Place, resolvePlace } from "@/lib/places/resolve";
import type { HomePlace } from "@/lib/schemas/preferences";

/**
 * The home cities a member may mean while typing "Travelling from": the likeliest first
 * (the place the text resolves to, then exact names by population, then names that
 * start with what was typed). Qualifiers narrow the list ("Portland, OR", "Vancouver, BC",
 * "London, UK"); a qualifier still being typed ("Vancouver, B") narrows nothing yet.
 */

export const MAX_SUGGESTIONS = 6;
/** Below this many letters a prefix matches too much to be useful. */
const MIN_PREFIX = 3;

export function suggestPlaces(text: string, limit = MAX_SUGGESTIONS): Place[] {
  const raw = text.trim();
  const [head = "", ...rest] = raw.split(",");
  const name = fold(head);
  if (!name) return [];
  const g = gazetteer();
  const tests = rest
    .map(fold)
    .filter(Boolean)
    .map((q) => ({ country: g.countriesByName.get(q)?.code ?? null, admins: g.adminsByName.get(q) ?? [] }))
    .filter((t) => t.country !== null || t.admins.length > 0);
  const fits = (c: GazetteerCity) =>
    tests.every((t) => t.country === c.countryCode || t.admins.includes(`${c.countryCode}.${c.adminCode}`));
  const byPopulation = (a: GazetteerCity, b: GazetteerCity) => b.population - a.population;

  const exact = citiesNamed(name).filter(fits).sort(byPopulation);
  const prefixed: GazetteerCity[] = [];
  if (name.length >= MIN_PREFIX && exact.length < limit) {
    for (const [key, cities] of g.citiesByName) {
      if (key !== name && key.startsWith(name)) prefixed.push(...cities.filter(fits));
    }
    prefixed.sort(byPopulation);
  }
  // What the whole text resolves to goes first ("Washington" → the capital, "NYC" → New York City).
  const reading = resolvePlace(raw);
  const resolvedCity = reading.status === "resolved" && reading.place.kind === "city" ? [reading.place] : [];
  const seen = new Set<string>();
  return [...resolvedCity, ...[...exact, ...prefixed].map(cityPlace)]
    .filter((p) => {
      if (seen.has(p.id)) return false;
      seen.add(p.id);
      return true;
    })
    .slice(0, limit);
}

let byId: Map<string, GazetteerCity> | undefined;

/**
 * The gazetteer's own record of a home the browser says the member picked, as the
 * HomePlace to store: the browser chooses which place, never its coordinates or country.
 * null when the id is not a city we know.
 */
export function homePlaceById(id: string): HomePlace | null {
  if (!byId) {
    byId = new Map();
    for (const cities of gazetteer().citiesByName.values()) for (const c of cities) byId.set(`city:${c.id}`, c);
  }
  const city = byId.get(id);
  return city ? toHomePlace(cityPlace(city)) : null;
}

export function toHomePlace(place: Place): HomePlace {
  return {
    id: place.id,
    name: place.name,
    label: place.label,
    country: place.country,
    countryCode: place.countryCode,
    lat: place.lat,
    lon: place.lon,
  };
}
