import { describe, expect, it } from "vitest";
import { aggregatePreferences, detectConflicts, type GroupMember } from "@/lib/agents/aggregation";
import { Conflict, GroupProfile } from "@/lib/schemas/group-profile";
import { emptyPreferences, MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";

type Overrides = Partial<MemberPreferencesInput>;

/** Schema-valid preferences: flexible dates unless overridden. */
function prefs(overrides: Overrides = {}): MemberPreferences {
  return MemberPreferences.parse({ ...emptyPreferences(), dates: { flexible: true, windows: [] }, ...overrides });
}

/** A member whose id is their lower-cased name; `null` = hasn't answered yet. */
function member(name: string, overrides: Overrides | null = {}): GroupMember {
  return { id: name.toLowerCase(), name, preferences: overrides === null ? null : prefs(overrides) };
}

function windows(...ranges: [string, string][]): Overrides["dates"] {
  return { flexible: false, windows: ranges.map(([start, end]) => ({ start, end })) };
}

const days = (minDays: number, maxDays = 30) => ({ minDays, maxDays });
const budget = (min: number, max: number, hardLimit = false) => ({ min, max, hardLimit });

/** Aggregates and checks the result against the published schema on the way. */
function profileOf(members: GroupMember[]): GroupProfile {
  return GroupProfile.parse(aggregatePreferences(members));
}

function conflictsOf(members: GroupMember[]): Conflict[] {
  return Conflict.array().parse(detectConflicts(profileOf(members)));
}

describe("members and respondents", () => {
  it("splits responded and pending members in input order", () => {
    const profile = profileOf([member("Ana"), member("Ben", null), member("Cy"), member("Dee", null)]);
    expect(profile.members).toEqual([
      { id: "ana", name: "Ana" },
      { id: "ben", name: "Ben" },
      { id: "cy", name: "Cy" },
      { id: "dee", name: "Dee" },
    ]);
    expect(profile.respondedIds).toEqual(["ana", "cy"]);
    expect(profile.pendingIds).toEqual(["ben", "dee"]);
  });

  it("reports no-data everywhere when nobody has answered", () => {
    const profile = profileOf([member("Ana", null), member("Ben", null)]);
    expect(profile.tripLength).toEqual({
      minDays: null,
      maxDays: null,
      windowDays: 1,
      conflict: false,
      longestMinMemberId: null,
      shortestMaxMemberId: null,
    });
    expect(profile.dates).toEqual({
      status: "no-data",
      overlapWindows: [],
      best: null,
      calendar: null,
      flexibleIds: [],
      decided: null,
    });
    expect(profile.budget.status).toBe("no-data");
    expect(profile.scope.status).toBe("no-data");
    expect(profile.vibes).toEqual({ counts: [], choosers: 0, shared: [], popular: [] });
    expect(detectConflicts(profile)).toEqual([]);
  });

  it("ignores pending members when matching dates", () => {
    const profile = profileOf([
      member("Ana", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(2) }),
      member("Ben", null),
    ]);
    expect(profile.dates.status).toBe("overlap");
    expect(profile.dates.overlapWindows[0]?.availableIds).toEqual(["ana"]);
  });
});

describe("trip length", () => {
  it("takes the largest minimum and the smallest maximum, first member on ties", () => {
    const profile = profileOf([
      member("Ana", { tripLength: days(3, 9) }),
      member("Ben", { tripLength: days(5, 7) }),
      member("Cy", { tripLength: days(5, 7) }),
    ]);
    expect(profile.tripLength).toEqual({
      minDays: 5,
      maxDays: 7,
      windowDays: 5,
      conflict: false,
      longestMinMemberId: "ben",
      shortestMaxMemberId: "ben",
    });
  });

  it("flags a conflict and matches dates against the maximum", () => {
    const members = [member("Ana", { tripLength: days(7, 10) }), member("Ben", { tripLength: days(2, 4) })];
    const profile = profileOf(members);
    expect(profile.tripLength).toMatchObject({ minDays: 7, maxDays: 4, windowDays: 4, conflict: true });
    expect(conflictsOf(members)).toEqual([
      {
        kind: "trip-length",
        severity: "medium",
        summary: "Ana wants at least 7 days but Ben at most 4.",
        memberIds: ["ana", "ben"],
        suggestedResolutions: [
          "Ana lowers their minimum to 4 days",
          "Ben raises their maximum to 7 days",
          "Meet in the middle at 6 days",
        ],
      },
    ]);
  });
});

describe("dates", () => {
  it("reports 'flexible' when every respondent is flexible", () => {
    const profile = profileOf([member("Ana"), member("Ben"), member("Cy", null)]);
    expect(profile.dates).toEqual({
      status: "flexible",
      overlapWindows: [],
      best: null,
      calendar: null,
      flexibleIds: ["ana", "ben"],
      decided: null,
    });
  });

  it("finds the full overlap of a single-member trip", () => {
    const profile = profileOf([member("Ana", { dates: windows(["2026-06-01", "2026-06-10"]), tripLength: days(3) })]);
    expect(profile.dates.status).toBe("overlap");
    expect(profile.dates.overlapWindows).toEqual([
      { start: "2026-06-01", end: "2026-06-10", days: 10, availableIds: ["ana"], missingIds: [] },
    ]);
    expect(profile.dates.calendar).toEqual({ start: "2026-06-01", counts: Array(10).fill(1) });
  });

  it("merges one member's overlapping and touching windows", () => {
    const profile = profileOf([
      member("Ana", {
        dates: windows(["2026-06-04", "2026-06-10"], ["2026-06-01", "2026-06-05"], ["2026-06-11", "2026-06-12"]),
        tripLength: days(12),
      }),
      member("Ben", { dates: windows(["2026-06-01", "2026-06-30"]), tripLength: days(1) }),
    ]);
    expect(profile.dates.overlapWindows).toEqual([
      { start: "2026-06-01", end: "2026-06-12", days: 12, availableIds: ["ana", "ben"], missingIds: [] },
    ]);
    // Ana's doubly-listed days count once.
    expect(Math.max(...(profile.dates.calendar?.counts ?? []))).toBe(2);
  });

  it("lets a trip run across one member's touching windows", () => {
    const { dates } = profileOf([
      member("Ana", {
        dates: windows(["2026-06-01", "2026-06-02"], ["2026-06-03", "2026-06-05"]),
        tripLength: days(4),
      }),
      member("Ben", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(1) }),
      member("Cy", { dates: windows(["2026-07-01", "2026-07-10"]), tripLength: days(1) }),
      member("Dee", { dates: windows(["2026-07-01", "2026-07-10"]), tripLength: days(1) }),
    ]);
    // Jun 1–4 ties with Jul 1–4 only if Ana's two windows count as one stretch; earliest wins.
    expect(dates.status).toBe("partial");
    expect(dates.best).toMatchObject({ start: "2026-06-01", end: "2026-06-04", availableIds: ["ana", "ben"] });
  });

  it("sorts overlap windows longest first, then earliest, and drops runs shorter than L", () => {
    const profile = profileOf([
      member("Ana", { dates: windows(["2026-06-01", "2026-06-30"]), tripLength: days(3) }),
      member("Ben", {
        dates: windows(
          ["2026-06-27", "2026-06-27"],
          ["2026-06-20", "2026-06-24"],
          ["2026-06-01", "2026-06-03"],
          ["2026-06-10", "2026-06-14"],
        ),
        tripLength: days(1),
      }),
    ]);
    expect(profile.dates.overlapWindows.map((w) => [w.start, w.end, w.days])).toEqual([
      ["2026-06-10", "2026-06-14", 5],
      ["2026-06-20", "2026-06-24", 5],
      ["2026-06-01", "2026-06-03", 3],
    ]);
  });

  it("counts flexible members as available every day", () => {
    const profile = profileOf([
      member("Flo"),
      member("Ana", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(2) }),
      member("Ben", { dates: windows(["2026-06-03", "2026-06-08"]), tripLength: days(2) }),
    ]);
    expect(profile.dates).toEqual({
      status: "overlap",
      overlapWindows: [
        { start: "2026-06-03", end: "2026-06-05", days: 3, availableIds: ["flo", "ana", "ben"], missingIds: [] },
      ],
      best: null,
      calendar: { start: "2026-06-01", counts: [2, 2, 3, 3, 3, 2, 2, 2] },
      flexibleIds: ["flo"],
      decided: null,
    });
  });

  it("keeps gaps in the calendar at zero", () => {
    const profile = profileOf([
      member("Ana", {
        dates: windows(["2026-06-01", "2026-06-02"], ["2026-06-05", "2026-06-05"]),
        tripLength: days(1),
      }),
    ]);
    expect(profile.dates.calendar).toEqual({ start: "2026-06-01", counts: [1, 1, 0, 0, 1] });
  });

  describe("partial overlap", () => {
    // L = 3. Everyone shares Jun 15 only (too short). Three-day windows that 4 of 6 can make, and
    // the days the other two would have to add (worked out by hand from the windows below):
    //   Jun 13–15: Eve lacks Jun 13 (1), Fay lacks Jun 13–14 (2)          → 3 days
    //   Jun 14–16: Cy lacks Jun 16 (1),  Fay lacks Jun 14 (1)             → 2 days  ← smallest
    //   Jun 15–17: Ben lacks Jun 17 (1), Cy lacks Jun 16–17 (2)           → 3 days
    //   Jun 16–18: Ben lacks Jun 17–18 (2), Cy lacks all 3                → 5 days
    // (Jun 12–14 and every other window leave 3 or more out.) The smallest change is Jun 14–16,
    // not the earliest (Jun 13–15); the alternatives, each asking other people, follow by size.
    const group = [
      member("Ana", { dates: windows(["2026-06-10", "2026-06-20"]), tripLength: days(3) }),
      member("Ben", { dates: windows(["2026-06-12", "2026-06-16"]), tripLength: days(1) }),
      member("Cy", { dates: windows(["2026-06-01", "2026-06-15"]), tripLength: days(1) }),
      member("Dee", { dates: windows(["2026-06-13", "2026-06-25"]), tripLength: days(1) }),
      member("Eve", { dates: windows(["2026-06-14", "2026-06-30"]), tripLength: days(1) }),
      member("Fay", { dates: windows(["2026-06-15", "2026-06-30"]), tripLength: days(1) }),
    ];
    const widen = (eve: number, fay: number, cy: number, ben: number) => [
      { memberId: "ana", days: 0 },
      { memberId: "ben", days: ben },
      { memberId: "cy", days: cy },
      { memberId: "dee", days: 0 },
      { memberId: "eve", days: eve },
      { memberId: "fay", days: fay },
    ];

    it("picks the L-day window the fewest miss, needing the fewest added days, and names the next ways", () => {
      const { dates } = profileOf(group);
      expect(dates.status).toBe("partial");
      expect(dates.overlapWindows).toEqual([]);
      expect(dates.best).toEqual({
        start: "2026-06-14",
        end: "2026-06-16",
        days: 3,
        availableIds: ["ana", "ben", "dee", "eve"],
        missingIds: ["cy", "fay"],
        widen: widen(0, 1, 1, 0),
        alternatives: [
          {
            start: "2026-06-13",
            end: "2026-06-15",
            days: 3,
            availableIds: ["ana", "ben", "cy", "dee"],
            missingIds: ["eve", "fay"],
            widen: widen(1, 2, 0, 0),
          },
          {
            start: "2026-06-15",
            end: "2026-06-17",
            days: 3,
            availableIds: ["ana", "dee", "eve", "fay"],
            missingIds: ["ben", "cy"],
            widen: widen(0, 0, 2, 1),
          },
        ],
      });
    });

    it("is high severity (no date suits the whole group) and asks the missing members to widen, by name and with real dates", () => {
      expect(conflictsOf(group)).toEqual([
        {
          kind: "dates",
          severity: "high",
          summary: "Only 4 of 6 can make Jun 14–16",
          memberIds: ["cy", "fay"],
          suggestedResolutions: [
            "Cy needs to add 1 day to cover Jun 14–16",
            "Fay needs to add 1 day to cover Jun 14–16",
            "Or Jun 13–15: Eve adds 1 day, Fay adds 2 days",
          ],
        },
      ]);
    });
  });

  it("names at most two missing members and summarizes the rest", () => {
    const late = ["Gus", "Hal", "Ida", "Jon", "Kim"].map((name, i) =>
      member(name, { dates: windows([`2026-08-0${i + 1}`, `2026-08-0${i + 1}`]), tripLength: days(1) }),
    );
    const [conflict] = conflictsOf([
      member("Ana", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(5) }),
      member("Ben", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(1) }),
      ...late,
    ]);
    expect(conflict?.summary).toBe("Only 2 of 7 can make Jun 1–5");
    expect(conflict?.memberIds).toEqual(["gus", "hal", "ida", "jon", "kim"]);
    expect(conflict?.suggestedResolutions).toEqual([
      "Gus needs to add 5 days to cover Jun 1–5",
      "Hal needs to add 5 days to cover Jun 1–5",
      "3 others also need to add dates to cover Jun 1–5",
    ]);
  });

  it("reports 'none' when no L-day window suits two people, and asks everyone for dates", () => {
    const members = [
      member("Ana", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(3) }),
      member("Ben", { dates: windows(["2026-07-01", "2026-07-05"]), tripLength: days(3) }),
    ];
    const { dates } = profileOf(members);
    expect(dates.status).toBe("none");
    expect(dates.best).toMatchObject({
      start: "2026-06-01",
      end: "2026-06-03",
      availableIds: ["ana"],
      missingIds: ["ben"],
      widen: [
        { memberId: "ana", days: 0 },
        { memberId: "ben", days: 3 },
      ],
    });
    expect(conflictsOf(members)).toEqual([
      {
        kind: "dates",
        severity: "high",
        summary: "No 3-day stretch works for more than one person yet",
        memberIds: ["ben"],
        suggestedResolutions: ["Ben needs to add 3 days to cover Jun 1–3", "Ask everyone to add more dates"],
      },
    ]);
  });

  it("counts a flexible member towards 'partial'", () => {
    const { dates } = profileOf([
      member("Flo"),
      member("Ana", { dates: windows(["2026-06-01", "2026-06-05"]), tripLength: days(3) }),
      member("Ben", { dates: windows(["2026-07-01", "2026-07-05"]), tripLength: days(3) }),
    ]);
    expect(dates.status).toBe("partial");
    expect(dates.best).toMatchObject({ start: "2026-06-01", availableIds: ["flo", "ana"], missingIds: ["ben"] });
  });

  it("handles a lone member whose windows are all shorter than L", () => {
    const members = [member("Ana", { dates: windows(["2026-06-01", "2026-06-02"]), tripLength: days(5) })];
    const { dates } = profileOf(members);
    expect(dates.status).toBe("none");
    expect(dates.best).toMatchObject({ start: "2026-06-01", end: "2026-06-05", availableIds: [], missingIds: ["ana"] });
    expect(dates.best?.widen).toEqual([{ memberId: "ana", days: 3 }]);
    expect(conflictsOf(members)[0]?.summary).toBe("No 5-day stretch works for anyone yet");
  });

  it("keeps the best window inside the valid date range at the end of 2100", () => {
    const { dates } = profileOf([member("Ana", { dates: windows(["2100-12-30", "2100-12-31"]), tripLength: days(5) })]);
    expect(dates.best).toMatchObject({ start: "2100-12-27", end: "2100-12-31" });
  });
});

describe("budget", () => {
  it("intersects ranges and remembers who set each bound", () => {
    const profile = profileOf([
      member("Ana", { budget: budget(800, 2000) }),
      member("Ben", { budget: budget(1000, 1500, true) }),
      member("Cy", { budget: budget(1000, 1800, true) }),
      member("Dee"),
    ]);
    expect(profile.budget).toEqual({
      status: "ok",
      low: 1000,
      high: 1500,
      hardCap: 1500,
      highestMinMemberId: "ben",
      lowestMaxMemberId: "ben",
      ranges: [
        { memberId: "ana", min: 800, max: 2000, hardLimit: false },
        { memberId: "ben", min: 1000, max: 1500, hardLimit: true },
        { memberId: "cy", min: 1000, max: 1800, hardLimit: true },
      ],
      flexibleIds: ["dee"],
    });
  });

  it("is 'flexible' when respondents exist but nobody set a budget", () => {
    expect(profileOf([member("Ana"), member("Ben", null)]).budget).toEqual({
      status: "flexible",
      low: null,
      high: null,
      hardCap: null,
      highestMinMemberId: null,
      lowestMaxMemberId: null,
      ranges: [],
      flexibleIds: ["ana"],
    });
  });

  it("suggests concrete amounts for a soft conflict", () => {
    const members = [
      member("Alex", { budget: budget(1200, 2000) }),
      member("Jo", { budget: budget(500, 900) }),
      member("Kim"),
    ];
    expect(profileOf(members).budget).toMatchObject({ status: "conflict", low: 1200, high: 900, hardCap: null });
    expect(conflictsOf(members)).toEqual([
      {
        kind: "budget",
        severity: "medium",
        summary: "Alex needs at least $1,200 but Jo can spend at most $900",
        memberIds: ["alex", "jo"],
        suggestedResolutions: [
          "Alex lowers their min to $900",
          "Jo raises their max to $1,200",
          "Meet in the middle at $1,050",
        ],
      },
    ]);
  });

  it("involves everyone a fix asks to change, not only the two named", () => {
    const [conflict] = conflictsOf([
      member("Alex", { budget: budget(1200, 2000) }),
      member("Jo", { budget: budget(500, 900) }),
      member("Kim", { budget: budget(600, 1000) }),
    ]);
    // Kim's max ($1,000) is under Alex's min too: "Jo and Kim raise their max to $1,200".
    expect(conflict?.memberIds).toEqual(["alex", "jo", "kim"]);
    expect(conflict?.suggestedResolutions).toContain("Jo and Kim raise their max to $1,200");
  });

  it("tells a member their own part by name and nobody else's; the whole group's text names nobody", () => {
    const members = [
      member("Alex", { budget: budget(1200, 2000) }),
      member("Jo", { budget: budget(500, 900) }),
      member("Kim", { budget: budget(600, 1000) }),
    ];
    const profile = profileOf(members);
    expect(detectConflicts(profile, { kind: "member", memberId: "alex" })).toEqual([
      {
        kind: "budget",
        severity: "medium",
        summary: "You need at least $1,200 but another member can spend at most $900",
        memberIds: ["alex"],
        suggestedResolutions: [
          "You: lower your minimum to $900",
          "2 members raise their maximum to $1,200",
          "Meet in the middle at $1,050",
        ],
      },
    ]);
    expect(detectConflicts(profile, { kind: "member", memberId: "jo" })[0]).toMatchObject({
      summary: "Another member needs at least $1,200 but you can spend at most $900",
      memberIds: ["jo"],
      suggestedResolutions: [
        "One member lowers their minimum to $900",
        "You: raise your maximum to $1,200 (and 1 other member too)",
        "Meet in the middle at $1,050",
      ],
    });
    const everyone = detectConflicts(profile, { kind: "everyone" })[0];
    expect(everyone).toMatchObject({
      summary: "One member needs at least $1,200 but another can spend at most $900",
      memberIds: [],
    });
    for (const name of ["Alex", "Jo", "Kim"]) expect(JSON.stringify(everyone)).not.toContain(name);
  });

  it("is high severity, and never asks to break the cap, when the lowest max is a hard limit", () => {
    const [conflict] = conflictsOf([
      member("Alex", { budget: budget(1200, 2000) }),
      member("Jo", { budget: budget(500, 900, true) }),
    ]);
    expect(conflict).toMatchObject({
      severity: "high",
      summary: "Alex needs at least $1,200 but Jo can spend at most $900 (a hard limit)",
      suggestedResolutions: ["Alex lowers their min to $900"],
    });
  });

  it("is high severity when a hard cap sits below the highest minimum", () => {
    const members = [
      member("Alex", { budget: budget(1200, 2000) }),
      member("Jo", { budget: budget(500, 900) }),
      member("Kim", { budget: budget(800, 1000, true) }),
    ];
    expect(profileOf(members).budget.hardCap).toBe(1000);
    const [conflict] = conflictsOf(members);
    expect(conflict?.severity).toBe("high");
    expect(conflict?.suggestedResolutions).toEqual(["Alex lowers their min to $900"]);
  });

  it("names everyone who must move", () => {
    const [conflict] = conflictsOf([
      member("Alex", { budget: budget(1200, 2000) }),
      member("Bo", { budget: budget(1100, 2000) }),
      member("Jo", { budget: budget(500, 900) }),
    ]);
    expect(conflict?.suggestedResolutions[0]).toBe("Alex and Bo lower their min to $900");
  });
});

describe("vibes", () => {
  it("counts, sorts by count then catalog order, and finds shared and popular vibes", () => {
    const profile = profileOf([
      member("Ana", { vibes: ["food", "beach", "city"] }),
      member("Ben", { vibes: ["food", "city"] }),
      member("Cy", { vibes: ["food", "nature"] }),
      member("Dee", { vibes: [] }),
    ]);
    expect(profile.vibes).toEqual({
      counts: [
        { vibe: "food", count: 3 },
        { vibe: "city", count: 2 },
        { vibe: "beach", count: 1 },
        { vibe: "nature", count: 1 },
      ],
      choosers: 3,
      shared: ["food"],
      popular: ["food", "city"],
    });
  });

  it("raises a low conflict that points at the popular vibes when nothing is shared", () => {
    const conflicts = conflictsOf([
      member("Ana", { vibes: ["beach", "food"] }),
      member("Ben", { vibes: ["city", "food"] }),
      member("Cy", { vibes: ["beach", "nightlife"] }),
    ]);
    expect(conflicts).toEqual([
      {
        kind: "vibes",
        severity: "low",
        summary: "No vibe is shared by everyone who picked one",
        memberIds: [],
        suggestedResolutions: ["Build the trip around beach and food: at least half the group picked each"],
      },
    ]);
  });

  it("keeps every vibe tied with the third top pick (none dropped silently)", () => {
    const [conflict] = conflictsOf([
      member("Ana", { vibes: ["beach", "city"] }),
      member("Ben", { vibes: ["nature", "nightlife"] }),
      member("Cy", { vibes: ["food", "culture"] }),
      member("Dee", { vibes: ["relaxation", "adventure"] }),
      member("Eve", { vibes: ["beach", "nature"] }),
    ]);
    // beach 2, nature 2, then six vibes picked once (in the form's order): all tied for third.
    expect(conflict?.suggestedResolutions).toEqual([
      "Everyone adds one of the top picks: beach (2), nature (2), city (1), adventure (1), culture (1), food (1), nightlife (1) and relaxation (1)",
    ]);
  });

  it("has no conflict when only one member chose vibes", () => {
    expect(conflictsOf([member("Ana", { vibes: ["beach"] }), member("Ben")])).toEqual([]);
  });
});

describe("constraints", () => {
  const group = [
    member("Ana", { dietary: ["vegan"], hardNos: ["Camping"], mustHaves: ["Museums"] }),
    member("Ben", { dietary: ["halal", "vegan"], accessibility: ["step-free"], mustHaves: [" camping ", "museums"] }),
    member("Cy", { dietary: ["halal"], hardNos: ["CAMPING", "Clubs"] }),
  ];

  it("unions values with attribution, grouping free text case-insensitively", () => {
    expect(profileOf(group).constraints).toEqual({
      dietary: [
        { value: "vegan", count: 2, memberIds: ["ana", "ben"] },
        { value: "halal", count: 2, memberIds: ["ben", "cy"] },
      ],
      accessibility: [{ value: "step-free", count: 1, memberIds: ["ben"] }],
      hardNos: [
        { value: "Camping", count: 2, memberIds: ["ana", "cy"] },
        { value: "Clubs", count: 1, memberIds: ["cy"] },
      ],
      mustHaves: [
        { value: "Museums", count: 2, memberIds: ["ana", "ben"] },
        { value: "camping", count: 1, memberIds: ["ben"] },
      ],
    });
  });

  it("flags a must-have that is someone's hard no without naming anyone", () => {
    const conflicts = conflictsOf(group);
    expect(conflicts).toEqual([
      {
        kind: "constraints",
        severity: "medium",
        summary: "“camping” is a must-have for 1 person and a hard no for 2 people",
        memberIds: ["ben", "ana", "cy"],
        suggestedResolutions: [
          "Leave “camping” out of the shared plan: a hard no outweighs a must-have",
          "Offer “camping” as an optional side activity for those who want it",
        ],
      },
    ]);
    const text = conflicts.flatMap((c) => [c.summary, ...c.suggestedResolutions]).join("\n");
    for (const name of ["Ana", "Ben", "Cy"]) expect(text).not.toContain(name);
  });
});

describe("scope", () => {
  const scoped = (name: string, scope: "domestic" | "international" | "either") => member(name, { scope });

  it("derives the status from the strictest answers", () => {
    expect(profileOf([scoped("Ana", "either")]).scope.status).toBe("either");
    expect(profileOf([scoped("Ana", "either"), scoped("Ben", "domestic")]).scope.status).toBe("domestic");
    expect(profileOf([scoped("Ana", "international"), scoped("Ben", "either")]).scope.status).toBe("international");
  });

  it("flags domestic-only against international-only, smaller group asked first", () => {
    const members = [scoped("Ana", "domestic"), scoped("Ben", "international"), scoped("Cy", "domestic")];
    expect(profileOf(members).scope).toEqual({
      status: "conflict",
      domesticOnlyIds: ["ana", "cy"],
      internationalOnlyIds: ["ben"],
      decided: null,
    });
    expect(conflictsOf(members)).toEqual([
      {
        kind: "scope",
        severity: "medium",
        summary: "Ana and Cy want to stay domestic but Ben wants to go international",
        memberIds: ["ana", "cy", "ben"],
        suggestedResolutions: ["Ben agrees to a domestic trip", "Ana and Cy agree to an international trip"],
      },
    ]);
  });
});

describe("detectConflicts", () => {
  it("returns nothing for a group that agrees", () => {
    expect(
      conflictsOf([
        member("Ana", { dates: windows(["2026-06-01", "2026-06-10"]), budget: budget(500, 1500), vibes: ["beach"] }),
        member("Ben", { budget: budget(800, 2000), vibes: ["beach", "food"], scope: "domestic" }),
        member("Cy", null),
      ]),
    ).toEqual([]);
  });

  it("sorts high before medium before low", () => {
    const conflicts = conflictsOf([
      member("Ana", { dates: windows(["2026-06-01", "2026-06-05"]), vibes: ["beach"], scope: "domestic" }),
      member("Ben", { dates: windows(["2026-08-01", "2026-08-05"]), vibes: ["city"], scope: "international" }),
    ]);
    expect(conflicts.map((c) => [c.kind, c.severity])).toEqual([
      ["dates", "high"],
      ["scope", "medium"],
      ["vibes", "low"],
    ]);
  });
});

describe("dates that are flexible by a few days", () => {
  it("Jun 10–20 ± 3 days meets Jun 22–28 on Jun 22–23 (without the ± 3 days, nothing overlaps)", () => {
    const ana = (flexibleDays?: number) =>
      member("Ana", {
        dates: { flexible: false, windows: [{ start: "2026-06-10", end: "2026-06-20" }], flexibleDays },
        tripLength: days(2, 2),
      });
    const ben = member("Ben", { dates: windows(["2026-06-22", "2026-06-28"]), tripLength: days(2, 2) });
    expect(profileOf([ana(), ben]).dates.overlapWindows).toEqual([]);
    expect(profileOf([ana(3), ben]).dates.overlapWindows.map((w) => [w.start, w.end])).toEqual([
      ["2026-06-22", "2026-06-23"],
    ]);
  });
});
