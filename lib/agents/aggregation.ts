/**
 * Group preference aggregation (DESIGN.md "Group preferences and aggregation").
 * `aggregatePreferences` folds every respondent's form into one GroupProfile; `detectConflicts`
 * turns that profile into ranked conflicts whose fixes name who changes what, with real dates and money.
 * Dates run on integer day numbers: each member's windows are merged into disjoint intervals, then
 * difference arrays give per-day coverage (calendar, full overlap) and, per start day, how many members
 * cover a whole L-day window — O(members × windows + days) instead of O(members × days × L).
 */
import { fromDayNumber, toDayNumber } from "@/lib/dates";
import { formatRange, formatUsd, joinAnd, plural } from "@/lib/format";
import { budgetInUsd, ownBudget } from "@/lib/money/budget";
import type { ConflictDecision } from "@/lib/schemas/decisions";
import type { BestWindow, Conflict, CoverageWindow, GroupProfile, Severity } from "@/lib/schemas/group-profile";
import {
  availableWindows,
  type Budget,
  type DateWindow,
  type MemberPreferences,
  VIBES,
} from "@/lib/schemas/preferences";

/** One member as the aggregation sees them: preferences are null until they answer. */
export type GroupMember = { id: string; name: string; preferences: MemberPreferences | null };

type Respondent = { id: string; name: string; preferences: MemberPreferences };
/** Inclusive range of day numbers (see lib/dates.ts). */
type Interval = { start: number; end: number };
type ScheduledMember = { id: string; intervals: Interval[] };

/** IsoDate only accepts dates up to here; a best window must not run past it. */
const LAST_ALLOWED_DAY = toDayNumber("2100-12-31");

export function aggregatePreferences(members: GroupMember[], decisions: ConflictDecision[] = []): GroupProfile {
  const respondents: Respondent[] = members.flatMap(({ id, name, preferences }) =>
    preferences ? [{ id, name, preferences }] : [],
  );
  const tripLength = aggregateTripLength(respondents);
  return {
    members: members.map(({ id, name }) => ({ id, name })),
    respondedIds: respondents.map((r) => r.id),
    pendingIds: members.filter((m) => m.preferences === null).map((m) => m.id),
    tripLength,
    dates: withDecidedDates(
      aggregateDates(respondents, tripLength.windowDays),
      respondents,
      decisions.find((d) => d.kind === "dates"),
    ),
    budget: aggregateBudget(respondents),
    vibes: aggregateVibes(respondents),
    constraints: aggregateConstraints(respondents),
    scope: {
      ...aggregateScope(respondents),
      decided: decisions.flatMap((d) => (d.kind === "scope" ? [d.scope] : []))[0] ?? null,
    },
  };
}

// ── Trip length ─────────────────────────────────────────────────────────────

function aggregateTripLength(respondents: Respondent[]): GroupProfile["tripLength"] {
  const longestMin = firstExtreme(respondents, (r) => r.preferences.tripLength.minDays, "max");
  const shortestMax = firstExtreme(respondents, (r) => r.preferences.tripLength.maxDays, "min");
  if (!longestMin || !shortestMax) {
    return {
      minDays: null,
      maxDays: null,
      windowDays: 1,
      conflict: false,
      longestMinMemberId: null,
      shortestMaxMemberId: null,
    };
  }
  const minDays = longestMin.preferences.tripLength.minDays;
  const maxDays = shortestMax.preferences.tripLength.maxDays;
  return {
    minDays,
    maxDays,
    // L = minDays, or maxDays on a conflict: nobody can go longer than maxDays.
    windowDays: Math.min(minDays, maxDays),
    conflict: minDays > maxDays,
    longestMinMemberId: longestMin.id,
    shortestMaxMemberId: shortestMax.id,
  };
}

// ── Dates ───────────────────────────────────────────────────────────────────

function aggregateDates(respondents: Respondent[], windowDays: number): GroupProfile["dates"] {
  const flexibleIds = respondents.filter((r) => r.preferences.dates.flexible).map((r) => r.id);
  // Groups repeat the same dates a lot, and Date.parse dominated the profile: parse each once.
  const dayNumber = memoize(toDayNumber);
  const scheduled: ScheduledMember[] = respondents
    .filter((r) => !r.preferences.dates.flexible)
    .map((r) => ({ id: r.id, intervals: mergeWindows(availableWindows(r.preferences.dates), dayNumber) }));
  const empty = { overlapWindows: [], best: null, calendar: null, flexibleIds, decided: null };
  if (respondents.length === 0) return { status: "no-data", ...empty };
  if (scheduled.length === 0) return { status: "flexible", ...empty };

  const span = calendarSpan(scheduled);
  const scheduledPerDay = countPerDay(scheduled, span);
  const calendar = {
    start: fromDayNumber(span.start),
    counts: Array.from(scheduledPerDay, (count) => count + flexibleIds.length),
  };
  const respondentIds = respondents.map((r) => r.id);

  const overlapWindows = runsCoveredByAll(scheduledPerDay, scheduled.length, span.start)
    .filter((run) => run.end - run.start + 1 >= windowDays)
    .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
    .map((run) => coverageWindow(run, respondentIds, []));
  if (overlapWindows.length > 0)
    return { status: "overlap", overlapWindows, best: null, calendar, flexibleIds, decided: null };

  const best = bestWindow(respondents, scheduled, span, windowDays, scheduledPerDay);
  const status = best.availableIds.length >= 2 ? "partial" : "none";
  return { status, overlapWindows, best, calendar, flexibleIds, decided: null };
}

/** Sorted, disjoint intervals; overlapping or touching windows become one. */
function mergeWindows(windows: DateWindow[], dayNumber: (iso: string) => number): Interval[] {
  const sorted = windows
    .map((w) => ({ start: dayNumber(w.start), end: dayNumber(w.end) }))
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && window.start <= last.end + 1) last.end = Math.max(last.end, window.end);
    else merged.push(window);
  }
  return merged;
}

function calendarSpan(scheduled: ScheduledMember[]): Interval {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const member of scheduled) {
    for (const interval of member.intervals) {
      start = Math.min(start, interval.start);
      end = Math.max(end, interval.end);
    }
  }
  return { start, end };
}

/** Scheduled (non-flexible) members available on each day of `span`. */
function countPerDay(scheduled: ScheduledMember[], span: Interval): Int32Array {
  const diff = new Int32Array(span.end - span.start + 2);
  for (const member of scheduled) {
    for (const { start, end } of member.intervals) {
      addAt(diff, start - span.start, 1);
      addAt(diff, end - span.start + 1, -1);
    }
  }
  return prefixSums(diff).subarray(0, span.end - span.start + 1);
}

/** Maximal runs of days on which every scheduled member is available. */
function runsCoveredByAll(perDay: Int32Array, scheduledCount: number, firstDay: number): Interval[] {
  const runs: Interval[] = [];
  let runStart: number | null = null;
  for (let offset = 0; offset <= perDay.length; offset++) {
    const coveredByAll = offset < perDay.length && perDay[offset] === scheduledCount;
    if (coveredByAll && runStart === null) runStart = offset;
    if (!coveredByAll && runStart !== null) {
      runs.push({ start: firstDay + runStart, end: firstDay + offset - 1 });
      runStart = null;
    }
  }
  return runs;
}

/**
 * The smallest change that gives the group an L-day window: over every L-day window of the
 * span, the one the fewest members miss (DESIGN's "covered by the most respondents"), then
 * the one needing the fewest added days in all, then the earliest. Plus up to two
 * alternatives missing as few members, each asking different people, so the group can pick.
 *
 * A member covers start s iff s ∈ [a, b − L + 1] for one of their merged intervals [a, b], so
 * one difference-array pass counts every start at once; the days a window lacks, summed over
 * members, are L × scheduled − (the members available on each of its days, summed), read off
 * a prefix sum of `perDay` in O(1).
 */
function bestWindow(
  respondents: Respondent[],
  scheduled: ScheduledMember[],
  span: Interval,
  windowDays: number,
  perDay: Int32Array,
): BestWindow {
  const lastStart = Math.max(span.start, span.end - windowDays + 1);
  const diff = new Int32Array(lastStart - span.start + 2);
  for (const member of scheduled) {
    for (const { start, end } of member.intervals) {
      const lastCoveredStart = end - windowDays + 1;
      if (lastCoveredStart < start) continue;
      addAt(diff, start - span.start, 1);
      addAt(diff, lastCoveredStart - span.start + 1, -1);
    }
  }
  const perStart = prefixSums(diff);
  // availableBefore[i] = members available on each day before span.start + i, summed.
  const availableBefore = new Float64Array(perDay.length + 1);
  perDay.forEach((count, i) => {
    availableBefore[i + 1] = (availableBefore[i] ?? 0) + count;
  });
  const availableIn = (offset: number) => {
    const from = Math.min(offset, perDay.length);
    const to = Math.min(offset + windowDays, perDay.length);
    return (availableBefore[to] ?? 0) - (availableBefore[from] ?? 0);
  };
  const starts = Array.from({ length: lastStart - span.start + 1 }, (_, offset) => ({
    offset,
    missing: scheduled.length - (perStart[offset] ?? 0),
    addedDays: windowDays * scheduled.length - availableIn(offset),
  }));
  starts.sort((a, b) => a.missing - b.missing || a.addedDays - b.addedDays || a.offset - b.offset);

  const intervalsById = new Map(scheduled.map((m) => [m.id, m.intervals]));
  const windowAt = (offset: number) => {
    // Only reachable when the span is shorter than L (nobody covers any L-day window): stay valid.
    const start = Math.min(span.start + offset, LAST_ALLOWED_DAY - windowDays + 1);
    const window = { start, end: start + windowDays - 1 };
    const widen = respondents.map((r) => {
      const intervals = intervalsById.get(r.id);
      const uncovered = intervals ? windowDays - overlapDays(intervals, window) : 0;
      return { memberId: r.id, days: uncovered };
    });
    const availableIds = widen.filter((w) => w.days === 0).map((w) => w.memberId);
    const missingIds = widen.filter((w) => w.days > 0).map((w) => w.memberId);
    return { ...coverageWindow(window, availableIds, missingIds), widen };
  };
  const best = windowAt(starts[0]?.offset ?? 0);
  const alternatives: Omit<BestWindow, "alternatives">[] = [];
  const asked = new Set([best.missingIds.join(",")]);
  for (const candidate of starts.slice(1)) {
    // Other ways only as small in people as the best one: never "ask everyone" as an alternative.
    if (alternatives.length === 2 || candidate.missing > (starts[0]?.missing ?? 0)) break;
    const window = windowAt(candidate.offset);
    const who = window.missingIds.join(",");
    if (asked.has(who)) continue;
    asked.add(who);
    alternatives.push(window);
  }
  return { ...best, alternatives };
}

function overlapDays(intervals: Interval[], window: Interval): number {
  let days = 0;
  for (const { start, end } of intervals) {
    days += Math.max(0, Math.min(end, window.end) - Math.max(start, window.start) + 1);
  }
  return days;
}

/**
 * The organizer decided the dates (lib/schemas/decisions.ts): the window everyone plans for,
 * with who can make every day of it and who can't. Flexible members can make any day.
 */
function withDecidedDates(
  dates: GroupProfile["dates"],
  respondents: Respondent[],
  decision: ConflictDecision | undefined,
): GroupProfile["dates"] {
  if (decision?.kind !== "dates") return dates;
  const dayNumber = memoize(toDayNumber);
  const window = { start: dayNumber(decision.start), end: dayNumber(decision.end) };
  const days = window.end - window.start + 1;
  const covers = (r: Respondent) =>
    r.preferences.dates.flexible ||
    overlapDays(mergeWindows(availableWindows(r.preferences.dates), dayNumber), window) === days;
  return {
    ...dates,
    decided: coverageWindow(
      window,
      respondents.filter(covers).map((r) => r.id),
      respondents.filter((r) => !covers(r)).map((r) => r.id),
    ),
  };
}

function coverageWindow(run: Interval, availableIds: string[], missingIds: string[]): CoverageWindow {
  return {
    start: fromDayNumber(run.start),
    end: fromDayNumber(run.end),
    days: run.end - run.start + 1,
    availableIds,
    missingIds,
  };
}

function memoize(fn: (key: string) => number): (key: string) => number {
  const cache = new Map<string, number>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = fn(key);
      cache.set(key, value);
    }
    return value;
  };
}

function addAt(array: Int32Array, index: number, delta: number): void {
  array[index] = (array[index] ?? 0) + delta;
}

function prefixSums(diff: Int32Array): Int32Array {
  const sums = new Int32Array(diff.length);
  let running = 0;
  diff.forEach((delta, i) => {
    running += delta;
    sums[i] = running;
  });
  return sums;
}

// ── Budget, vibes, constraints, scope ───────────────────────────────────────

function usdRange(budget: Budget): Omit<GroupProfile["budget"]["ranges"][number], "memberId"> {
  const own = ownBudget(budget);
  const usd = own ? budgetInUsd(own) : null;
  const range = { min: usd?.min ?? 0, max: usd?.max ?? 0, hardLimit: usd?.hardLimit ?? false };
  return budget.currency === "USD"
    ? range
    : { ...range, own: { currency: budget.currency, min: budget.minAmount, max: budget.maxAmount } };
}

function aggregateBudget(respondents: Respondent[]): GroupProfile["budget"] {
  const ranges = respondents.flatMap(({ id, preferences: { budget } }) =>
    // Compared across members in dollars; each member's own amounts are judged in their currency elsewhere.
    budget ? [{ memberId: id, ...usdRange(budget) }] : [],
  );
  const flexibleIds = respondents.filter((r) => r.preferences.budget === null).map((r) => r.id);
  const highestMin = firstExtreme(ranges, (r) => r.min, "max");
  const lowestMax = firstExtreme(ranges, (r) => r.max, "min");
  const tightestHardLimit = firstExtreme(
    ranges.filter((r) => r.hardLimit),
    (r) => r.max,
    "min",
  );
  if (!highestMin || !lowestMax) {
    return {
      status: respondents.length === 0 ? "no-data" : "flexible",
      low: null,
      high: null,
      hardCap: null,
      highestMinMemberId: null,
      lowestMaxMemberId: null,
      ranges,
      flexibleIds,
    };
  }
  return {
    status: highestMin.min <= lowestMax.max ? "ok" : "conflict",
    low: highestMin.min,
    high: lowestMax.max,
    hardCap: tightestHardLimit?.max ?? null,
    highestMinMemberId: highestMin.memberId,
    lowestMaxMemberId: lowestMax.memberId,
    ranges,
    flexibleIds,
  };
}

function aggregateVibes(respondents: Respondent[]): GroupProfile["vibes"] {
  const choices = respondents.map((r) => new Set(r.preferences.vibes)).filter((set) => set.size > 0);
  const counts = VIBES.map((vibe) => ({ vibe, count: choices.filter((set) => set.has(vibe)).length }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count); // stable: ties keep VIBES order
  return {
    counts,
    choosers: choices.length,
    shared: counts.filter((c) => c.count === choices.length).map((c) => c.vibe),
    popular: counts.filter((c) => c.count * 2 >= choices.length).map((c) => c.vibe),
  };
}

function aggregateConstraints(respondents: Respondent[]): GroupProfile["constraints"] {
  const trimmed = (values: string[]) => values.map((v) => v.trim());
  const caseInsensitive = (value: string) => value.toLowerCase();
  return {
    dietary: attribute(respondents, (p) => p.dietary, String),
    accessibility: attribute(respondents, (p) => p.accessibility, String),
    hardNos: attribute(respondents, (p) => trimmed(p.hardNos), caseInsensitive),
    mustHaves: attribute(respondents, (p) => trimmed(p.mustHaves), caseInsensitive),
  };
}

/** Groups values by `keyOf` (first-seen spelling wins), most members first, then first seen. */
function attribute<T extends string>(
  respondents: Respondent[],
  pick: (preferences: MemberPreferences) => readonly T[],
  keyOf: (value: T) => string,
): { value: T; count: number; memberIds: string[] }[] {
  const groups = new Map<string, { value: T; count: number; memberIds: string[] }>();
  for (const { id, preferences } of respondents) {
    for (const value of pick(preferences)) {
      const key = keyOf(value);
      const group = groups.get(key) ?? { value, count: 0, memberIds: [] };
      groups.set(key, group);
      // A member's values are visited together, so checking the last id is enough to dedupe.
      if (group.memberIds.at(-1) !== id) {
        group.memberIds.push(id);
        group.count += 1;
      }
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

function aggregateScope(respondents: Respondent[]): Omit<GroupProfile["scope"], "decided"> {
  const domesticOnlyIds = respondents.filter((r) => r.preferences.scope === "domestic").map((r) => r.id);
  const internationalOnlyIds = respondents.filter((r) => r.preferences.scope === "international").map((r) => r.id);
  const status =
    respondents.length === 0
      ? "no-data"
      : domesticOnlyIds.length > 0 && internationalOnlyIds.length > 0
        ? "conflict"
        : domesticOnlyIds.length > 0
          ? "domestic"
          : internationalOnlyIds.length > 0
            ? "international"
            : "either";
  return { status, domesticOnlyIds, internationalOnlyIds };
}

/** First item with the largest ("max") or smallest ("min") score; undefined for an empty list. */
function firstExtreme<T>(items: T[], score: (item: T) => number, direction: "max" | "min"): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (best === undefined) best = item;
    else if (direction === "max" ? score(item) > score(best) : score(item) < score(best)) best = item;
  }
  return best;
}

// ── Conflicts ───────────────────────────────────────────────────────────────

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

type NameOf = (id: string) => string;

/**
 * Who reads the conflicts, for what they may learn of others' budgets (DESIGN.md privacy):
 * the organizer sees who; a member sees their own part by name ("You: lower your minimum to
 * $1,500") and the others anonymously; "everyone" (text stored once and shown to the whole
 * group, like the recommendations' headline) names nobody's budget.
 */
export type ConflictAudience = { kind: "organizer" } | { kind: "member"; memberId: string } | { kind: "everyone" };

export function detectConflicts(profile: GroupProfile, audience: ConflictAudience = { kind: "organizer" }): Conflict[] {
  const names = new Map<string, string>();
  for (const m of profile.members) if (!names.has(m.id)) names.set(m.id, m.name);
  const nameOf: NameOf = (id) => names.get(id) ?? "A member";
  const conflicts = [
    datesConflict(profile, nameOf),
    audience.kind === "organizer" ? budgetConflict(profile, nameOf) : privateBudgetConflict(profile, audience),
    tripLengthConflict(profile, nameOf),
    scopeConflict(profile, nameOf),
    ...constraintConflicts(profile),
    vibesConflict(profile),
  ].filter((c): c is Conflict => c !== null);
  return conflicts.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

function datesConflict(profile: GroupProfile, nameOf: NameOf): Conflict | null {
  const { status, best, decided } = profile.dates;
  // The organizer decided the dates: the decision is shown instead (with who it leaves out).
  if ((status !== "partial" && status !== "none") || !best || decided) return null;
  const range = formatRange(best.start, best.end);
  // Easiest fixes first; the sort is stable, so ties keep the form's order.
  const fixes = best.widen.filter((w) => w.days > 0).sort((a, b) => a.days - b.days);
  const fixText = (w: { memberId: string; days: number }) =>
    `${nameOf(w.memberId)} needs to add ${plural(w.days, "day")} to cover ${range}`;
  // The next-smallest changes, asking other people: "Or Jun 13–15: Eve adds 1 day, Fay adds 2 days".
  const otherWays = (best.alternatives ?? []).map(
    (alt) =>
      `Or ${formatRange(alt.start, alt.end)}: ${alt.widen
        .filter((w) => w.days > 0)
        .map((w) => `${nameOf(w.memberId)} adds ${plural(w.days, "day")}`)
        .join(", ")}`,
  );

  if (status === "partial") {
    const resolutions =
      fixes.length <= 3
        ? fixes.map(fixText)
        : [...fixes.slice(0, 2).map(fixText), `${fixes.length - 2} others also need to add dates to cover ${range}`];
    // No date suits the whole group: high, whoever is missing (the PRD's "no overlap").
    return {
      kind: "dates",
      severity: "high",
      summary: `Only ${best.availableIds.length} of ${best.widen.length} can make ${range}`,
      memberIds: best.missingIds,
      // At most three lines: the smallest change first, then other ways while there is room.
      suggestedResolutions: [...resolutions, ...otherWays].slice(0, Math.max(3, resolutions.length)),
    };
  }
  const who = best.availableIds.length === 1 ? "more than one person" : "anyone";
  return {
    kind: "dates",
    severity: "high",
    summary: `No ${best.days}-day stretch works for ${who} yet`,
    memberIds: best.missingIds,
    suggestedResolutions: [...fixes.slice(0, 2).map(fixText), "Ask everyone to add more dates"],
  };
}

function budgetConflict(profile: GroupProfile, nameOf: NameOf): Conflict | null {
  const { status, low, high, hardCap, ranges, highestMinMemberId, lowestMaxMemberId } = profile.budget;
  if (status !== "conflict" || low === null || high === null || !highestMinMemberId || !lowestMaxMemberId) return null;
  const lowestMaxIsHard = ranges.some((r) => r.memberId === lowestMaxMemberId && r.hardLimit);
  const hardLimitInvolved = lowestMaxIsHard || (hardCap !== null && hardCap < low);

  // Everyone above `high` must come down; everyone below `low` must go up (unless it's a hard limit).
  const mustLower = ranges.filter((r) => r.min > high).map((r) => r.memberId);
  const mustRaise = ranges.filter((r) => r.max < low);
  const middle = Math.round((low + high) / 2);
  const resolutions = [
    `${nameList(mustLower, nameOf)} ${verb(mustLower.length, "lowers", "lower")} their min to ${formatUsd(high)}`,
  ];
  if (!mustRaise.some((r) => r.hardLimit)) {
    const ids = mustRaise.map((r) => r.memberId);
    resolutions.push(`${nameList(ids, nameOf)} ${verb(ids.length, "raises", "raise")} their max to ${formatUsd(low)}`);
  }
  if (hardCap === null || hardCap >= middle) resolutions.push(`Meet in the middle at ${formatUsd(middle)}`);

  const hardNote = lowestMaxIsHard
    ? " (a hard limit)"
    : hardLimitInvolved && hardCap !== null
      ? `, and someone has a hard limit of ${formatUsd(hardCap)}`
      : "";
  return {
    kind: "budget",
    severity: hardLimitInvolved ? "high" : "medium",
    summary: `${nameOf(highestMinMemberId)} needs at least ${formatUsd(low)} but ${nameOf(lowestMaxMemberId)} can spend at most ${formatUsd(high)}${hardNote}`,
    // Everyone a fix asks to change (the two named above among them).
    memberIds: [...new Set([highestMinMemberId, lowestMaxMemberId, ...mustLower, ...mustRaise.map((r) => r.memberId)])],
    suggestedResolutions: resolutions,
  };
}

/** The budget conflict without anyone else's name next to their money: "you" for the viewer, "one member" for others. */
function privateBudgetConflict(
  profile: GroupProfile,
  audience: { kind: "member"; memberId: string } | { kind: "everyone" },
): Conflict | null {
  const named = budgetConflict(profile, () => "");
  const { low, high, hardCap, ranges, highestMinMemberId, lowestMaxMemberId } = profile.budget;
  if (!named || low === null || high === null) return null;
  const viewer = audience.kind === "member" ? audience.memberId : null;
  const lowestMaxIsHard = ranges.some((r) => r.memberId === lowestMaxMemberId && r.hardLimit);
  const hardNote = lowestMaxIsHard
    ? " (a hard limit)"
    : named.severity === "high" && hardCap !== null
      ? `, and someone has a hard limit of ${formatUsd(hardCap)}`
      : "";
  const summary =
    viewer === highestMinMemberId
      ? `You need at least ${formatUsd(low)} but another member can spend at most ${formatUsd(high)}${hardNote}`
      : viewer === lowestMaxMemberId
        ? `Another member needs at least ${formatUsd(low)} but you can spend at most ${formatUsd(high)}${hardNote}`
        : `One member needs at least ${formatUsd(low)} but another can spend at most ${formatUsd(high)}${hardNote}`;

  const ask = (ids: string[], yours: string, theirs: (n: number) => string) => {
    const others = ids.filter((id) => id !== viewer).length;
    if (viewer !== null && ids.includes(viewer))
      return `You: ${yours}${others > 0 ? ` (and ${plural(others, "other member")} too)` : ""}`;
    return theirs(others);
  };
  const mustLower = ranges.filter((r) => r.min > high).map((r) => r.memberId);
  const mustRaise = ranges.filter((r) => r.max < low);
  const resolutions = [
    ask(mustLower, `lower your minimum to ${formatUsd(high)}`, (n) =>
      n === 1
        ? `One member lowers their minimum to ${formatUsd(high)}`
        : `${n} members lower their minimum to ${formatUsd(high)}`,
    ),
  ];
  if (!mustRaise.some((r) => r.hardLimit)) {
    resolutions.push(
      ask(
        mustRaise.map((r) => r.memberId),
        `raise your maximum to ${formatUsd(low)}`,
        (n) =>
          n === 1
            ? `One member raises their maximum to ${formatUsd(low)}`
            : `${n} members raise their maximum to ${formatUsd(low)}`,
      ),
    );
  }
  resolutions.push(...named.suggestedResolutions.filter((r) => r.startsWith("Meet in the middle")));
  return {
    ...named,
    summary,
    memberIds: viewer !== null && named.memberIds.includes(viewer) ? [viewer] : [],
    suggestedResolutions: resolutions,
  };
}

function tripLengthConflict(profile: GroupProfile, nameOf: NameOf): Conflict | null {
  const { conflict, minDays, maxDays, longestMinMemberId, shortestMaxMemberId } = profile.tripLength;
  if (!conflict || minDays === null || maxDays === null || !longestMinMemberId || !shortestMaxMemberId) return null;
  const wantsLonger = nameOf(longestMinMemberId);
  const wantsShorter = nameOf(shortestMaxMemberId);
  const resolutions = [
    `${wantsLonger} lowers their minimum to ${plural(maxDays, "day")}`,
    `${wantsShorter} raises their maximum to ${plural(minDays, "day")}`,
  ];
  if (minDays - maxDays >= 2) {
    const middle = Math.round((minDays + maxDays) / 2);
    resolutions.push(`Meet in the middle at ${plural(middle, "day")}`);
  }
  return {
    kind: "trip-length",
    severity: "medium",
    summary: `${wantsLonger} wants at least ${plural(minDays, "day")} but ${wantsShorter} at most ${maxDays}.`,
    memberIds: [longestMinMemberId, shortestMaxMemberId],
    suggestedResolutions: resolutions,
  };
}

function scopeConflict(profile: GroupProfile, nameOf: NameOf): Conflict | null {
  const { status, domesticOnlyIds: domestic, internationalOnlyIds: international, decided } = profile.scope;
  // The organizer decided: the decision is shown instead, and every member's side gives way to it.
  if (status !== "conflict" || decided) return null;
  const toDomestic = `${nameList(international, nameOf)} ${verb(international.length, "agrees", "agree")} to a domestic trip`;
  const toAbroad = `${nameList(domestic, nameOf)} ${verb(domestic.length, "agrees", "agree")} to an international trip`;
  return {
    kind: "scope",
    severity: "medium",
    summary: `${nameList(domestic, nameOf)} ${verb(domestic.length, "wants", "want")} to stay domestic but ${nameList(international, nameOf)} ${verb(international.length, "wants", "want")} to go international`,
    memberIds: [...domestic, ...international],
    // Fewer people changing their mind is the easier ask, so it goes first.
    suggestedResolutions: international.length <= domestic.length ? [toDomestic, toAbroad] : [toAbroad, toDomestic],
  };
}

/** Shown to every member, so the text never names anyone; attribution stays in memberIds. */
function constraintConflicts(profile: GroupProfile): Conflict[] {
  const hardNos = new Map(profile.constraints.hardNos.map((h) => [h.value.trim().toLowerCase(), h]));
  return profile.constraints.mustHaves.flatMap((mustHave) => {
    const hardNo = hardNos.get(mustHave.value.trim().toLowerCase());
    if (!hardNo) return [];
    const value = `“${mustHave.value}”`;
    return [
      {
        kind: "constraints" as const,
        severity: "medium" as const,
        summary: `${value} is a must-have for ${plural(mustHave.count, "person", "people")} and a hard no for ${plural(hardNo.count, "person", "people")}`,
        memberIds: [...new Set([...mustHave.memberIds, ...hardNo.memberIds])],
        suggestedResolutions: [
          `Leave ${value} out of the shared plan: a hard no outweighs a must-have`,
          `Offer ${value} as an optional side activity for those who want it`,
        ],
      },
    ];
  });
}

function vibesConflict(profile: GroupProfile): Conflict | null {
  const { counts, shared, popular } = profile.vibes;
  // A lone chooser shares all their own vibes, so an empty `shared` with counts means ≥ 2 choosers.
  if (counts.length === 0 || shared.length > 0) return null;
  const resolution =
    popular.length > 0
      ? `Build the trip around ${joinAnd(popular)}: at least half the group picked ${popular.length === 1 ? "it" : "each"}`
      : `Everyone adds one of the top picks: ${joinAnd(topPicks(counts).map((c) => `${c.vibe} (${c.count})`))}`;
  return {
    kind: "vibes",
    severity: "low",
    summary: "No vibe is shared by everyone who picked one",
    memberIds: [],
    suggestedResolutions: [resolution],
  };
}

/** The three most picked vibes, and any tied with the third (a tie is never dropped silently). */
function topPicks(counts: GroupProfile["vibes"]["counts"]): GroupProfile["vibes"]["counts"] {
  const third = counts[2]?.count;
  return third === undefined ? counts : counts.filter((c, i) => i < 3 || c.count === third);
}

// ── Wording ─────────────────────────────────────────────────────────────────

function verb(subjects: number, singular: string, pluralForm: string): string {
  return subjects === 1 ? singular : pluralForm;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy", "Ana, Ben, Cy and 4 others". */
function nameList(ids: string[], nameOf: NameOf): string {
  const names = ids.slice(0, 3).map(nameOf);
  const rest = ids.length - names.length;
  return joinAnd(rest > 0 ? [...names, plural(rest, "other")] : names);
}
