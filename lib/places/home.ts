import "server-only";
import { gazetteer } from "@/lib/places/gazetteer";
import { type Place, type PlaceResolution, resolvePlace } from "@/lib/places/resolve";
import type { HomePlace, MemberPreferences } from "@/lib/schemas/preferences";

/**
 * Where a member's travel is priced from, read from their raw answers: the home they
 * confirmed first; for answers saved before homes were confirmed, their text only when it
 * names one place without doubt. Anything else is no place at all — never a region or a
 * default the member did not choose — and their travel is left out of their figures.
 */
export type MemberHome = {
  status: PlaceResolution["status"];
  /** null: the home is not confirmed (unknown, ambiguous, left unknown, or not given). */
  place: Place | null;
};

export function memberHome(p: Pick<MemberPreferences, "origin" | "originPlace">): MemberHome {
  if (p.originPlace) return { status: "resolved", place: confirmedPlace(p.originPlace) };
  if (p.originPlace === null || !p.origin) return { status: "unknown", place: null };
  const reading = resolvePlace(p.origin);
  return reading.status === "resolved" ? reading : { status: reading.status, place: null };
}

export function confirmedPlace(home: HomePlace): Place {
  const country = gazetteer().countriesByCode.get(home.countryCode);
  return {
    kind: "city",
    id: home.id,
    name: home.name,
    region: null,
    countryCode: home.countryCode,
    country: home.country,
    continent: country?.continent ?? "NA",
    lat: home.lat,
    lon: home.lon,
    label: home.label,
  };
}
