import "server-only";
import { getPreferences } from "@/lib/db/queries/preferences";
import { castVote, selectDestination, withdrawVote as withdraw } from "@/lib/db/queries/recommendations";
import { AppError } from "@/lib/errors";
import { ensureModelSpendAllowed } from "@/lib/limits/budget";
import { startRecommendations } from "@/lib/pipeline/engine";
import { DestinationChoiceInput, TripOnlyInput, WithdrawVoteInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** Why Generate is refused until the organizer has answered (the dashboard says the same by the button). */
export const ORGANIZER_ANSWERS_FIRST =
  "Add your own answers first: recommendations need at least the organizer's preferences.";

/**
 * The organizer asks for recommendations, once they have answered themselves (except on
 * the demo trip, whose sample group stands in for them). A second click (or tab) gets the
 * run already going.
 */
export const generateRecommendations = tripAction({
  name: "generateRecommendations",
  description:
    "The organizer asks for destination ideas for the group, once they have answered themselves (uses the trip's daily generation allowance).",
  effect: "spends-model",
  access: "organizer",
  input: TripOnlyInput,
  async run({ input, caller }) {
    if (!caller.trip.isDemo && !(await getPreferences({ memberId: caller.member.id }))) {
      throw new AppError("conflict:organizer-answers", ORGANIZER_ANSWERS_FIRST);
    }
    await ensureModelSpendAllowed({ tripId: input.tripId, memberId: caller.member.id });
    return startRecommendations({ tripId: input.tripId, requestedBy: caller.member.id });
  },
});

export const voteForDestination = tripAction({
  name: "voteForDestination",
  examples: [
    "vote for porto",
    "put my vote on san diego please",
    "i vote for the second option",
    "my vote goes to lisbon",
    "voto por oporto",
    "je vote pour porto",
    "ich stimme für Porto",
  ],
  description: "Vote for one of the recommended destinations (one vote each; voting again moves it).",
  effect: "write",
  access: "member",
  input: DestinationChoiceInput,
  async run({ input, caller }) {
    await castVote({ ...input, memberId: caller.member.id });
    return { slug: input.slug };
  },
});

/** A member takes their vote back; like voting, refused once a destination is chosen. */
export const withdrawVote = tripAction({
  name: "withdrawVote",
  description: "Take back my vote on the recommended destinations.",
  effect: "write",
  access: "member",
  input: WithdrawVoteInput,
  async run({ input, caller }) {
    return withdraw({ ...input, memberId: caller.member.id });
  },
});

/** The organizer's pick: the trip moves on to planning. */
export const chooseDestination = tripAction({
  name: "chooseDestination",
  description: "The organizer picks the destination among the recommendations: the trip moves on to planning.",
  effect: "write",
  access: "organizer",
  input: DestinationChoiceInput,
  async run({ input }) {
    await selectDestination(input);
    return { slug: input.slug };
  },
});
