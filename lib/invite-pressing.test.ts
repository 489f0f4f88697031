import { describe, expect, it } from "vitest";
import { inviteIsPressing, type YourTurnInput, yourTurn } from "@/lib/your-turn";

/**
 * When the dashboard puts the invite link full-width under the to-do: while the group is
 * still choosing and fewer than three people are in. Each case is a real day of a trip.
 */
describe("the invite is pressing", () => {
  it("while the organizer is alone, and while only one friend has joined", () => {
    // 1 person (the organizer) < 3, still collecting answers: inviting is the job.
    expect(inviteIsPressing({ status: "collecting", memberCount: 1 })).toBe(true);
    // 2 people < 3, ideas already asked for: still too few for ideas that suit a group.
    expect(inviteIsPressing({ status: "recommending", memberCount: 2 })).toBe(true);
  });

  it("no longer once three are in", () => {
    // 3 is not < 3.
    expect(inviteIsPressing({ status: "collecting", memberCount: 3 })).toBe(false);
    expect(inviteIsPressing({ status: "recommending", memberCount: 7 })).toBe(false);
  });

  it("no longer once a destination is chosen, however few are in", () => {
    // The choosing stage has passed: the nudge belongs to it and ends with it.
    expect(inviteIsPressing({ status: "planning", memberCount: 1 })).toBe(false);
    expect(inviteIsPressing({ status: "finalized", memberCount: 2 })).toBe(false);
  });

  it("the organizer's to-do asks for invites exactly when the block is pressing", () => {
    const organizer = { id: "olga", name: "Olga", responded: true };
    const dan = { id: "dan", name: "Dan", responded: false };
    const friends = [dan, { id: "sam", name: "Sam", responded: false }];
    const day = (members: YourTurnInput["members"], status: YourTurnInput["status"]): YourTurnInput => ({
      tripId: "t1",
      status,
      viewer: { memberId: "olga", isOrganizer: true, hasResponded: true },
      members,
      requests: [],
      recommendations: { running: false, ready: false, votingOpen: false, myVote: null, notVoted: null },
      plan: { datesConfirmed: false, exists: false, running: false, openFeedback: 0 },
    });
    const asksToInvite = (input: YourTurnInput) => yourTurn(input).mine.some((i) => i.id === "invite");
    for (const [members, status] of [
      [[organizer], "collecting"],
      [[organizer, dan], "collecting"],
      [[organizer, ...friends], "collecting"],
      [[organizer], "planning"],
    ] as const) {
      const input = day([...members], status);
      expect(asksToInvite(input)).toBe(inviteIsPressing({ status, memberCount: members.length }));
    }
    // Alone while collecting: asked (true); with all three: not asked (false).
    expect(asksToInvite(day([organizer], "collecting"))).toBe(true);
    expect(asksToInvite(day([organizer, ...friends], "collecting"))).toBe(false);
  });
});
