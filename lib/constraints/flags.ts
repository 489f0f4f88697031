import { type HardNoRule, interpretHardNo } from "@/lib/constraints/hard-nos";
import { termMatches } from "@/lib/constraints/judge";
import type { FlagReason } from "@/lib/schemas/itinerary";

/**
 * What a flag in force asks of every later version of the plan, read from the flag itself
 * (never from a model): the flagged item stays out, and a reason in the member's words
 * that names a kind of thing ("Not my thing — I said no museums please") keeps that kind
 * out too, read with the hard-no lexicon so "museums" means museums and galleries, not all
 * culture. Accessibility and diet flags are hard: not even the organizer's lock keeps the
 * item in. Shared by the planner and the validator like the hard-no lexicon itself.
 */

/** Flags a lock does not outweigh: the member can't take part. */
export const HARD_FLAG_REASONS: readonly FlagReason[] = ["not-accessible", "diet-clash"];

/** Reasons whose words are read for a kind ("too expensive: cheaper museums" asks for no rule). */
const KIND_REASONS: readonly FlagReason[] = ["not-my-thing", "not-accessible", "diet-clash"];

export function isHardFlag(flag: { reason: FlagReason }): boolean {
  return HARD_FLAG_REASONS.includes(flag.reason);
}

/** The kinds of thing a flag's words rule out, as hard-no term rules (empty when it names none). */
export function flagKinds(flag: { reason: FlagReason; text: string }): Extract<HardNoRule, { kind: "term" }>[] {
  if (!KIND_REASONS.includes(flag.reason) || !flag.text.trim()) return [];
  return interpretHardNo(flag.text).rules.filter((r): r is Extract<HardNoRule, { kind: "term" }> => r.kind === "term");
}

/**
 * The items of a plan that flags in force keep out: the flagged item itself, or one of a
 * kind its words name (judged by what the facts say the activity is). One entry per flag and item.
 */
export function itemsUnderFlags(
  plan: { days: { items: { key: string; title: string; activityId: string | null }[] }[] },
  flags: { id: string; itemKey: string; reason: FlagReason; text: string }[],
  facts: { activities: { id: string; title: string; keywords: string[] }[] } | undefined,
): { flagId: string; itemKey: string; title: string }[] {
  const out: { flagId: string; itemKey: string; title: string }[] = [];
  for (const item of plan.days.flatMap((d) => d.items)) {
    const known = facts?.activities.find((a) => a.id === item.activityId);
    const judged = { keywords: known?.keywords ?? [], title: known?.title ?? item.title };
    for (const f of flags) {
      if (f.itemKey === item.key || flagKinds(f).some((rule) => termMatches(rule, judged)))
        out.push({ flagId: f.id, itemKey: item.key, title: item.title });
    }
  }
  return out;
}
