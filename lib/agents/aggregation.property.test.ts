import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregatePreferences, detectConflicts, type GroupMember } from "@/lib/agents/aggregation";
import { fromDayNumber, toDayNumber } from "@/lib/dates";
import { Conflict, GroupProfile } from "@/lib/schemas/group-profile";
import { ACCESSIBILITY, DIETARY, emptyPreferences, MemberPreferences, SCOPES, VIBES } from "@/lib/schemas/preferences";
import { propertyRuns } from "@/test/property";

const FIRST_DAY = toDayNumber("2026-03-01");
const RUNS = propertyRuns({ ci: 100, full: 300 });

/** Free text with case and whitespace variants of the same values, so grouping gets exercised. */
const tag = fc.constantFrom("Camping", "camping", " CAMPING ", "Museums", "museums", "Clubs", "Long hikes");

/** Windows inside the first `spanDays` days; a short span makes full overlaps likely, a long one rare. */
function preferencesArb(spanDays: number): fc.Arbitrary<MemberPreferences> {
  const window = fc
    .tuple(fc.integer({ min: 0, max: spanDays - 1 }), fc.integer({ min: 1, max: 40 }))
    .map(([offset, length]) => ({
      start: fromDayNumber(FIRST_DAY + offset),
      end: fromDayNumber(FIRST_DAY + Math.min(spanDays - 1, offset + length - 1)),
    }));
  const tripLength = fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 10 }))
    .map(([minDays, extra]) => ({ minDays, maxDays: Math.min(30, minDays + extra) }));
  const budget = fc.option(
    fc
      .tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), fc.boolean())
      .map(([min, extra, hardLimit]) => ({ min, max: min + extra, hardLimit })),
    { freq: 4 },
  );
  return fc
    .record({
      flexible: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      staleWindows: fc.boolean(),
      windows: fc.array(window, { minLength: 1, maxLength: 4 }),
      tripLength,
      budget,
      vibes: fc.subarray([...VIBES], { maxLength: 4 }),
      dietary: fc.subarray([...DIETARY], { maxLength: 2 }),
      accessibility: fc.subarray([...ACCESSIBILITY], { maxLength: 1 }),
      hardNos: fc.array(tag, { maxLength: 2 }),
      mustHaves: fc.array(tag, { maxLength: 2 }),
      scope: fc.constantFrom(...SCOPES),
    })
    .map(({ flexible, staleWindows, windows, ...rest }) =>
      MemberPreferences.parse({
        ...emptyPreferences(),
        ...rest,
        // A flexible member may keep stale windows; the aggregation must ignore them.
        dates: { flexible, windows: flexible && !staleWindows ? [] : windows },
      }),
    );
}

function groupArb(spanDays: number): fc.Arbitrary<GroupMember[]> {
  return fc
    .array(fc.option(preferencesArb(spanDays), { freq: 5 }), { minLength: 1, maxLength: 30 })
    .map((all) => all.map((preferences, i) => ({ id: `m${i}`, name: `Member ${i}`, preferences })));
}

/** Mostly 120-day spans as specified; one in three uses a 20-day span so full overlaps show up. */
const anyGroup = fc.oneof({ arbitrary: groupArb(120), weight: 2 }, { arbitrary: groupArb(20), weight: 1 });

const respondentsOf = (members: GroupMember[]) =>
  members.flatMap((m) => (m.preferences ? [{ id: m.id, preferences: m.preferences }] : []));

/** Naive per-member availability: is day `d` covered? Flexible members cover every day. */
function covers(preferences: MemberPreferences, day: number): boolean {
  if (preferences.dates.flexible) return true;
  return preferences.dates.windows.some((w) => toDayNumber(w.start) <= day && day <= toDayNumber(w.end));
}

describe("aggregatePreferences properties", () => {
  it("matches a day-by-day brute force for overlap windows, best window and calendar", () => {
    fc.assert(
      fc.property(anyGroup, (members) => {
        const profile = aggregatePreferences(members);
        const respondents = respondentsOf(members);
        const scheduled = respondents.filter((r) => !r.preferences.dates.flexible);
        if (scheduled.length === 0) return;
        const L = profile.tripLength.windowDays;
        const windowDays = scheduled.flatMap((r) => r.preferences.dates.windows);
        const first = Math.min(...windowDays.map((w) => toDayNumber(w.start)));
        const last = Math.max(...windowDays.map((w) => toDayNumber(w.end)));
        const allIds = respondents.map((r) => r.id);

        const counts: number[] = [];
        const runs: { start: string; end: string; days: number }[] = [];
        let runStart: number | null = null;
        for (let day = first; day <= last + 1; day++) {
          const available = day <= last ? respondents.filter((r) => covers(r.preferences, day)).length : 0;
          if (day <= last) counts.push(available);
          const everyone = day <= last && available === respondents.length;
          if (everyone && runStart === null) runStart = day;
          if (!everyone && runStart !== null) {
            if (day - runStart >= L) {
              runs.push({ start: fromDayNumber(runStart), end: fromDayNumber(day - 1), days: day - runStart });
            }
            runStart = null;
          }
        }
        runs.sort((a, b) => b.days - a.days || a.start.localeCompare(b.start));

        expect(profile.dates.calendar).toEqual({ start: fromDayNumber(first), counts });
        expect(profile.dates.overlapWindows).toEqual(
          runs.map((run) => ({ ...run, availableIds: allIds, missingIds: [] })),
        );
        if (runs.length > 0) {
          expect(profile.dates.status).toBe("overlap");
          return;
        }

        // The smallest change: fewest members missing, then fewest days they'd add in all, then earliest.
        let best = { start: first, ids: [] as string[], added: Number.POSITIVE_INFINITY };
        for (let start = first; start <= Math.max(first, last - L + 1); start++) {
          const window = Array.from({ length: L }, (_, k) => start + k);
          const ids = respondents.filter((r) => window.every((d) => covers(r.preferences, d))).map((r) => r.id);
          const added = respondents.reduce((sum, r) => sum + window.filter((d) => !covers(r.preferences, d)).length, 0);
          if (ids.length > best.ids.length || (ids.length === best.ids.length && added < best.added))
            best = { start, ids, added };
        }
        expect(profile.dates.status).toBe(best.ids.length >= 2 ? "partial" : "none");
        expect(profile.dates.best).toMatchObject({
          start: fromDayNumber(best.start),
          end: fromDayNumber(best.start + L - 1),
          days: L,
          availableIds: best.ids,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps overlap windows inside everyone's coverage, at least L long and maximal", () => {
    fc.assert(
      fc.property(groupArb(20), (members) => {
        const profile = aggregatePreferences(members);
        const respondents = respondentsOf(members);
        const everyoneCovers = (day: number) => respondents.every((r) => covers(r.preferences, day));
        for (const window of profile.dates.overlapWindows) {
          const start = toDayNumber(window.start);
          const end = toDayNumber(window.end);
          expect(window.days).toBe(end - start + 1);
          expect(window.days).toBeGreaterThanOrEqual(profile.tripLength.windowDays);
          for (let day = start; day <= end; day++) expect(everyoneCovers(day)).toBe(true);
          expect(everyoneCovers(start - 1)).toBe(false);
          expect(everyoneCovers(end + 1)).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("splits respondents between available and missing, and widens only the missing", () => {
    fc.assert(
      fc.property(anyGroup, (members) => {
        const profile = aggregatePreferences(members);
        const allIds = members.map((m) => m.id);
        expect([...profile.respondedIds, ...profile.pendingIds].sort()).toEqual([...allIds].sort());
        const best = profile.dates.best;
        if (!best) return;
        expect([...best.availableIds, ...best.missingIds].sort()).toEqual([...profile.respondedIds].sort());
        expect(best.widen.map((w) => w.memberId)).toEqual(profile.respondedIds);
        for (const { memberId, days } of best.widen) {
          expect(days === 0).toBe(best.availableIds.includes(memberId));
          expect(days).toBeLessThanOrEqual(best.days);
        }
        for (const count of profile.dates.calendar?.counts ?? []) {
          expect(count).toBeLessThanOrEqual(profile.respondedIds.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("takes budget bounds and the hard cap from real members", () => {
    fc.assert(
      fc.property(anyGroup, (members) => {
        const { budget } = aggregatePreferences(members);
        const ranges = budget.ranges;
        if (budget.low !== null) {
          expect(ranges.find((r) => r.memberId === budget.highestMinMemberId)?.min).toBe(budget.low);
          expect(Math.max(...ranges.map((r) => r.min))).toBe(budget.low);
        }
        if (budget.high !== null) {
          expect(ranges.find((r) => r.memberId === budget.lowestMaxMemberId)?.max).toBe(budget.high);
          expect(Math.min(...ranges.map((r) => r.max))).toBe(budget.high);
        }
        const hardMaxes = ranges.filter((r) => r.hardLimit).map((r) => r.max);
        expect(budget.hardCap).toBe(hardMaxes.length > 0 ? Math.min(...hardMaxes) : null);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("detectConflicts properties", () => {
  it("never throws, stays schema-valid, deterministic, sorted and private", () => {
    const severityRank = { high: 0, medium: 1, low: 2 };
    fc.assert(
      fc.property(anyGroup, (members) => {
        const profile = GroupProfile.parse(aggregatePreferences(members));
        const conflicts = Conflict.array().parse(detectConflicts(profile));
        expect(aggregatePreferences(structuredClone(members))).toEqual(profile);
        expect(detectConflicts(profile)).toEqual(conflicts);

        // Counts survive redaction for members, so they must equal the attribution they replace.
        const { dietary, accessibility, hardNos, mustHaves } = profile.constraints;
        for (const item of [...dietary, ...accessibility, ...hardNos, ...mustHaves]) {
          expect(item.count).toBe(new Set(item.memberIds).size);
          expect(item.memberIds.every((id) => profile.respondedIds.includes(id))).toBe(true);
        }

        const ranks = conflicts.map((c) => severityRank[c.severity]);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        for (const conflict of conflicts) {
          expect(conflict.suggestedResolutions.length).toBeGreaterThanOrEqual(1);
          expect(conflict.suggestedResolutions.length).toBeLessThanOrEqual(3);
          if (conflict.kind !== "constraints") continue;
          const text = [conflict.summary, ...conflict.suggestedResolutions].join("\n");
          expect(text).not.toContain("Member ");
        }
      }),
      { numRuns: RUNS },
    );
  });
});
