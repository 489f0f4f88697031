import { fewFitHeadline, openerText } from "@/components/recommendations/openers";
import { formatRange, formatUsd, joinAnd, plural } from "@/lib/format";
import type { Conflict, GroupProfile } from "@/lib/schemas/group-profile";
import type { Opener } from "@/lib/schemas/recommendations";

/**
 * One line per dashboard section, for its collapsed state: what a member would want to
 * know without opening it. Group-level facts only (counts and ranges), like the sections.
 */

export function datesSummary(dates: GroupProfile["dates"], respondents: number): string {
  if (dates.decided) return `Decided: ${formatRange(dates.decided.start, dates.decided.end)}.`;
  const best = dates.overlapWindows[0];
  if (best) return `Everyone can go ${formatRange(best.start, best.end)}.`;
  if (dates.status === "flexible") return "Everyone who answered is flexible.";
  if (dates.best) {
    return `No dates suit everyone; ${dates.best.availableIds.length} of ${respondents} can go ${formatRange(dates.best.start, dates.best.end)}.`;
  }
  return "No dates suit everyone yet.";
}

export function budgetSummary(budget: GroupProfile["budget"]): string {
  if (budget.status === "conflict") return "No budget suits everyone yet.";
  if (budget.status === "flexible") return "Everyone who answered is flexible.";
  if (budget.low === null || budget.high === null) return "No budgets yet.";
  return `${formatUsd(budget.low)}–${formatUsd(budget.high)} per person suits everyone.`;
}

export function vibesSummary(vibes: GroupProfile["vibes"]): string {
  if (vibes.shared.length) return `Everyone likes ${joinAnd(vibes.shared)}.`;
  if (vibes.popular.length) return `Most like ${joinAnd(vibes.popular)}.`;
  return vibes.counts.length ? "No vibe everyone shares yet." : "No vibes picked yet.";
}

export function needsSummary(constraints: GroupProfile["constraints"]): string {
  const needs = constraints.dietary.length + constraints.accessibility.length;
  const parts = [
    needs ? plural(needs, "need") : null,
    constraints.hardNos.length ? plural(constraints.hardNos.length, "hard no", "hard no's") : null,
    constraints.mustHaves.length ? plural(constraints.mustHaves.length, "must-have") : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? `${joinAnd(parts)} every plan respects.` : "No needs or hard no's yet.";
}

export function conflictsSummary(conflicts: Conflict[]): string {
  if (conflicts.length === 0) return "None: the group agrees so far.";
  const names = conflicts.map((c) => c.kind.replace("-", " "));
  return `${plural(conflicts.length, "conflict")}: ${joinAnd(names)}.`;
}

/**
 * The conflicts card as the viewer sees it, worked out once: the phone's section chip, the
 * card's collapsed line, what it lists and its empty message all come from here, so they
 * can't disagree. "Few places fit" is one item of the card (the changes that would open
 * more), counted like a conflict; "No conflicts" is said only when the card lists nothing.
 */
export function conflictsCard(input: {
  conflicts: Conflict[];
  fewFit: { fit: number; openers: Opener[] } | null;
  viewerId: string;
  nameOf: (id: string) => string;
}): { count: number; chip: string; summary: string; empty: string | null; listsFewFit: boolean } {
  const { conflicts, fewFit } = input;
  const count = conflicts.length + (fewFit ? 1 : 0);
  const blocker = fewFit?.openers[0];
  const fewLine = fewFit
    ? `${fewFitHeadline(fewFit.fit)}${blocker ? ` The real blocker — ${openerText(blocker, input.viewerId, input.nameOf)}.` : ""}`
    : null;
  const summary = !fewLine
    ? conflictsSummary(conflicts)
    : conflicts.length
      ? `${fewLine} Also ${conflictsSummary(conflicts).charAt(0).toLowerCase()}${conflictsSummary(conflicts).slice(1)}`
      : fewLine;
  return {
    count,
    chip: `Conflicts (${count})`,
    summary,
    empty: count === 0 ? "No conflicts — the group agrees on everything so far" : null,
    listsFewFit: fewFit !== null,
  };
}
