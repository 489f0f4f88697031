import { isDomestic, originRegionOf } from "@/lib/catalog";
import type { CatalogActivity, CatalogDestination, OriginRegion } from "@/lib/schemas/catalog";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { RawMember } from "@/lib/schemas/pipeline";
import type { Accessibility, Dietary } from "@/lib/schemas/preferences";

/**
 * The group's hard constraints, judged deterministically. The candidate generator uses
 * these as filters, research uses them to pick which activities a highlight may name,
 * and the compliance validator uses the very same functions to check the final cards —
 * so "what we filtered by" and "what we check" can never drift apart.
 */

export type GroupConstraints = {
  dietary: Dietary[];
  accessibility: Accessibility[];
  /** Normalised terms of every hard no ("no long flights" → "long flight"). */
  hardNoTerms: string[];
  scope: "domestic" | "international" | "either";
  /** Min max among members whose budget is a hard limit. */
  hardCap: number | null;
};

export function constraintsOf(profile: GroupProfile): GroupConstraints {
  const scope = profile.scope.status;
  return {
    dietary: profile.constraints.dietary.map((d) => d.value),
    accessibility: profile.constraints.accessibility.map((a) => a.value),
    hardNoTerms: [...new Set(profile.constraints.hardNos.map((h) => normaliseTerm(h.value)).filter(Boolean))],
    // A scope conflict can't be satisfied both ways; each side is honoured by naming who compromises.
    scope: scope === "domestic" || scope === "international" ? scope : "either",
    hardCap: profile.budget.hardCap,
  };
}

/** Words that carry no meaning in a hard no ("no hiking, please", "I hate heights", "nothing with boats"). */
const FILLER = new Set(
  "no not none never avoid without nothing any anything dont don't do hate hates dislike please i we me my our us with the a an of for too very really much can't cant stand is are am be at all or and".split(
    " ",
  ),
);

/** "No long flights!" → "long flight": lower case, filler words and plural s dropped. */
export function normaliseTerm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .split(/\s+/)
    .filter((word) => word && !FILLER.has(word))
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word))
    .join(" ");
}

function mentions(haystack: string[], term: string): boolean {
  const words = ` ${haystack.map(normaliseTerm).join(" | ")} `;
  return words.includes(` ${term} `);
}

/** Why a destination breaks a hard constraint (empty = it doesn't). */
const ALLERGIES = new Set<Dietary>(["nut-allergy", "shellfish-allergy"]);

export function destinationViolations(destination: CatalogDestination, group: GroupConstraints): string[] {
  const reasons: string[] = [];
  if (group.scope === "domestic" && !isDomestic(destination))
    reasons.push("outside the US, but the group wants domestic");
  if (group.scope === "international" && isDomestic(destination))
    reasons.push("in the US, but the group wants international");
  const missingAccess = group.accessibility.filter((need) => !destination.accessibility.includes(need));
  if (missingAccess.length) reasons.push(`not ${missingAccess.join(", ")} friendly`);
  // Allergies are handled meal by meal (every food activity is checked); diets need a place that serves them.
  const missingDiet = group.dietary.filter((diet) => !ALLERGIES.has(diet) && !destination.dietary.includes(diet));
  if (missingDiet.length) reasons.push(`${missingDiet.join(", ")} options are hard to find`);
  for (const term of group.hardNoTerms) {
    if (mentions([destination.name, destination.country, ...destination.keywords, ...destination.vibes], term)) {
      reasons.push(`someone said no to "${term}"`);
    }
  }
  return reasons;
}

/** Why an activity breaks a hard constraint (empty = it doesn't). */
export function activityViolations(activity: CatalogActivity, group: GroupConstraints): string[] {
  const reasons: string[] = [];
  const missingAccess = group.accessibility.filter((need) => !activity.accessibility.includes(need));
  if (missingAccess.length) reasons.push(`not ${missingAccess.join(", ")} accessible`);
  if (activity.involvesFood) {
    const missingDiet = group.dietary.filter((diet) => !activity.dietaryOptions.includes(diet));
    if (missingDiet.length) reasons.push(`no ${missingDiet.join(", ")} option`);
  }
  for (const term of group.hardNoTerms) {
    if (mentions([activity.title, ...activity.keywords], term)) reasons.push(`someone said no to "${term}"`);
  }
  return reasons;
}

export function eligibleActivities(destination: CatalogDestination, group: GroupConstraints): CatalogActivity[] {
  return destination.activities.filter((a) => activityViolations(a, group).length === 0);
}

/** Fewer than this many usable activities and a destination can't fill two days of highlights. */
export const MIN_ELIGIBLE_ACTIVITIES = 4;

// ── Cost ────────────────────────────────────────────────────────────────────

export type CostEstimate = { low: number; high: number; nights: number; tier: "budget" | "midrange" | "premium" };

const US_REGIONS: OriginRegion[] = ["us-east", "us-central", "us-west"];

const TIERS = ["premium", "midrange", "budget"] as const;

/**
 * Per person for the whole trip: round-trip flight from each respondent's origin
 * (unknown origins count as anywhere in the US) + days × daily cost at the group's
 * usual accommodation tier + about one paid activity a day. low/high span the group.
 * When that goes over the group's hard cap, cheaper tiers are tried before giving up
 * on the place: a budget stay that everyone can afford beats no trip.
 */
export function estimateCost(
  destination: CatalogDestination,
  members: RawMember[],
  profile: GroupProfile,
  activities: CatalogActivity[],
): CostEstimate {
  const usual = usualTier(members);
  const cheaper = TIERS.slice(TIERS.indexOf(usual));
  let estimate = costAtTier(destination, members, profile, activities, usual);
  for (const tier of cheaper) {
    estimate = costAtTier(destination, members, profile, activities, tier);
    if (profile.budget.hardCap === null || estimate.high <= profile.budget.hardCap) break;
  }
  return estimate;
}

function costAtTier(
  destination: CatalogDestination,
  members: RawMember[],
  profile: GroupProfile,
  activities: CatalogActivity[],
  tier: CostEstimate["tier"],
): CostEstimate {
  const days = Math.max(profile.tripLength.windowDays, 2);
  const stay = days * destination.dailyCostUsd[tier];
  const paid = activities.map((a) => a.costUsd).sort((a, b) => a - b);
  const typical = paid.length ? (paid[Math.floor(paid.length / 2)] ?? 0) : 0;
  const activitiesUsd = typical * days;
  const flights = members
    .filter((m) => m.preferences)
    .flatMap((m) => {
      const region = originRegionOf(m.preferences?.origin ?? null);
      return region ? [destination.gettingThereUsd[region]] : US_REGIONS.map((r) => destination.gettingThereUsd[r]);
    });
  const fares = flights.length ? flights : US_REGIONS.map((r) => destination.gettingThereUsd[r]);
  return {
    low: roundTo10(Math.min(...fares) + stay + activitiesUsd),
    high: roundTo10(Math.max(...fares) + stay + activitiesUsd),
    nights: days - 1,
    tier,
  };
}

function usualTier(members: RawMember[]): CostEstimate["tier"] {
  const counts = { budget: 0, midrange: 0, premium: 0 };
  for (const m of members) {
    const tier = m.preferences?.accommodation;
    if (tier) counts[tier]++;
  }
  // Ties go to the cheaper tier: nobody should be priced out by default.
  if (counts.budget >= counts.midrange && counts.budget >= counts.premium && counts.budget > 0) return "budget";
  if (counts.premium > counts.midrange) return "premium";
  return "midrange";
}

function roundTo10(value: number): number {
  return Math.round(value / 10) * 10;
}

/** Members whose soft budget max the cost goes over (hard limits are never exceeded at all). */
export function stretchedMembers(costHigh: number, profile: GroupProfile): string[] {
  return profile.budget.ranges.filter((r) => !r.hardLimit && costHigh > r.max).map((r) => r.memberId);
}

export function overHardCap(costHigh: number, group: GroupConstraints): boolean {
  return group.hardCap !== null && costHigh > group.hardCap;
}
