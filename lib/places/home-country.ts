import "server-only";
import { resolvePlace } from "@/lib/places/resolve";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * The country a member lives in, the one place every reading of "In my country" and
 * "Abroad" takes it from (the planner's constraints and the validator's own reading both
 * call it): the home they confirmed; else their text as the gazetteer resolves it today; the region or country the text
 * names when the city itself isn't known ("Smallville, Kansas" → US); for a name several
 * places share, their country only when they all share one ("Portland" → US). Null when
 * nothing says which country: then a scope wish can't be judged, and nobody guesses one.
 */
export type HomeCountry = { code: string; name: string };

export function homeCountryOf(p: Pick<MemberPreferences, "origin" | "originPlace">): HomeCountry | null {
  if (p.originPlace) return { code: p.originPlace.countryCode, name: p.originPlace.country };
  const resolved = resolvePlace(p.origin);
  if (resolved.status === "resolved") return { code: resolved.place.countryCode, name: resolved.place.country };
  if (resolved.status === "unknown") {
    const near = resolved.approximate;
    return near ? { code: near.countryCode, name: near.country } : null;
  }
  const codes = new Set(resolved.options.map((o) => o.countryCode));
  const [only] = resolved.options;
  return codes.size === 1 && only ? { code: only.countryCode, name: only.country } : null;
}
