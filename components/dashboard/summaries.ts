import { formatRange, formatUsd, joinAnd, plural } from "@/lib/format";
import type { Conflict, GroupProfile } from "@/lib/schemas/group-profile";

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
