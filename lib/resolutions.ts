import { addDays } from "@/lib/dates";
import { formatRange, plural } from "@/lib/format";
import { budgetInUsd, formatBudget, ownBudget, usdIn } from "@/lib/money/budget";
import { requireCurrency } from "@/lib/money/currency";
import type { Conflict, GroupProfile } from "@/lib/schemas/group-profile";
import { availableWindows, MAX_DATE_WINDOWS, type MemberPreferences } from "@/lib/schemas/preferences";
import type { AnswerPatch } from "@/lib/schemas/resolutions";

/**
 * The fixes a member can apply to their own answers, one per conflict they are part of:
 * "add Jun 12–16 to your dates", "lower your minimum to $1,500", "raise your longest trip
 * to 5 days", "either is fine". Each is the exact change (the answers' fields before and
 * after), so the dashboard can show it before it is applied, apply it in one step with the
 * form's optimistic concurrency, and undo it by putting `before` back. Computed from the
 * group profile on the server at the moment of applying: a fix that no longer applies
 * (someone else changed their answers) is refused, not applied blind.
 *
 * Only ever the viewer's own fixes: nobody can change another member's answers.
 */

export type Resolution = {
  /** Stable for the same fix of the same conflict: what "Apply" sends back. */
  id: string;
  conflict: Conflict["kind"];
  /** "Add Jun 12–16 to your dates". */
  label: string;
  /** Each changed answer in words, before → after. */
  changes: { field: string; before: string; after: string }[];
  before: AnswerPatch;
  after: AnswerPatch;
};

export function resolutionsFor(
  profile: GroupProfile,
  memberId: string,
  answers: MemberPreferences | null,
): Resolution[] {
  if (!answers) return [];
  return [
    datesFix(profile, memberId, answers),
    ...budgetFixes(profile, answers),
    ...tripLengthFixes(profile, answers),
    scopeFix(profile, answers),
  ].filter((r): r is Resolution => r !== null);
}

function datesFix(profile: GroupProfile, memberId: string, answers: MemberPreferences): Resolution | null {
  const { status, best, decided } = profile.dates;
  if ((status !== "partial" && status !== "none") || !best || decided) return null;
  const widen = best.widen.find((w) => w.memberId === memberId);
  if (!widen || widen.days === 0 || answers.dates.flexible) return null;
  const windows = merged([...answers.dates.windows, { start: best.start, end: best.end }]);
  if (windows.length > MAX_DATE_WINDOWS) return null;
  const range = formatRange(best.start, best.end);
  const after = { ...answers.dates, windows };
  // Only the days they lack: "Add Apr 12–13 to your dates (for Apr 9–13)".
  const lacking = uncoveredRuns(best, availableWindows(answers.dates));
  const days = lacking.map((r) => formatRange(r.start, r.end)).join(", ");
  return {
    id: `dates:${best.start}:${best.end}`,
    conflict: "dates",
    label: days === range ? `Add ${range} to your dates` : `Add ${days} to your dates (for ${range})`,
    changes: [{ field: "Your dates", before: windowsText(answers.dates.windows), after: windowsText(windows) }],
    before: { dates: answers.dates },
    after: { dates: after },
  };
}

function budgetFixes(profile: GroupProfile, answers: MemberPreferences): Resolution[] {
  const { status, low, high } = profile.budget;
  const own = answers.budget;
  const mine = ownBudget(own);
  if (status !== "conflict" || low === null || high === null || !own || !mine) return [];
  // The group's range is in dollars (as the profile compares it); the fix is in the member's own currency,
  // rounded to a whole unit on the side that resolves the conflict.
  const usd = budgetInUsd(mine);
  const unit = 10 ** requireCurrency(mine.currency).exponent;
  const show = (amount: number) => formatBudget({ amount, currency: mine.currency });
  const fixes: Resolution[] = [];
  if (usd.min > high) {
    const to = Math.floor(usdIn(high, mine.currency) / unit) * unit;
    fixes.push({
      id: `budget:min:${high}`,
      conflict: "budget",
      label: `Lower your minimum to ${show(to)}`,
      changes: [{ field: "Your minimum", before: show(own.minAmount), after: show(to) }],
      before: { budget: own },
      after: { budget: { ...own, minAmount: to } },
    });
  }
  if (usd.max !== null && usd.max < low && !own.hardLimit) {
    const to = Math.ceil(usdIn(low, mine.currency) / unit) * unit;
    fixes.push({
      id: `budget:max:${low}`,
      conflict: "budget",
      label: `Raise your maximum to ${show(to)}`,
      changes: [{ field: "Your maximum", before: show(own.maxAmount), after: show(to) }],
      before: { budget: own },
      after: { budget: { ...own, maxAmount: to } },
    });
  }
  return fixes;
}

function tripLengthFixes(profile: GroupProfile, answers: MemberPreferences): Resolution[] {
  const { conflict, minDays, maxDays } = profile.tripLength;
  if (!conflict || minDays === null || maxDays === null) return [];
  const own = answers.tripLength;
  const fixes: Resolution[] = [];
  if (own.minDays > maxDays) {
    fixes.push({
      id: `trip-length:min:${maxDays}`,
      conflict: "trip-length",
      label: `Lower your shortest trip to ${plural(maxDays, "day")}`,
      changes: [{ field: "Your shortest trip", before: plural(own.minDays, "day"), after: plural(maxDays, "day") }],
      before: { tripLength: own },
      after: { tripLength: { ...own, minDays: maxDays } },
    });
  }
  if (own.maxDays < minDays) {
    fixes.push({
      id: `trip-length:max:${minDays}`,
      conflict: "trip-length",
      label: `Raise your longest trip to ${plural(minDays, "day")}`,
      changes: [{ field: "Your longest trip", before: plural(own.maxDays, "day"), after: plural(minDays, "day") }],
      before: { tripLength: own },
      after: { tripLength: { ...own, maxDays: minDays } },
    });
  }
  return fixes;
}

function scopeFix(profile: GroupProfile, answers: MemberPreferences): Resolution | null {
  if (profile.scope.status !== "conflict" || answers.scope === "either") return null;
  const current = answers.scope === "domestic" ? "Stay in my country" : "Go abroad";
  return {
    id: "scope:either",
    conflict: "scope",
    label: answers.scope === "domestic" ? "Agree to a trip abroad too" : "Agree to a trip in your own country too",
    changes: [{ field: "Domestic or abroad", before: current, after: "Either is fine" }],
    before: { scope: answers.scope },
    after: { scope: "either" },
  };
}

/** The runs of days of `window` that none of `windows` covers. */
function uncoveredRuns(
  window: { start: string; end: string },
  windows: { start: string; end: string }[],
): { start: string; end: string }[] {
  const runs: { start: string; end: string }[] = [];
  for (let day = window.start; day <= window.end; day = addDays(day, 1)) {
    if (windows.some((w) => w.start <= day && day <= w.end)) continue;
    const last = runs.at(-1);
    if (last && addDays(last.end, 1) === day) last.end = day;
    else runs.push({ start: day, end: day });
  }
  return runs;
}

/** Windows sorted, with overlapping or touching ones joined. */
function merged(windows: { start: string; end: string }[]): { start: string; end: string }[] {
  const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
  const out: { start: string; end: string }[] = [];
  for (const w of sorted) {
    const last = out.at(-1);
    if (last && w.start <= addDays(last.end, 1)) {
      if (w.end > last.end) last.end = w.end;
    } else out.push({ ...w });
  }
  return out;
}

function windowsText(windows: { start: string; end: string }[]): string {
  return windows.length ? windows.map((w) => formatRange(w.start, w.end)).join(", ") : "none";
}
