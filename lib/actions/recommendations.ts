import "server-only";
import { castVote, selectDestination, withdrawVote as withdraw } from "@/lib/db/queries/recommendations";
import { ensureModelSpendAllowed } from "@/lib/limits/budget";
import { startRecommendations } from "@/lib/pipeline/engine";
import { DestinationChoiceInput, TripOnlyInput, WithdrawVoteInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** The organizer asks for recommendations. A second click (or tab) gets the run already going. */
export const generateRecommendations = tripAction({
  access: "organizer",
  input: TripOnlyInput,
  async run({ input, caller }) {
    await ensureModelSpendAllowed({ tripId: input.tripId, memberId: caller.member.id });
    return startRecommendations({ tripId: input.tripId, requestedBy: caller.member.id });
  },
});

export const voteForDestination = tripAction({
  access: "member",
  input: DestinationChoiceInput,
  async run({ input, caller }) {
    await castVote({ ...input, memberId: caller.member.id });
    return { slug: input.slug };
  },
});

/** A member takes their vote back; like voting, refused once a destination is chosen. */
export const withdrawVote = tripAction({
  access: "member",
  input: WithdrawVoteInput,
  async run({ input, caller }) {
    return withdraw({ ...input, memberId: caller.member.id });
  },
});

/** The organizer's pick: the trip moves on to planning. */
export const chooseDestination = tripAction({
  access: "organizer",
  input: DestinationChoiceInput,
  async run({ input }) {
    await selectDestination(input);
    return { slug: input.slug };
  },
});
