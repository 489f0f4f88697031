import "server-only";
import { forgetTripToken, rememberShareToken } from "@/lib/auth/session";
import { deleteTripAndEverything, eraseMemberAnswers, leaveTripAndErase } from "@/lib/db/queries/deletion";
import { DeleteTripInput, LeaveTripInput, TripOnlyInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** The organizer deletes the trip and everything in it, after typing its name. */
export const deleteTrip = tripAction({
  name: "deleteTrip",
  examples: [
    "delete the trip",
    "delete this whole trip",
    "cancel the trip and erase it",
    "borra el viaje",
    "supprime le voyage",
    "lösche die Reise",
  ],
  description:
    "The organizer deletes the trip and everything in it, for everyone, after typing its name. It can't be undone.",
  effect: "destructive",
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
  name: "eraseMyAnswers",
  description:
    "Erase my own answers (dates, budget, wishes, hard no's, notes); I stay in the trip and can answer again.",
  effect: "destructive",
  access: "member",
  input: TripOnlyInput,
  async run({ caller }) {
    return eraseMemberAnswers({ tripId: caller.trip.id, memberId: caller.member.id });
  },
});

/**
 * A member leaves the trip, and their data goes with them (answers, votes, feedback,
 * devices, sign-in links: lib/db/queries/deletion.ts). This browser forgets the trip; the
 * member's other devices and personal link open nothing any more. The organizer can't
 * leave: they delete the trip instead.
 */
export const leaveTrip = tripAction({
  name: "leaveTrip",
  description:
    "Leave the trip: my answers, votes, feedback, devices and sign-in links are erased. The organizer can't leave; they delete the trip instead.",
  effect: "destructive",
  access: "member",
  input: LeaveTripInput,
  async run({ caller, ctx }) {
    await leaveTripAndErase({ tripId: caller.trip.id, memberId: caller.member.id });
    forgetTripToken(ctx, caller.trip.id);
    return { left: true as const };
  },
});
