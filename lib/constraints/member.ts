import "server-only";
import type { HardNoReading, HardNoRule } from "@/lib/constraints/hard-nos";
import type { LimitRule } from "@/lib/constraints/limits";
import { type DislikeRule, hardNoReadingsInForce, readMember } from "@/lib/constraints/reading";
import { allFacts } from "@/lib/facts";
import { capOf, type Money, type OwnBudget, ownBudget } from "@/lib/money/budget";
import { memberHome } from "@/lib/places/home";
import { type HomeCountry, homeCountryOf } from "@/lib/places/home-country";
import type { Place, PlaceResolution } from "@/lib/places/resolve";
import type { Accessibility, Dietary, MemberPreferences } from "@/lib/schemas/preferences";

/**
 * One member's answers read as constraints: where they start from, what they can spend
 * and whether that is a hard cap, the stay they want, their diets and access needs, and
 * their hard no's as rules. Read from the raw form answers only, so the planner and the
 * validator start from the same facts about the member, whatever the model inferred.
 */

export type Tier = "budget" | "midrange" | "premium";
export const TIERS: readonly Tier[] = ["budget", "midrange", "premium"];

export type MemberConstraints = {
  memberId: string;
  name: string;
  origin: {
    text: string | null;
    resolution: PlaceResolution["status"];
    /** Where costs and flight times are computed from: the confirmed home (see `memberHome`), else null. */
    place: Place | null;
    /** false while the home is not confirmed: their travel is not priced. */
    verified: boolean;
  };
  /** For the whole trip, in the member's own currency (minor units); max null = no ceiling. */
  budget: OwnBudget | null;
  accommodation: Tier | null;
  dietary: Dietary[];
  accessibility: Accessibility[];
  scope: MemberPreferences["scope"];
  /** The country they live in ("In my country" means this one); null when their home doesn't say. */
  country: HomeCountry | null;
  pace: MemberPreferences["pace"];
  hardNos: HardNoReading[];
  /** Limits on their days read from their hard no's and notes (those they didn't dismiss). */
  limits: LimitRule[];
  /** Kinds of thing their notes speak against (those they didn't dismiss). */
  dislikes: DislikeRule[];
};

/** The member's hard cap, in their own currency, when their budget's max is a hard limit. */
export function hardCapOf(member: Pick<MemberConstraints, "budget">): Money | null {
  return capOf(member.budget);
}

export function rulesOf(member: Pick<MemberConstraints, "hardNos">): HardNoRule[] {
  return member.hardNos.flatMap((h) => h.rules);
}

/**
 * Hard no's are read by code, never by a model, so even one the risk guard flagged is
 * still enforced; only the rules (whose labels come from our lexicon) travel on, never
 * the member's text.
 */
export function memberConstraints(member: {
  id: string;
  name: string;
  preferences: MemberPreferences;
}): MemberConstraints {
  const p = member.preferences;
  const originText = p.origin;
  const home = memberHome(p);
  return {
    memberId: member.id,
    name: member.name,
    origin: { text: originText, resolution: home.status, place: home.place, verified: home.place !== null },
    budget: ownBudget(p.budget),
    accommodation: p.accommodation,
    dietary: p.dietary,
    accessibility: p.accessibility,
    scope: p.scope,
    country: homeCountryOf(p),
    pace: p.pace,
    hardNos: hardNoReadingsInForce(p, destinationNames()),
    ...(({ limits, dislikes }) => ({ limits, dislikes }))(readMember(p)),
  };
}

let names: string[] | undefined;
function destinationNames(): string[] {
  names ??= allFacts().map((d) => d.name);
  return names;
}

/** Every member who answered, read as constraints (members who haven't answered aren't planned for yet). */
export function respondentConstraints(
  members: { id: string; name: string; preferences: MemberPreferences | null }[],
): MemberConstraints[] {
  return members.flatMap((m) => (m.preferences ? [memberConstraints({ ...m, preferences: m.preferences })] : []));
}
