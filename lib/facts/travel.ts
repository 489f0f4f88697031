import { phraseKey } from "@/lib/constraints/text";
import { flightHours, GROUND_KM, greatCircleKm, HOME_KM, type LatLon } from "@/lib/places/geo";
import type { Place } from "@/lib/places/resolve";
import type { DestinationFacts, OriginRegion } from "@/lib/schemas/catalog";

/**
 * Getting from a member's home to a destination and back, as a fact with its basis:
 * at home (nothing to pay), by road or rail (close enough not to fly), or a flight at the
 * catalog's typical round-trip fare from the member's fare region, with the nonstop
 * hours the great-circle distance implies.
 */

export type Travel = KnownTravel | UnknownFare;

export type KnownTravel = {
  mode: "home" | "ground" | "flight";
  km: number;
  /** Typical nonstop flight hours (0 unless the mode is a flight). */
  hours: number;
  /** Round trip per person, whole USD. */
  usd: number;
  /** Where the figure comes from, in words. */
  basis: string;
};

/**
 * A flight from a fare region the facts have no fare for (researched facts cover only the
 * regions asked about): the distance and hours are known, the price is not, and nothing assumes one.
 */
export type UnknownFare = {
  mode: "flight";
  km: number;
  hours: number;
  usd: null;
  fare: "unknown";
  region: OriginRegion;
  basis: string;
};

/**
 * A stand-in point for a member whose home isn't confirmed, used only where some point is
 * needed (which fare regions research asks about; the validator's scope default). Never
 * used to price travel: an unconfirmed home's figures leave travel out (lib/money/ledger.ts).
 */
export const UNKNOWN_HOME = { countryCode: "US", continent: "NA", lat: 39.1, lon: -94.6 } as const;

/** Road or rail, round trip, per kilometre each way. */
export const GROUND_USD_PER_KM = 0.15;

const MIDDLE_EAST = new Set(["AE", "SA", "QA", "KW", "BH", "OM", "YE", "IL", "PS", "JO", "LB", "SY", "IQ", "IR", "TR"]);
const LATIN_AMERICA_NA = new Set(["MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA", "CU", "DO", "PR", "HT", "JM", "BS"]);

const REGION_NAMES: Record<OriginRegion, string> = {
  "us-east": "the eastern US",
  "us-central": "the central US",
  "us-west": "the western US",
  canada: "Canada",
  "latin-america": "Latin America",
  europe: "Europe",
  africa: "Africa",
  "middle-east": "the Middle East",
  asia: "Asia",
  oceania: "Oceania",
};

/** Which of the catalog's fare regions a home place flies from. */
export function fareRegionOf(place: Pick<Place, "countryCode" | "continent" | "lon">): OriginRegion {
  const { countryCode, continent, lon } = place;
  if (countryCode === "US") return lon >= -87.5 ? "us-east" : lon >= -105.5 ? "us-central" : "us-west";
  if (countryCode === "CA") return "canada";
  if (MIDDLE_EAST.has(countryCode)) return "middle-east";
  if (continent === "SA" || LATIN_AMERICA_NA.has(countryCode)) return "latin-america";
  if (continent === "EU") return "europe";
  if (continent === "AF") return "africa";
  if (continent === "AS") return "asia";
  if (continent === "OC") return "oceania";
  return "us-east";
}

/**
 * The member lives at the destination: their home is within HOME_KM of it, or is the same
 * place by name and country (a big city's centre and its catalog point can lie further apart).
 */
function livesAt(
  home: { countryCode: string; name?: string },
  destination: { name: string; countryCode?: string },
  km: number,
): boolean {
  if (km < HOME_KM) return true;
  return (
    home.name !== undefined &&
    destination.countryCode === home.countryCode &&
    phraseKey(home.name) === phraseKey(destination.name.split(",")[0] ?? "")
  );
}

export function travelBetween(
  home: Pick<Place, "countryCode" | "continent" | "lat" | "lon"> & { name?: string },
  destination: Pick<DestinationFacts, "name" | "coordinates" | "gettingThereUsd"> & { countryCode?: string },
): Travel {
  const km = Math.round(greatCircleKm(home as LatLon, destination.coordinates));
  if (livesAt(home, destination, km))
    return { mode: "home", km, hours: 0, usd: 0, basis: `lives in ${destination.name}: no travel` };
  if (km < GROUND_KM) {
    const usd = Math.round(km * 2 * GROUND_USD_PER_KM);
    return { mode: "ground", km, hours: 0, usd, basis: `${km} km away by road or rail, about $${usd} round trip` };
  }
  const region = fareRegionOf(home);
  const usd = destination.gettingThereUsd[region];
  if (usd === undefined) {
    return {
      mode: "flight",
      km,
      hours: flightHours(km),
      usd: null,
      fare: "unknown",
      region,
      basis: `no typical round-trip fare known from ${REGION_NAMES[region]}`,
    };
  }
  return {
    mode: "flight",
    km,
    hours: flightHours(km),
    usd,
    basis: `typical round-trip fare from ${REGION_NAMES[region]}: $${usd.toLocaleString("en-US")}`,
  };
}
