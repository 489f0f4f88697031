import { describe, expect, it } from "vitest";
import type { Resolution } from "@/lib/resolutions";
import type { Opener } from "@/lib/schemas/recommendations";
import { fewFitSeenBy } from "@/lib/views/dashboard";
import { type MustHaveSeen, mustHaveTurns, type YourTurnInput, yourTurn } from "@/lib/your-turn";

/**
 * The to-do is complete and ordered: the situations the issue found, by hand. Olga organizes;
 * Dan and Sam are members.
 */

const OLGA = { id: "olga", name: "Olga", responded: true };
const DAN = { id: "dan", name: "Dan", responded: true };
const SAM = { id: "sam", name: "Sam", responded: true };

const DATES_FIX: Resolution = {
  id: "dates:2027-04-12:2027-04-16",
  conflict: "dates",
  label: "Add Apr 12–13 to your dates (for Apr 12–16)",
  changes: [{ field: "Your dates", before: "Apr 14–20", after: "Apr 12–20" }],
  before: {},
  after: {},
};
const DATES_CONFLICT = { kind: "dates" as const, severity: "high" as const, summary: "Only 2 of 3 can make Apr 12–16" };
const BUDGET_CONFLICT = { kind: "budget" as const, severity: "high" as const, summary: "No budget suits everyone" };

function situation(overrides: Partial<YourTurnInput> = {}): YourTurnInput {
  return {
    tripId: "t1",
    status: "collecting",
    viewer: { memberId: "dan", isOrganizer: false, hasResponded: true },
    members: [OLGA, DAN, SAM],
    requests: [],
    recommendations: { running: false, ready: false, votingOpen: false, myVote: null, notVoted: null },
    plan: { datesConfirmed: false, exists: false, running: false, openFeedback: 0 },
    conflicts: [],
    fixes: [],
    ...overrides,
  };
}
const ids = (input: YourTurnInput) => yourTurn(input).mine.map((i) => i.id);
const organizer = { memberId: "olga", isOrganizer: true, hasResponded: true };

describe("the to-do is complete and ordered", () => {
  it("a member's own part in a conflict is at the top, with its one-step fix (not “nothing for you to do”)", () => {
    const turn = yourTurn(situation({ conflicts: [DATES_CONFLICT], fixes: [DATES_FIX] }));
    expect(turn.mine).toHaveLength(1);
    expect(turn.mine[0]).toMatchObject({
      id: "fix-dates:2027-04-12:2027-04-16",
      title: "Your part in the dates conflict: Add Apr 12–13 to your dates (for Apr 12–16)",
      detail: "Only 2 of 3 can make Apr 12–16",
      fix: DATES_FIX,
    });
  });

  it("orders fix, then an organizer's request, then a vote; a request that has a fix shows once, with it", () => {
    const requests = [
      { memberId: "dan", conflict: "dates" as const, declined: false },
      { memberId: "dan", conflict: "budget" as const, declined: false },
    ];
    const input = situation({
      status: "recommending",
      requests,
      conflicts: [DATES_CONFLICT, BUDGET_CONFLICT],
      fixes: [DATES_FIX],
      recommendations: { running: false, ready: true, votingOpen: true, myVote: null, notVoted: null },
    });
    // Dates: fix (asked → says so) first; budget: only the request (no fix of Dan's own); then the vote.
    expect(ids(input)).toEqual(["fix-dates:2027-04-12:2027-04-16", "request-budget", "vote"]);
    expect(yourTurn(input).mine[0]?.detail).toBe(
      "The organizer asked you to look at it. Only 2 of 3 can make Apr 12–16",
    );
  });

  it("the organizer alone in the trip is asked to invite people, not to get ideas", () => {
    expect(ids(situation({ viewer: organizer, members: [OLGA] }))).toEqual(["invite"]);
    expect(yourTurn(situation({ viewer: organizer, members: [OLGA] })).mine[0]?.title).toBe("Invite your group");
    // Two in (fewer than three): still asked to invite, and with Dan's answers, ideas can come next.
    const two = yourTurn(situation({ viewer: organizer, members: [OLGA, DAN] }));
    expect(two.mine.map((i) => [i.id, i.title])).toEqual([
      ["invite", "Invite the rest of the group (2 in so far)"],
      ["generate", "Get destination ideas"],
    ]);
  });

  it("with two high conflicts open, the organizer settles them before getting ideas", () => {
    const turn = yourTurn(situation({ viewer: organizer, conflicts: [DATES_CONFLICT, BUDGET_CONFLICT] }));
    expect(turn.mine.map((i) => i.id)).toEqual(["settle"]);
    expect(turn.mine[0]?.title).toBe("Settle 2 high conflicts before getting ideas");
    expect(turn.mine[0]?.detail).toBe("Only 2 of 3 can make Apr 12–16 and No budget suits everyone");
  });

  it("a fix ends with the stage it belongs to: once a destination is chosen, it is not offered", () => {
    const planning = situation({
      status: "planning",
      conflicts: [DATES_CONFLICT],
      fixes: [DATES_FIX],
      plan: { datesConfirmed: true, exists: true, running: false, openFeedback: 0 },
    });
    expect(ids(planning)).toEqual(["look"]);
  });

  it("takes items worked out elsewhere (a must-have the plan couldn't honour) in their place", () => {
    const turn = yourTurn(
      situation({
        viewer: organizer,
        status: "planning",
        plan: { datesConfirmed: true, exists: true, running: false, openFeedback: 2 },
        extra: [
          {
            id: "must-have-beach",
            title: "“a beach day” isn't in the plan",
            detail: null,
            href: "/x",
            action: "See why",
          },
        ],
      }),
    );
    // Feedback (flags to look at) before the must-have; nothing else waits.
    expect(turn.mine.map((i) => i.id)).toEqual(["feedback", "must-have-beach"]);
  });
});

describe("a must-have the plan could not honour", () => {
  // Dan's "a beach day" and "a spa afternoon" aren't in the plan; his "live fado" is (day 2);
  // Sam's "sushi" isn't either, but that is Sam's to follow up, not Dan's.
  const seen: MustHaveSeen[] = [
    {
      mustHave: "a beach day",
      status: "not-honoured",
      whose: "you",
      why: "Nothing we know in Mexico City offers it.",
      wouldHelp: "Another destination that has it.",
    },
    { mustHave: "live fado", status: "in-plan", whose: "you" },
    {
      mustHave: "a spa afternoon",
      status: "not-honoured",
      whose: "you",
      why: "Temazcal offers it and suits everyone, but it didn't fit the days at the group's pace.",
      wouldHelp: "Suggest Temazcal, or the organizer adds it by hand in place of something else.",
    },
    { mustHave: "sushi", status: "not-honoured", whose: null, why: "…", wouldHelp: "…" },
  ];

  it("is a step in its owner's to-do, after looking at the plan, with why and what would help", () => {
    const turn = yourTurn(
      situation({
        status: "planning",
        plan: { datesConfirmed: true, exists: true, running: false, openFeedback: 0 },
        extra: mustHaveTurns("t1", "planning", seen),
      }),
    );
    // Two of Dan's own three are missing: two steps, in the order he wrote them, after "look".
    expect(turn.mine.map((i) => i.title)).toEqual([
      "The plan is ready to look at",
      "Your must-have “a beach day” isn't in the plan",
      "Your must-have “a spa afternoon” isn't in the plan",
    ]);
    expect(turn.mine[1]?.detail).toBe(
      "Nothing we know in Mexico City offers it. What would make it possible: Another destination that has it.",
    );
    expect(turn.mine[2]?.href).toBe("/trips/t1/plan");
  });

  it("ends with the planning: a final plan has nothing left to ask for", () => {
    expect(mustHaveTurns("t1", "finalized", seen)).toEqual([]);
    // Nothing missing of the viewer's own: nothing added.
    expect(mustHaveTurns("t1", "planning", seen.slice(1, 2))).toEqual([]);
  });
});

describe("what would open more places", () => {
  const opener = (memberId: string, change: Opener["change"], opens: number): Opener => ({
    memberId,
    change,
    budget: change === "budget" ? 2600 : null,
    rule: null,
    opens,
    slugs: [],
  });
  const fewFit = { fit: 2, openers: [opener("dan", "budget", 16), opener("sam", "hard-no", 3)] };

  it("never offers a member raising their own hard cap; the others still see it", () => {
    expect(fewFitSeenBy(fewFit, "recommending", "dan")?.openers.map((o) => o.memberId)).toEqual(["sam"]);
    expect(fewFitSeenBy(fewFit, "recommending", "olga")?.openers.map((o) => o.memberId)).toEqual(["dan", "sam"]);
  });

  it("ends when the choosing stage has passed", () => {
    expect(fewFitSeenBy(fewFit, "planning", "olga")).toBeNull();
    expect(fewFitSeenBy(fewFit, "finalized", "sam")).toBeNull();
  });
});
