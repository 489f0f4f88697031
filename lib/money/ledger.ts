import { hardCapOf, type MemberConstraints, TIERS, type Tier } from "@/lib/constraints/member";
import type { DestinationFacts } from "@/lib/facts";
import { type Travel, travelBetween } from "@/lib/facts/travel";
import { formatUsd } from "@/lib/format";
import { exceeds, formatBudget, maxOf, overByUsd } from "@/lib/money/budget";
import { type DayMeals, foodExtraLines } from "@/lib/money/food";
import type { LedgerLine, MemberCost } from "@/lib/schemas/money";
import type { RankingMode } from "@/lib/schemas/recommendations";

/**
 * What one member's trip costs, line by line, each line with the fact it came from
 * (DESIGN.md "Money and constraints"): their own round trip from their own home, the
 * nights of the concrete dates at their tier (lodging, food and local transport: the
 * catalog's daily figure, counted per night), and activities. All whole USD per person.
 *
 * A member keeps the stay they asked for unless their own hard cap can't afford it; then
 * the first cheaper tier that fits is used, and the ledger says so.
 */

export type { LedgerLine, MemberCost };

/** What the figures of a member whose home isn't confirmed say about travel. */
export const UNCONFIRMED_HOME_NOTE = "travel not included: home not confirmed";

export type ActivityAllowance = { usd: number; basis: string };

/**
 * A card's activities line before any day is planned: about one paid activity a day at
 * the destination's median ticket price (the lower middle of the paid activities' prices).
 */
export function cardActivityAllowance(facts: Pick<DestinationFacts, "activities">, days: number): ActivityAllowance {
  const prices = facts.activities
    .map((a) => a.costUsd)
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
  const median = prices.length ? (prices[Math.floor((prices.length - 1) / 2)] ?? 0) : 0;
  return {
    usd: median * days,
    basis: `about one paid activity a day: ${days} × ${formatUsd(median)} (median ticket)`,
  };
}

export function memberCost({
  facts,
  member,
  nights,
  activities,
  groupTier,
  meals = [],
}: {
  facts: Pick<DestinationFacts, "name" | "coordinates" | "gettingThereUsd" | "dailyCostUsd">;
  member: MemberConstraints;
  nights: number;
  activities: ActivityAllowance;
  groupTier: Tier;
  /** A plan's meals, day by day: a day over the member's own food allowance adds a named extra. */
  meals?: readonly DayMeals[];
}): MemberCost {
  // A home the member hasn't confirmed prices no travel at all (never a guessed region's fare).
  const home = member.origin.place;
  const travel: Travel | null = home ? travelBetween(home, facts) : null;
  const travelLine: LedgerLine | null = travel && {
    item: "travel",
    label:
      travel.mode === "home"
        ? "You live here — no travel"
        : travel.mode === "ground"
          ? "Road or rail, round trip"
          : "Round-trip flight",
    // A fare the facts don't have is left out of the total, and the line says so (never an assumed price).
    usd: travel.usd ?? 0,
    basis: `${travel.basis}${travel.usd === null ? " (not included in the total)" : ""}`,
  };
  const wanted = member.accommodation ?? groupTier;
  const cap = hardCapOf(member);
  const priced = (tier: Tier) => {
    const daily = facts.dailyCostUsd[tier];
    const stay: LedgerLine = {
      item: "stay",
      label: `Lodging, food and local transport (${tier})`,
      usd: daily * nights,
      basis: `${nights} night${nights === 1 ? "" : "s"} × ${formatUsd(daily)} a night at ${tier} level`,
    };
    const activityLine: LedgerLine = {
      item: "activities",
      label: "Activities",
      usd: activities.usd,
      basis: activities.basis,
    };
    const lines = [...(travelLine ? [travelLine] : []), stay, activityLine, ...foodExtraLines(meals, daily, tier)];
    return { tier, lines, total: lines.reduce((sum, l) => sum + l.usd, 0) };
  };
  // Cheaper tiers only when the member's own hard cap can't afford the one they asked for.
  const options = TIERS.slice(0, TIERS.indexOf(wanted) + 1)
    .reverse()
    .map(priced);
  // Judged in the member's own currency: the plan's dollars converted at the table's rate.
  const fitting = cap === null ? options[0] : options.find((o) => !exceeds(o.total, cap));
  const chosen = fitting ?? options.at(-1) ?? priced(wanted);
  const tierNote =
    chosen.tier === wanted
      ? null
      : `${chosen.tier} stay: ${wanted} would be over the ${cap ? formatBudget(cap) : ""} hard cap`;
  const max = maxOf(member.budget);
  return {
    memberId: member.memberId,
    tier: chosen.tier,
    tierNote,
    lines: chosen.lines,
    total: chosen.total,
    travel: travel ? { mode: travel.mode, km: travel.km, hours: travel.hours } : { mode: "unknown", km: 0, hours: 0 },
    verified: travel !== null,
    travelNote: travel ? null : UNCONFIRMED_HOME_NOTE,
    capUnverifiable: travel === null && cap !== null,
    overBy: overByUsd(chosen.total, max),
    breaksHardCap: cap !== null && exceeds(chosen.total, cap),
  };
}

/** The stay most of the group asked for; ties go to the cheaper tier, so nobody is priced out by default. */
export function usualTier(members: Pick<MemberConstraints, "accommodation">[]): Tier {
  const counts: Record<Tier, number> = { budget: 0, midrange: 0, premium: 0 };
  for (const m of members) if (m.accommodation) counts[m.accommodation]++;
  if (counts.budget > 0 && counts.budget >= counts.midrange && counts.budget >= counts.premium) return "budget";
  if (counts.premium > counts.midrange) return "premium";
  return "midrange";
}

/** A group range that never hides an overrun: low rounded down, high rounded up, to $10. */
export function groupRange(costs: Pick<MemberCost, "total">[]): { low: number; high: number } {
  const totals = costs.map((c) => c.total);
  if (totals.length === 0) return { low: 0, high: 0 };
  return { low: Math.floor(Math.min(...totals) / 10) * 10, high: Math.ceil(Math.max(...totals) / 10) * 10 };
}

/**
 * The label a set of member costs earns: someone over their own budget is a compromise; nobody
 * over, but a hard cap that can't be checked (no confirmed home), unchecked — never "inside
 * everyone's budget" over a cap nobody could check; else consensus.
 */
export function budgetModeOf(costs: Pick<MemberCost, "overBy" | "capUnverifiable">[]): RankingMode {
  if (costs.some((c) => c.overBy > 0)) return "compromise";
  return costs.some((c) => c.capUnverifiable) ? "unchecked" : "consensus";
}
