import "server-only";
import { castVote, selectDestination } from "@/lib/db/queries/recommendations";
import { AppError } from "@/lib/errors";
import { startRecommendations } from "@/lib/pipeline/engine";
import { DestinationChoiceInput, TripOnlyInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** The organizer asks for recommendations. A second click (or tab) gets the run already going. */
export const generateRecommendations = tripAction({
  access: "organizer",
  input: TripOnlyInput,
  async run({ input, caller }) {
    if (caller.trip.status === "planning" || caller.trip.status === "finalized") {
      throw new AppError("conflict:trip-status", "A destination is already chosen for this trip.");
    }
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

/** The organizer's pick: the trip moves on to planning. */
export const chooseDestination = tripAction({
  access: "organizer",
  input: DestinationChoiceInput,
  async run({ input, caller }) {
    if (caller.trip.status === "finalized") {
      throw new AppError("conflict:trip-status", "This trip is already finalized.");
    }
    await selectDestination(input);
    return { slug: input.slug };
  },
});
