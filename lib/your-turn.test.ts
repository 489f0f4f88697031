import { describe, expect, it } from "vitest";
import { type YourTurnInput, yourTurn } from "@/lib/your-turn";

/** Hand-written situations of a real group and what each person should be told first. */

const OLGA = { id: "olga", name: "Olga", responded: true };
const DAN = { id: "dan", name: "Dan", responded: true };
const SAM = { id: "sam", name: "Sam", responded: false };

function situation(overrides: Partial<YourTurnInput> = {}): YourTurnInput {
  return {
    tripId: "t1",
    status: "recommending",
    viewer: { memberId: "dan", isOrganizer: false, hasResponded: true },
    members: [OLGA, DAN, SAM],
    requests: [],
    recommendations: { running: false, ready: false, votingOpen: true, myVote: null, notVoted: null },
    plan: { datesConfirmed: false, exists: false, running: false, openFeedback: 0 },
    ...overrides,
  };
}
const ids = (input: YourTurnInput) => yourTurn(input).mine.map((i) => i.id);

describe("a member's turn", () => {
  it("a member who hasn't answered is asked to answer first", () => {
    const turn = yourTurn(situation({ viewer: { memberId: "sam", isOrganizer: false, hasResponded: false } }));
    expect(turn.mine[0]).toMatchObject({ title: "Add your preferences", href: "/trips/t1/preferences" });
    expect(turn.waitingOn).toBeNull();
  });

  it("the organizer's request to Dan is at the top of Dan's page, and only Dan's", () => {
    const requests = [{ memberId: "dan", conflict: "dates" as const, declined: false }];
    expect(yourTurn(situation({ requests })).mine[0]).toMatchObject({
      title: "The organizer asked you to look at the dates conflict",
      href: "/trips/t1#card-conflicts",
    });
    expect(ids(situation({ requests, viewer: { memberId: "sam", isOrganizer: false, hasResponded: true } }))).toEqual(
      [],
    );
    // Declined: no longer his turn.
    expect(ids(situation({ requests: [{ memberId: "dan", conflict: "dates", declined: true }] }))).toEqual([]);
  });

  it("ideas in and no vote yet: vote; after voting, nothing", () => {
    const ready = { running: false, ready: true, votingOpen: true, myVote: null, notVoted: null };
    expect(ids(situation({ recommendations: ready }))).toEqual(["vote"]);
    expect(ids(situation({ recommendations: { ...ready, myVote: "lisbon" } }))).toEqual([]);
    // Still generating: nothing to vote on yet.
    expect(ids(situation({ recommendations: { ...ready, running: true } }))).toEqual([]);
  });

  it("a plan to look at, then the final plan", () => {
    const plan = { datesConfirmed: true, exists: true, running: false, openFeedback: 2 };
    expect(yourTurn(situation({ status: "planning", plan })).mine[0]).toMatchObject({
      title: "The plan is ready to look at",
      href: "/trips/t1/plan",
    });
    expect(ids(situation({ status: "finalized", plan }))).toEqual(["final"]);
  });
});

describe("the organizer's turn, with who holds things up", () => {
  const organizer = { memberId: "olga", isOrganizer: true, hasResponded: true };

  it("before any ideas: generate, waiting on Sam to answer", () => {
    const turn = yourTurn(situation({ viewer: organizer }));
    expect(turn.mine.map((i) => i.id)).toEqual(["generate"]);
    expect(turn.waitingOn).toBe("Waiting on Sam to answer.");
  });

  it("ideas in: vote and choose, waiting on who hasn't voted", () => {
    const turn = yourTurn(
      situation({
        viewer: organizer,
        recommendations: { running: false, ready: true, votingOpen: true, myVote: null, notVoted: ["Dan", "Sam"] },
      }),
    );
    expect(turn.mine.map((i) => i.id)).toEqual(["vote", "choose"]);
    expect(turn.waitingOn).toBe("Waiting on Dan and Sam to vote.");
  });

  it("planning: dates, then the plan, then the group's flags, then finalize", () => {
    const at = (plan: YourTurnInput["plan"]) => ids(situation({ viewer: organizer, status: "planning", plan }));
    expect(at({ datesConfirmed: false, exists: false, running: false, openFeedback: 0 })).toEqual(["dates"]);
    expect(at({ datesConfirmed: true, exists: false, running: false, openFeedback: 0 })).toEqual(["plan"]);
    expect(
      yourTurn(
        situation({
          viewer: organizer,
          status: "planning",
          plan: { datesConfirmed: true, exists: true, running: false, openFeedback: 3 },
        }),
      ).mine[0]?.title,
    ).toBe("3 flags and suggestions wait on the plan");
    expect(at({ datesConfirmed: true, exists: true, running: false, openFeedback: 0 })).toEqual(["finalize"]);
    // While the plan is being made there is nothing to click.
    expect(at({ datesConfirmed: true, exists: true, running: true, openFeedback: 3 })).toEqual([]);
  });
});
