import "server-only";
import { savePreferences as save } from "@/lib/db/queries/preferences";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/limits/rate";
import { homePlaceById } from "@/lib/places/suggest";
import { SavePreferencesInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** A member saves their own preferences; there is no way to name another member. */
export const savePreferences = tripAction({
  name: "savePreferences",
  examples: [
    "my max budget is $1,200 now",
    "my budget is now 2000 max",
    "change my budget to 1500 euros",
    "i can't eat nuts",
    "i'm vegan",
    "add vegetarian to my diets",
    "i'm allergic to shellfish",
    "mi presupuesto es de 1000 euros",
    "je suis végétarien",
    "mein Budget ist jetzt 1500",
  ],
  description:
    "Save my own answers (dates, budget, trip length, interests, hard no's, pace, notes) from the version I last saw.",
  effect: "write",
  access: "member",
  input: SavePreferencesInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const picked = input.preferences.originPlace;
    // The stored home is the gazetteer's record of the place picked, not the browser's copy of it.
    const originPlace = picked ? homePlaceById(picked.id) : picked;
    if (picked && !originPlace) {
      throw new AppError("invalid:preferences", "Pick your home from the suggestions", {
        origin: "Pick your home from the suggestions",
      });
    }
    return save({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      data: { ...input.preferences, originPlace },
      expectedVersion: input.expectedVersion,
    });
  },
});
