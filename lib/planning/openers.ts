import { aggregatePreferences } from "@/lib/agents/aggregation";
import { respondentConstraints } from "@/lib/constraints/member";
import type { DestinationFacts } from "@/lib/facts";
import { budgetInUsd, ownBudget } from "@/lib/money/budget";
import { type JudgeInput, judgeAfresh, judgeDestinations } from "@/lib/planning/eligibility";
import { tripFrame } from "@/lib/planning/trip-shape";
import type { MemberPreferences } from "@/lib/schemas/preferences";
import type { Opener } from "@/lib/schemas/recommendations";

/**
 * When few places fit, which single change would open the most? Each is one member's own
 * answer changed one way — a higher hard cap, one hard no let go, either side of home or
 * abroad, a day less or a day more — and judged again by the same judge as the shortlist,
 * everyone else's answers as they are. A change counts the places it opens that nobody can
 * go to now. Access needs and diets are needs, not preferences: never suggested away.
 */

type Member = { id: string; name: string; preferences: MemberPreferences | null };
type Decisions = Parameters<typeof aggregatePreferences>[1];

export type OpenersInput = {
  members: Member[];
  decisions: Decisions;
  today: string;
  places?: readonly DestinationFacts[];
};

/** At most this many changes are shown (the rest open fewer places). */
export const MAX_OPENERS = 6;
/** A budget change is rounded up to this many dollars. */
const BUDGET_STEP = 50;

const ORDER: Opener["change"][] = ["budget", "hard-no", "scope", "shorter", "longer"];

export function openersFor(input: OpenersInput): Opener[] {
  const now = new Set(eligibleSlugs(input, input.members, true));
  const opened = (members: Member[]) => eligibleSlugs(input, members, false).filter((slug) => !now.has(slug));
  const found: Opener[] = [];
  const add = (memberId: string, change: Opener["change"], slugs: string[], extra: Partial<Opener> = {}) => {
    if (slugs.length)
      found.push({
        memberId,
        change,
        budget: null,
        rule: null,
        opens: slugs.length,
        slugs: [...slugs].sort(),
        ...extra,
      });
  };
  for (const member of input.members) {
    const p = member.preferences;
    if (!p) continue;
    const withAnswer = (changed: MemberPreferences) =>
      opened(input.members.map((m) => (m.id === member.id ? { ...m, preferences: changed } : m)));

    const budget = p.budget;
    const own = ownBudget(budget);
    if (budget && own?.hardLimit) {
      // Caps are tried in dollars (the plan's unit), from the member's own cap rounded down.
      const usd = budgetInUsd(own);
      const cap = usd.max ?? 0;
      const atCap = (max: number) =>
        withAnswer({
          ...p,
          budget: { currency: "USD", minAmount: Math.min(usd.min, max) * 100, maxAmount: max * 100, hardLimit: true },
        });
      const uncapped = withAnswer({ ...p, budget: { ...budget, hardLimit: false } });
      if (uncapped.length) {
        // The lowest cap (in $50 steps) that opens as many places as no cap at all.
        let step = 1;
        while (step < 4096 && atCap(roundUp(cap + step * BUDGET_STEP)).length < uncapped.length) step *= 2;
        let low = 0;
        let high = step;
        while (high - low > 1) {
          const mid = Math.floor((low + high) / 2);
          if (atCap(roundUp(cap + mid * BUDGET_STEP)).length >= uncapped.length) high = mid;
          else low = mid;
        }
        const amount = roundUp(cap + high * BUDGET_STEP);
        add(member.id, "budget", atCap(amount), { budget: amount });
      }
    }

    p.hardNos.forEach((_, i) => {
      const slugs = withAnswer({ ...p, hardNos: p.hardNos.filter((__, j) => j !== i) });
      const rule = ruleOf(member, i);
      if (rule) add(member.id, "hard-no", slugs, { rule });
    });

    if (p.scope !== "either") add(member.id, "scope", withAnswer({ ...p, scope: "either" }));

    const { minDays, maxDays } = p.tripLength;
    if (minDays > 1) add(member.id, "shorter", withAnswer({ ...p, tripLength: { minDays: minDays - 1, maxDays } }));
    if (maxDays < 30) add(member.id, "longer", withAnswer({ ...p, tripLength: { minDays, maxDays: maxDays + 1 } }));
  }
  return found
    .sort(
      (a, b) =>
        b.opens - a.opens ||
        ORDER.indexOf(a.change) - ORDER.indexOf(b.change) ||
        (a.memberId ?? "").localeCompare(b.memberId ?? ""),
    )
    .slice(0, MAX_OPENERS);
}

/**
 * For the dashboard, live from the answers: how many places fit everyone when fewer than
 * three do, with the changes that would open the most; null when three or more fit or
 * nobody has answered. Remembered for its exact input (a watching group re-renders often).
 */
export function fewFitFor(input: OpenersInput): { fit: number; openers: Opener[] } | null {
  if (!input.members.some((m) => m.preferences)) return null;
  const key = JSON.stringify([input.members, input.decisions, input.today]);
  const known = FEW_FIT.get(key);
  if (known !== undefined) return known;
  const fit = eligibleSlugs(input, input.members, true).length;
  const result = fit < 3 ? { fit, openers: openersFor(input) } : null;
  FEW_FIT.set(key, result);
  if (FEW_FIT.size > 16) FEW_FIT.delete(FEW_FIT.keys().next().value as string);
  return result;
}
const FEW_FIT = new Map<string, { fit: number; openers: Opener[] } | null>();

/** As a member sees them: their own in full; another's as the kind of change and its count (whose, figure and hard no cut). */
export function openersSeenBy(openers: readonly Opener[], memberId: string): Opener[] {
  return openers.map((o) => (o.memberId === memberId ? o : { ...o, memberId: null, budget: null, rule: null }));
}

function roundUp(usd: number): number {
  return Math.ceil(usd / BUDGET_STEP) * BUDGET_STEP;
}

/** What a hard no rules out, in our own words (its rules' labels), never the member's text. */
function ruleOf(member: Member, index: number): string | null {
  const [reading] = respondentConstraints([member])[0]?.hardNos.slice(index, index + 1) ?? [];
  const labels = [...new Set(reading?.rules.map((r) => r.label) ?? [])];
  return labels.length ? labels.join("; ") : null;
}

function eligibleSlugs(input: OpenersInput, members: Member[], remembered: boolean): string[] {
  const profile = aggregatePreferences(members, input.decisions);
  const judgeInput: JudgeInput = {
    members: respondentConstraints(members),
    frame: tripFrame(profile, input.today),
    scopeApplies: profile.scope.status !== "conflict",
    decidedScope: profile.scope.decided,
    places: input.places,
  };
  // The answers as they are were judged for the shortlist already: that judgement is reused.
  const { eligible } = remembered ? judgeDestinations(judgeInput) : judgeAfresh(judgeInput);
  return eligible.map((e) => e.facts.slug);
}
