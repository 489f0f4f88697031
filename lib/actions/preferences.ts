import "server-only";
import { savePreferences as save } from "@/lib/db/queries/preferences";
import { consume } from "@/lib/limits/rate";
import { SavePreferencesInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** A member saves their own preferences; there is no way to name another member. */
export const savePreferences = tripAction({
  name: "savePreferences",
  description:
    "Save my own answers (dates, budget, trip length, interests, hard no's, pace, notes) from the version I last saw.",
  effect: "write",
  access: "member",
  input: SavePreferencesInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    return save({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      data: input.preferences,
      expectedVersion: input.expectedVersion,
    });
  },
});
