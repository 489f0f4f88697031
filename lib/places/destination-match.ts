import "server-only";
import { allFacts, type DestinationFacts } from "@/lib/facts";
import { fold, gazetteer } from "@/lib/places/gazetteer";
import { greatCircleKm } from "@/lib/places/geo";
import { type Place, resolvePlace } from "@/lib/places/resolve";

/**
 * A place a member would love to go, in their own words, matched to a catalog destination
 * — or to none, and then it stays as their text. Case, accents and punctuation never
 * matter ("lisbon", "Lisbon!", "Reykjavík" / "reykjavik"). In order:
 * 1. the destination's name, the part of it before a comma or bracket ("Moab" for
 *    "Moab, Utah", "Honolulu" for "Honolulu (Oahu)"), its slug, or a name people use for
 *    it that the world gazetteer doesn't know (`ALSO_CALLED`: "Lisboa", "Bali", "Oahu");
 * 2. the city the gazetteer reads it as (`resolvePlace`, the same reading a home city
 *    gets: "Kyoto, Japan", "Paris, France", "Miami") when a catalog destination in the same
 *    country is within `CITY_KM` of it. A region ("Utah") may hold several destinations
 *    or none we know, so a region alone is not matched (unless it is one of the names below);
 * 3. a country with exactly one catalog destination ("Peru" → Cusco). A country with
 *    several ("Japan") is not one destination, so it stays unmatched rather than guessed.
 */

/** Names the gazetteer doesn't read as the destination: local and older spellings, islands, nicknames. */
const ALSO_CALLED: Record<string, string[]> = {
  "bali-ubud": ["Bali", "Ubud"],
  cusco: ["Cuzco", "Qosqo"],
  honolulu: ["Oahu", "O'ahu", "Waikiki"],
  kyoto: ["Kioto"],
  lisbon: ["Lisboa"],
  marrakech: ["Marrakesh"],
  "mexico-city": ["CDMX", "Ciudad de Mexico", "Mexico DF"],
  "new-york-city": ["NYC", "New York", "Manhattan", "The Big Apple"],
  "new-orleans": ["NOLA"],
  "la-fortuna": ["Arenal", "La Fortuna de San Carlos"],
  rome: ["Roma"],
  santorini: ["Thira", "Thera", "Fira"],
  "san-francisco": ["SF", "San Fran"],
  "miami-beach": ["South Beach"],
  "cape-town": ["Kaapstad"],
};

/** How far a catalog destination may be from the city the text names (Miami → Miami Beach, not a town 40 km off). */
const CITY_KM = 25;

export type DestinationMatch = { slug: string; name: string } | null;

let byName: Map<string, DestinationFacts> | undefined;

function namesIndex(): Map<string, DestinationFacts> {
  if (byName) return byName;
  const index = new Map<string, DestinationFacts>();
  for (const d of allFacts()) {
    const short = d.name.split(/[,(]/)[0] ?? d.name;
    for (const name of [d.name, short, d.slug, ...(ALSO_CALLED[d.slug] ?? [])]) {
      const key = fold(name);
      if (key && !index.has(key)) index.set(key, d);
    }
  }
  byName = index;
  return index;
}

/** The catalog destination `text` names, or null. Pure (the gazetteer is loaded once). */
export function matchDestination(text: string): DestinationMatch {
  const key = fold(text);
  if (!key) return null;
  const direct = namesIndex().get(key);
  if (direct) return found(direct);
  const reading = resolvePlace(text);
  const places =
    reading.status === "resolved" ? [reading.place] : reading.status === "ambiguous" ? reading.options : [];
  // Of several readings ("Portland"), one that is near a destination is the one meant.
  const near = [...new Set(places.map(nearestDestination).filter((d): d is DestinationFacts => d !== null))];
  if (near.length === 1 && near[0]) return found(near[0]);
  const country = gazetteer().countriesByName.get(key);
  if (country) {
    const inCountry = allFacts().filter((d) => d.countryCode === country.code);
    if (inCountry.length === 1 && inCountry[0]) return found(inCountry[0]);
  }
  return null;
}

function nearestDestination(place: Place): DestinationFacts | null {
  if (place.kind !== "city") return null;
  let best: { d: DestinationFacts; km: number } | null = null;
  for (const d of allFacts()) {
    if (d.countryCode !== place.countryCode) continue;
    const km = greatCircleKm(place, d.coordinates);
    if (km <= CITY_KM && (!best || km < best.km)) best = { d, km };
  }
  return best?.d ?? null;
}

function found(d: DestinationFacts): DestinationMatch {
  return { slug: d.slug, name: d.name };
}
