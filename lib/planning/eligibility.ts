import {
  allergiesOf,
  atTable,
  type Breach,
  destinationBreaches,
  enoughPlacesToEat,
  MIN_PLACES_TO_EAT,
  suitsEveryone,
} from "@/lib/constraints/judge";
import { hardCapOf, type MemberConstraints, type Tier } from "@/lib/constraints/member";
import { allFacts, type DestinationFacts } from "@/lib/facts";
import { formatUsd, plural } from "@/lib/format";
import { formatBudget } from "@/lib/money/budget";
import { cardActivityAllowance, memberCost, usualTier } from "@/lib/money/ledger";
import { monthsOf, shapeFor, type TripFrame } from "@/lib/planning/trip-shape";
import type { CatalogActivity } from "@/lib/schemas/catalog";
import type { MemberCost } from "@/lib/schemas/money";
import type { Vibe } from "@/lib/schemas/preferences";
import type { Exclusion, TripShape } from "@/lib/schemas/recommendations";

/**
 * Which destinations the group can go to, judged member by member, and what each costs
 * each of them. A destination is left out for a named member's hard constraint: their
 * diet (an allergy: too few places to eat that confirm it, lib/constraints/judge.ts), access need, hard
 * no, a flight from their own home, the weather in the travel month, their scope, or their
 * own total over their own hard cap even at the cheapest stay and the shortest length
 * everyone accepts — or, for the group as a whole, when too few activities or places to
 * eat suit everyone at once. Vibes never exclude: they rank.
 */

/** Fewer than this many activities that suit everyone, and a place can't fill two days. */
export const MIN_ELIGIBLE_ACTIVITIES = 4;

export type EligibleDestination = {
  facts: DestinationFacts;
  trip: TripShape;
  costs: MemberCost[];
  /** Activities that suit every member. */
  activities: CatalogActivity[];
  /** 0–1: how well its vibes match what the group likes, less what someone dislikes. */
  vibeMatch: number;
  homeMemberIds: string[];
};

export type GroupTaste = {
  /** Vibes at least half the respondents like (form or notes). */
  liked: Vibe[];
  /** Vibes someone dislikes, with how many. */
  disliked: Map<Vibe, number>;
  respondents: number;
};

export type JudgeInput = {
  members: MemberConstraints[];
  frame: TripFrame;
  scopeApplies: boolean;
  /** The organizer's decision on the scope, which every member's own side gives way to. */
  decidedScope?: "domestic" | "international" | null;
  /** Places researched for this run (beyond the catalog), judged like the catalog's. */
  places?: readonly DestinationFacts[];
};

export function assessDestinations({ taste, ...input }: JudgeInput & { taste: GroupTaste }): {
  eligible: EligibleDestination[];
  excluded: Exclusion[];
} {
  const { eligible, excluded } = judgeDestinations(input);
  return { eligible: eligible.map((e) => ({ ...e, vibeMatch: vibeMatch(e.facts.vibes, taste) })), excluded };
}

type Judged = { eligible: Omit<EligibleDestination, "vibeMatch">[]; excluded: Exclusion[] };

/**
 * The hard-constraint half of `assessDestinations` (everything but taste), remembered for
 * its exact input: it is pure, and the pipeline works it out while the normalizers' calls
 * are out (`judgeDestinations` from the answers the rules let through), so the shortlist
 * step finds it ready. Different input (the guard's model pass withheld more) is a miss.
 */
const judged = new Map<string, Judged>();
const JUDGED_KEPT = 4;

export function judgeDestinations(input: JudgeInput): Judged {
  const key = JSON.stringify([
    input.members,
    input.frame,
    input.scopeApplies,
    input.decidedScope ?? null,
    (input.places ?? []).map((p) => `${p.slug}@${p.provenance.version}`),
  ]);
  const known = judged.get(key);
  if (known) return known;
  const fresh = judge(input);
  judged.set(key, fresh);
  if (judged.size > JUDGED_KEPT) judged.delete(judged.keys().next().value as string);
  return fresh;
}

/** The same judgement, worked out afresh and not remembered (for "what if" questions that would crowd out the run's). */
export function judgeAfresh(input: JudgeInput): Judged {
  return judge(input);
}

function judge({ members, frame, scopeApplies, decidedScope = null, places = [] }: JudgeInput): Judged {
  const groupTier = usualTier(members);
  const eligible: Judged["eligible"] = [];
  const excluded: Exclusion[] = [];
  const longest = shapeFor(frame, frame.maxDays, null);
  const months = monthsOf(longest);
  for (const facts of [...allFacts(), ...places]) {
    const reasons: Exclusion["reasons"] = destinationBreaches(facts, members, {
      months,
      scopeApplies,
      decidedScope,
      days: frame.maxDays,
    }).map(asReason);
    const activities = facts.activities.filter((a) => suitsEveryone(a, members));
    if (activities.length < MIN_ELIGIBLE_ACTIVITIES) {
      reasons.push({
        memberId: null,
        rule: "too-few-activities",
        detail: `only ${plural(activities.length, "activity", "activities")} suit everyone's needs and hard no's`,
      });
    }
    // The group eats together: when someone has an allergy or an access need at the table, lunch
    // and dinner need places that meet everyone's at once (and their hard no's), as the plan seats
    // them. A member whose own allergies no place here serves is named above; this is the group's.
    const seated = atTable(members).map((m) => ({ ...m, dietary: allergiesOf(m.dietary) }));
    const tables = facts.meals.filter((meal) => suitsEveryone(meal, seated));
    const needsAtTable = seated.some((m) => m.dietary.length > 0 || m.accessibility.length > 0);
    if (needsAtTable && !reasons.some((r) => r.rule === "diet") && !enoughPlacesToEat(tables)) {
      const served = (["lunch", "dinner"] as const).filter((t) => tables.some((meal) => meal.meals.includes(t)));
      reasons.push({
        memberId: null,
        rule: "too-few-places-to-eat",
        detail:
          tables.length < MIN_PLACES_TO_EAT
            ? `only ${plural(tables.length, "place")} to eat ${tables.length === 1 ? "suits" : "suit"} everyone's needs and hard no's`
            : `no place to eat that suits everyone's needs and hard no's serves ${served.includes("lunch") ? "dinner" : "lunch"}`,
      });
    }
    const priced = reasons.length ? null : longestAffordable(facts, members, frame, groupTier);
    if (priced && "breaches" in priced) reasons.push(...priced.breaches);
    if (reasons.length || !priced || "breaches" in priced) {
      excluded.push({ slug: facts.slug, name: facts.name, reasons });
      continue;
    }
    eligible.push({
      facts,
      trip: priced.trip,
      costs: priced.costs,
      activities,
      homeMemberIds: priced.costs.filter((c) => c.travel.mode === "home").map((c) => c.memberId),
    });
  }
  return { eligible, excluded };
}

function asReason(b: Breach): Exclusion["reasons"][number] {
  return { memberId: b.memberId, rule: b.rule, detail: b.detail };
}

/** The longest trip in the frame that every member's own hard cap allows (each at the stay their cap affords). */
function longestAffordable(
  facts: DestinationFacts,
  members: MemberConstraints[],
  frame: TripFrame,
  groupTier: Tier,
): { trip: TripShape; costs: MemberCost[] } | { breaches: Exclusion["reasons"] } {
  const costsFor = (days: number) =>
    members.map((member) =>
      memberCost({ facts, member, nights: days - 1, activities: cardActivityAllowance(facts, days), groupTier }),
    );
  for (let days = frame.maxDays; days >= frame.minDays; days--) {
    const costs = costsFor(days);
    const over = costs.filter((c) => c.breaksHardCap);
    if (over.length === 0) {
      const note =
        days < frame.maxDays
          ? `${days} days rather than ${frame.maxDays}: a longer stay would go over someone's hard budget cap`
          : frame.limit
            ? `${days} days: ${frame.limit}`
            : null;
      return { trip: shapeFor(frame, days, note), costs };
    }
  }
  const shortest = costsFor(frame.minDays);
  return {
    breaches: shortest
      .filter((c) => c.breaksHardCap)
      .map((c) => {
        const member = members.find((m) => m.memberId === c.memberId);
        return {
          memberId: c.memberId,
          rule: "hard-cap",
          detail: `their own total for ${plural(frame.minDays, "day")} is ${formatUsd(c.total)} even at ${c.tier} level, over their ${((cap) => (cap ? formatBudget(cap) : ""))(hardCapOf(member ?? { budget: null }))} hard cap`,
        };
      }),
  };
}

/** Liked vibes it has, as a share of all liked vibes, less a penalty for each vibe someone dislikes. */
export function vibeMatch(vibes: Vibe[], taste: GroupTaste): number {
  const liked = taste.liked.length ? taste.liked.filter((v) => vibes.includes(v)).length / taste.liked.length : 0.5;
  let penalty = 0;
  for (const [vibe, count] of taste.disliked)
    if (vibes.includes(vibe)) penalty += count / Math.max(1, taste.respondents);
  return Math.max(0, Math.min(1, Math.round((liked - penalty * 0.5) * 100) / 100));
}
