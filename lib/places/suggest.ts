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
    // The names starting with what was typed are one range of the sorted names: no scan of them all.
    for (let i = firstAtOrAfter(g.cityNames, name); i < g.cityNames.length; i++) {
      const key = g.cityNames[i] as string;
      if (!key.startsWith(name)) break;
      if (key !== name) prefixed.push(...(g.citiesByName.get(key) ?? []).filter(fits));
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

/**
 * The gazetteer's own record of a home the browser says the member picked, as the
 * HomePlace to store: the browser chooses which place, never its coordinates or country.
 * null when the id is not a city we know.
 */
export function homePlaceById(id: string): HomePlace | null {
  const match = /^city:(\d+)$/.exec(id);
  const city = match ? gazetteer().citiesById.get(Number(match[1])) : undefined;
  return city ? toHomePlace(cityPlace(city)) : null;
}

/** Index of the first name ≥ `prefix` in sorted `names` (binary search). */
function firstAtOrAfter(names: string[], prefix: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((names[mid] as string) < prefix) low = mid + 1;
    else high = mid;
  }
  return low;
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
