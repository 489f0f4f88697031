import { describe, expect, it } from "vitest";
import { aggregatePreferences, detectConflicts } from "@/lib/agents/aggregation";
import { resolutionsFor } from "@/lib/resolutions";
import { emptyPreferences, MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";

/**
 * Each kind of fix, on a group built to have that conflict and one other. Expected fixes
 * are worked out by hand from the answers (the arithmetic is in the comments); applying a
 * fix to the member's own answers removes exactly its conflict and leaves the other.
 */

type Member = { id: string; name: string; preferences: MemberPreferences };

const member = (name: string, answers: Partial<MemberPreferencesInput>): Member => ({
  id: name.toLowerCase(),
  name,
  preferences: MemberPreferences.parse({
    ...emptyPreferences(),
    dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
    tripLength: { minDays: 4, maxDays: 5 },
    ...answers,
  }),
});

const kinds = (group: Member[]) =>
  detectConflicts(aggregatePreferences(group))
    .map((c) => c.kind)
    .sort();
const fixesOf = (group: Member[], who: Member) => resolutionsFor(aggregatePreferences(group), who.id, who.preferences);

/** The group with `who`'s answers changed as the fix says. */
function applied(group: Member[], who: Member, id: string): Member[] {
  const fix = fixesOf(group, who).find((r) => r.id === id);
  if (!fix) throw new Error(`no fix ${id} for ${who.name}`);
  return group.map((m) =>
    m === who ? { ...m, preferences: MemberPreferences.parse({ ...m.preferences, ...fix.after }) } : m,
  );
}

describe("a member's fixes to a conflict", () => {
  it("dates: the member who can't make the best window adds exactly it", () => {
    // L = 4 days (everyone 4–5). Olga covers starts Jun 10–17, Ben Jun 12–15, Kim Jun 19–22:
    // the most covered start is Jun 12 (Olga and Ben), so the best window is Jun 12–15, and Kim
    // misses all 4 of its days. Budgets split too (Ben's minimum $2,000 > Olga's maximum $1,500).
    const olga = member("Olga", { budget: { min: 500, max: 1500, hardLimit: false } });
    const ben = member("Ben", {
      dates: { flexible: false, windows: [{ start: "2027-06-12", end: "2027-06-18" }] },
      budget: { min: 2000, max: 3000, hardLimit: false },
    });
    const kim = member("Kim", { dates: { flexible: false, windows: [{ start: "2027-06-19", end: "2027-06-25" }] } });
    const group = [olga, ben, kim];
    expect(kinds(group)).toEqual(["budget", "dates"]);

    const [fix, ...others] = fixesOf(group, kim);
    expect(others).toEqual([]);
    expect(fix).toMatchObject({
      id: "dates:2027-06-12:2027-06-15",
      label: "Add Jun 12–15 to your dates",
      changes: [{ field: "Your dates", before: "Jun 19–25", after: "Jun 12–15, Jun 19–25" }],
    });
    expect(fix?.after.dates?.windows).toEqual([
      { start: "2027-06-12", end: "2027-06-15" },
      { start: "2027-06-19", end: "2027-06-25" },
    ]);
    // Olga and Ben already cover Jun 12–15: nothing to add for them.
    expect(fixesOf(group, olga).map((r) => r.conflict)).toEqual(["budget"]);

    expect(kinds(applied(group, kim, "dates:2027-06-12:2027-06-15"))).toEqual(["budget"]);
  });

  it("budget: the one above lowers their minimum to the lowest maximum, the one below may raise theirs", () => {
    // low = max of minimums = $2,000 (Ben); high = min of maximums = $1,500 (Olga).
    const olga = member("Olga", { budget: { min: 500, max: 1500, hardLimit: false }, scope: "domestic" });
    const ben = member("Ben", { budget: { min: 2000, max: 3000, hardLimit: false }, scope: "international" });
    const group = [olga, ben];
    expect(kinds(group)).toEqual(["budget", "scope"]);

    expect(fixesOf(group, ben).find((r) => r.conflict === "budget")).toMatchObject({
      id: "budget:min:1500",
      label: "Lower your minimum to $1,500",
      changes: [{ field: "Your minimum", before: "$2,000", after: "$1,500" }],
      // Stored as minor units of the member's currency: $1,500 = 150000 cents.
      after: { budget: { currency: "USD", minAmount: 150000, maxAmount: 300000, hardLimit: false } },
    });
    expect(fixesOf(group, olga).find((r) => r.conflict === "budget")).toMatchObject({
      id: "budget:max:2000",
      label: "Raise your maximum to $2,000",
      after: { budget: { currency: "USD", minAmount: 50000, maxAmount: 200000, hardLimit: false } },
    });
    expect(kinds(applied(group, ben, "budget:min:1500"))).toEqual(["scope"]);
    expect(kinds(applied(group, olga, "budget:max:2000"))).toEqual(["scope"]);
  });

  it("budget: a hard maximum is never offered to be raised", () => {
    const olga = member("Olga", { budget: { min: 500, max: 1500, hardLimit: true } });
    const ben = member("Ben", { budget: { min: 2000, max: 3000, hardLimit: false } });
    expect(fixesOf([olga, ben], olga)).toEqual([]);
    expect(fixesOf([olga, ben], ben).map((r) => r.id)).toEqual(["budget:min:1500"]);
  });

  it("trip length: the longer minimum comes down to the shorter maximum, or the shorter maximum goes up", () => {
    // minDays = max of minimums = 7 (Kim); maxDays = min of maximums = 5 (Olga).
    const olga = member("Olga", { tripLength: { minDays: 4, maxDays: 5 }, scope: "domestic" });
    const kim = member("Kim", { tripLength: { minDays: 7, maxDays: 10 }, scope: "international" });
    const group = [olga, kim];
    expect(kinds(group)).toEqual(["scope", "trip-length"]);
    expect(fixesOf(group, kim).find((r) => r.conflict === "trip-length")).toMatchObject({
      id: "trip-length:min:5",
      label: "Lower your shortest trip to 5 days",
      after: { tripLength: { minDays: 5, maxDays: 10 } },
    });
    expect(fixesOf(group, olga).find((r) => r.conflict === "trip-length")).toMatchObject({
      id: "trip-length:max:7",
      label: "Raise your longest trip to 7 days",
      after: { tripLength: { minDays: 4, maxDays: 7 } },
    });
    expect(kinds(applied(group, kim, "trip-length:min:5"))).toEqual(["scope"]);
    expect(kinds(applied(group, olga, "trip-length:max:7"))).toEqual(["scope"]);
  });

  it("scope: either side agreeing to 'either' ends the split", () => {
    const olga = member("Olga", { scope: "domestic", budget: { min: 500, max: 1500, hardLimit: false } });
    const ben = member("Ben", { scope: "international", budget: { min: 2000, max: 3000, hardLimit: false } });
    const group = [olga, ben];
    expect(fixesOf(group, olga).find((r) => r.conflict === "scope")).toMatchObject({
      id: "scope:either",
      label: "Agree to a trip abroad too",
      before: { scope: "domestic" },
      after: { scope: "either" },
    });
    expect(kinds(applied(group, olga, "scope:either"))).toEqual(["budget"]);
    expect(kinds(applied(group, ben, "scope:either"))).toEqual(["budget"]);
  });

  it("nobody gets a fix for a conflict they aren't part of, or without answers", () => {
    const olga = member("Olga", { scope: "domestic" });
    const ben = member("Ben", { scope: "international" });
    const zoe = member("Zoe", { scope: "either" });
    const group = [olga, ben, zoe];
    expect(fixesOf(group, zoe)).toEqual([]);
    expect(resolutionsFor(aggregatePreferences(group), "someone", null)).toEqual([]);
  });
});
