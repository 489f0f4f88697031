import "server-only";
import type { HardNoRule } from "@/lib/constraints/hard-nos";
import type { LimitRule } from "@/lib/constraints/limits";
import { type DislikeRule, hardNoReadingsInForce, readMember } from "@/lib/constraints/reading";
import { allFacts } from "@/lib/facts";
import { UNKNOWN_HOME } from "@/lib/facts/travel";
import { capOf, type Money, maxOf, ownBudget } from "@/lib/money/budget";
import { memberHome } from "@/lib/places/home";
import { type HomeCountry, homeCountryOf } from "@/lib/places/home-country";
import type { Place } from "@/lib/places/resolve";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * The validator's own reading of one member, straight from the raw form answers: where
 * they start, their budget, the stay they asked for, their diets, needs and hard-no rules.
 * It shares only the fact lookups (gazetteer, hard-no vocabulary) with the planner —
 * never the planner's pricing or filtering — so a planner mistake shows up as a mismatch.
 */

export type MemberView = {
  id: string;
  name: string;
  prefs: MemberPreferences;
  /** Where their travel is priced from: the resolved place, else the region they named, else the unknown-home default. */
  home: Pick<Place, "countryCode" | "continent" | "lat" | "lon">;
  /** Their home is confirmed (or their text names one place without doubt): only then is travel priced. */
  homeKnown: boolean;
  /** Same as homeKnown: a region they merely named is not a place to measure from. */
  homePlaced: boolean;
  /** The country they live in, from the gazetteer's fact lookup (null: their scope can't be judged). */
  country: HomeCountry | null;
  /** Their ceiling and hard cap in their own currency (the plan's USD figures are converted to judge them). */
  max: Money | null;
  hardCap: Money | null;
  rules: HardNoRule[];
  /** Limits on their days and dislikes, as the product read their words (dismissed ones left out). */
  limits: LimitRule[];
  dislikes: DislikeRule[];
};

export function viewMember(member: { id: string; name: string; preferences: MemberPreferences }): MemberView {
  const p = member.preferences;
  // The gazetteer lookup is shared with the planner (a fact); what it costs is computed here.
  const place = memberHome(p).place;
  // Read from the raw answers here, not from the planner's constraints.
  const budget = p.budget ? ownBudget(p.budget) : null;
  const names = allFacts().map((d) => d.name);
  return {
    id: member.id,
    name: member.name,
    prefs: p,
    home: place ?? UNKNOWN_HOME,
    homeKnown: place !== null,
    homePlaced: place !== null,
    country: homeCountryOf(p),
    max: maxOf(budget),
    hardCap: capOf(budget),
    rules: hardNoReadingsInForce(p, names).flatMap((reading) => reading.rules),
    ...(({ limits, dislikes }) => ({ limits, dislikes }))(readMember(p)),
  };
}
