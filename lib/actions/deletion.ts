import "server-only";
import { forgetTripToken, rememberShareToken } from "@/lib/auth/session";
import { deleteTripAndEverything, eraseMemberAnswers } from "@/lib/db/queries/deletion";
import { DeleteTripInput, TripOnlyInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** The organizer deletes the trip and everything in it, after typing its name. */
export const deleteTrip = tripAction({
  access: "organizer",
  input: DeleteTripInput,
  async run({ input, caller, ctx }) {
    await deleteTripAndEverything({ tripId: caller.trip.id, confirmName: input.confirmName });
    rememberShareToken(ctx, caller.trip.id, null);
    forgetTripToken(ctx, caller.trip.id);
    return { deleted: true as const };
  },
});

/** A member erases their own answers (there is no way to name another member); they stay in the trip. */
export const eraseMyAnswers = tripAction({
  access: "member",
  input: TripOnlyInput,
  async run({ caller }) {
    return eraseMemberAnswers({ tripId: caller.trip.id, memberId: caller.member.id });
  },
});
