import { describe, expect, it } from "vitest";
import { aggregatePreferences, detectConflicts, type GroupMember } from "@/lib/agents/aggregation";
import { resolutionsFor } from "@/lib/resolutions";
import { GroupProfile } from "@/lib/schemas/group-profile";
import { emptyPreferences, MemberPreferences } from "@/lib/schemas/preferences";

/**
 * The date fix is the smallest change over every window of the trip's length: fewest members
 * asked, then fewest days added in all, then the earliest. Each case's answer is worked out by
 * hand in its comment (window → who lacks which days).
 */

function member(name: string, ranges: [string, string][] | "flexible", length: number): GroupMember {
  const dates =
    ranges === "flexible"
      ? { flexible: true, windows: [] }
      : { flexible: false, windows: ranges.map(([start, end]) => ({ start, end })) };
  return {
    id: name.toLowerCase(),
    name,
    preferences: MemberPreferences.parse({
      ...emptyPreferences(),
      dates,
      tripLength: { minDays: length, maxDays: 30 },
    }),
  };
}

function check(members: GroupMember[]) {
  const profile = GroupProfile.parse(aggregatePreferences(members));
  const [conflict] = detectConflicts(profile).filter((c) => c.kind === "dates");
  const fixOf = (id: string) => {
    const m = members.find((x) => x.id === id);
    return resolutionsFor(profile, id, m?.preferences ?? null).find((r) => r.conflict === "dates")?.label ?? null;
  };
  return { best: profile.dates.best, conflict, fixOf };
}

describe("the smallest date fix", () => {
  it("case 1 (the group of three): adding Apr 12–13 beats adding Apr 6–10", () => {
    // L = 5. Ana and Ben: Apr 6–16; Cy: Apr 14–20. Every window Ana and Ben can make
    // (Apr 6–10 … Apr 12–16) leaves only Cy out; what Cy lacks:
    //   Apr 6–10 → 5 days, Apr 7–11 → 5, Apr 8–12 → 5, Apr 9–13 → 5, Apr 10–14 → 4,
    //   Apr 11–15 → 3 (11–13), Apr 12–16 → 2 (12–13)  ← smallest
    // Any later window leaves Ana and Ben out (two people), so there is no alternative.
    const { best, conflict, fixOf } = check([
      member("Ana", [["2027-04-06", "2027-04-16"]], 5),
      member("Ben", [["2027-04-06", "2027-04-16"]], 5),
      member("Cy", [["2027-04-14", "2027-04-20"]], 5),
    ]);
    expect(best).toMatchObject({ start: "2027-04-12", end: "2027-04-16", missingIds: ["cy"], alternatives: [] });
    expect(conflict?.summary).toBe("Only 2 of 3 can make Apr 12–16");
    expect(conflict?.suggestedResolutions).toEqual(["Cy needs to add 2 days to cover Apr 12–16"]);
    expect(fixOf("cy")).toBe("Add Apr 12–13 to your dates (for Apr 12–16)");
  });

  it("case 2: asking fewer people wins over fewer days each, and the tie goes to the earliest, the other named", () => {
    // L = 2. Ana, Ben: Jun 1–2; Cy, Dee: Jun 3–4.
    //   Jun 1–2 → Cy 2 + Dee 2 (two people, 4 days); Jun 2–3 → all four lack 1 (four people, 4 days);
    //   Jun 3–4 → Ana 2 + Ben 2 (two people, 4 days).
    // Two people beat four; Jun 1–2 and Jun 3–4 tie at 4 days, so the earlier is the fix and the
    // later, asking Ana and Ben instead, is the alternative.
    const { best, conflict } = check([
      member("Ana", [["2027-06-01", "2027-06-02"]], 2),
      member("Ben", [["2027-06-01", "2027-06-02"]], 2),
      member("Cy", [["2027-06-03", "2027-06-04"]], 2),
      member("Dee", [["2027-06-03", "2027-06-04"]], 2),
    ]);
    expect(best).toMatchObject({ start: "2027-06-01", end: "2027-06-02", missingIds: ["cy", "dee"] });
    expect(best?.alternatives?.map((a) => [a.start, a.missingIds])).toEqual([["2027-06-03", ["ana", "ben"]]]);
    expect(conflict?.suggestedResolutions).toEqual([
      "Cy needs to add 2 days to cover Jun 1–2",
      "Dee needs to add 2 days to cover Jun 1–2",
      "Or Jun 3–4: Ana adds 2 days, Ben adds 2 days",
    ]);
  });

  it("case 3: with two people, the later window that needs 2 days beats the earliest that needs 3", () => {
    // L = 4. Ana: Jun 1–10; Ben: Jun 1 and Jun 8–9.
    //   Jun 1–4 → Ben lacks 2–4 (3); Jun 2–5 … Jun 5–8 → 4, 4, 4, 3; Jun 6–9 → Ben lacks 6–7 (2);
    //   Jun 7–10 → Ben lacks 7 and 10 (2). Smallest: Jun 6–9 (earlier of the two 2-day ones).
    // Nobody else can be asked instead (asking Ana means two people), so no alternative.
    const { best, conflict, fixOf } = check([
      member("Ana", [["2027-06-01", "2027-06-10"]], 4),
      member(
        "Ben",
        [
          ["2027-06-01", "2027-06-01"],
          ["2027-06-08", "2027-06-09"],
        ],
        4,
      ),
    ]);
    expect(best).toMatchObject({
      start: "2027-06-06",
      end: "2027-06-09",
      widen: [
        { memberId: "ana", days: 0 },
        { memberId: "ben", days: 2 },
      ],
    });
    expect(conflict?.summary).toBe("No 4-day stretch works for more than one person yet");
    expect(conflict?.suggestedResolutions[0]).toBe("Ben needs to add 2 days to cover Jun 6–9");
    expect(fixOf("ben")).toBe("Add Jun 6–7 to your dates (for Jun 6–9)");
  });

  it("case 4: a flexible member can make any day; the two one-person fixes are both named", () => {
    // L = 3. Flo flexible; Ana: Jun 1–3; Ben: Jun 5–7.
    //   Jun 1–3 → Ben lacks 3 (one person); Jun 2–4 → Ana 1 + Ben 3 (two); Jun 3–5 → Ana 2 + Ben 2 (two);
    //   Jun 4–6 → Ana 3 + Ben 1 (two); Jun 5–7 → Ana lacks 3 (one person).
    // One-person windows: Jun 1–3 (Ben, 3) and Jun 5–7 (Ana, 3): tie, the earlier is the fix.
    const { best, conflict, fixOf } = check([
      member("Flo", "flexible", 3),
      member("Ana", [["2027-06-01", "2027-06-03"]], 3),
      member("Ben", [["2027-06-05", "2027-06-07"]], 3),
    ]);
    expect(best).toMatchObject({ start: "2027-06-01", availableIds: ["flo", "ana"], missingIds: ["ben"] });
    expect(conflict?.suggestedResolutions).toEqual([
      "Ben needs to add 3 days to cover Jun 1–3",
      "Or Jun 5–7: Ana adds 3 days",
    ]);
    expect(fixOf("ben")).toBe("Add Jun 1–3 to your dates");
  });

  it("case 5: a member with scattered days is asked for the one day that joins them", () => {
    // L = 5. Ana: Jun 1–20; Ben: Jun 1, Jun 11–12, Jun 14–15.
    //   Jun 1–5 → Ben lacks 2–5 (4); Jun 11–15 → Ben lacks Jun 13 only (1) ← smallest;
    //   every other window lacks 2 or more (e.g. Jun 10–14 → 10 and 13).
    const { best, conflict, fixOf } = check([
      member("Ana", [["2027-06-01", "2027-06-20"]], 5),
      member(
        "Ben",
        [
          ["2027-06-01", "2027-06-01"],
          ["2027-06-11", "2027-06-12"],
          ["2027-06-14", "2027-06-15"],
        ],
        5,
      ),
    ]);
    expect(best).toMatchObject({ start: "2027-06-11", end: "2027-06-15" });
    expect(conflict?.suggestedResolutions[0]).toBe("Ben needs to add 1 day to cover Jun 11–15");
    expect(fixOf("ben")).toBe("Add Jun 13 to your dates (for Jun 11–15)");
  });

  it("case 6: the fix and two alternatives, each asking a different person, smallest first", () => {
    // L = 3. Ana: Jun 1–10 and Jun 20–22; Ben: Jun 3–9; Cy: Jun 1–4 and Jun 8–10.
    // Windows only one person misses, and the days they lack:
    //   Jun 1–3 → Ben lacks 1–2 (2);  Jun 2–4 → Ben lacks 2 (1) ← smallest (Ben);
    //   Jun 3–5 → Cy lacks 5 (1) — later than Jun 2–4, so the first alternative (Cy);
    //   Jun 4–6 → Cy 2; Jun 5–7 → Cy 3; Jun 6–8 → Cy 2; Jun 7–9 → Cy 1 (Cy again: not a new alternative);
    //   Jun 8–10 → Ben lacks 10 (1) — asks Ben, like the fix: not an alternative.
    //   Jun 20–22 → Ben 3 + Cy 3: two people. So no third person to ask: one alternative.
    const { best, conflict } = check([
      member(
        "Ana",
        [
          ["2027-06-01", "2027-06-10"],
          ["2027-06-20", "2027-06-22"],
        ],
        3,
      ),
      member("Ben", [["2027-06-03", "2027-06-09"]], 3),
      member(
        "Cy",
        [
          ["2027-06-01", "2027-06-04"],
          ["2027-06-08", "2027-06-10"],
        ],
        3,
      ),
    ]);
    expect(best).toMatchObject({ start: "2027-06-02", end: "2027-06-04", missingIds: ["ben"] });
    expect(best?.alternatives?.map((a) => [a.start, a.end, a.missingIds])).toEqual([
      ["2027-06-03", "2027-06-05", ["cy"]],
    ]);
    expect(conflict?.suggestedResolutions).toEqual([
      "Ben needs to add 1 day to cover Jun 2–4",
      "Or Jun 3–5: Cy adds 1 day",
    ]);
  });
});
