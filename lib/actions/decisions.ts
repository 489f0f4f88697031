import "server-only";
import { daysBetweenInclusive } from "@/lib/dates";
import { clearDecision as clear, saveDecision } from "@/lib/db/queries/decisions";
import { AppError } from "@/lib/errors";
import { ClearDecisionInput, DecideConflictInput } from "@/lib/schemas/decisions";
import { refuseInstructions } from "@/lib/screened-answers";
import { tripAction } from "./define";

/** Longest window a decision may plan for (the form's longest trip). */
const MAX_DECIDED_DAYS = 30;

/**
 * The organizer's decision on a conflict no one's change solves ("plan for Jun 12–16; Kim
 * joins for 3 days"): recorded with who decided and when, shown to everyone, and used by
 * the next recommendations. Replaced by deciding again, withdrawn by clearing it.
 */
export const decideConflict = tripAction({
  name: "decideConflict",
  description:
    "The organizer decides a conflict nobody's own change solves: plan for these dates anyway (who can't make all of them is shown with it), or go domestic / go abroad. Everyone sees the decision with a note, who decided and when; the next recommendations plan with it. Deciding again replaces it.",
  effect: "write",
  access: "organizer",
  input: DecideConflictInput,
  async run({ input, caller }) {
    const { decision } = input;
    // Everyone reads the note with the decision: words for the group, not for the planner.
    refuseInstructions({ note: input.note }, "Write this for the group, not as instructions for the AI.");
    if (decision.kind === "scope") {
      await saveDecision({ tripId: caller.trip.id, memberId: caller.member.id, decision, note: input.note });
      return { kind: decision.kind };
    }
    const today = new Date().toISOString().slice(0, 10);
    if (decision.start <= today) {
      throw new AppError("invalid:input", "Pick dates that start after today.", {
        "decision.start": "Pick a first day after today",
      });
    }
    if (daysBetweenInclusive(decision.start, decision.end) > MAX_DECIDED_DAYS) {
      throw new AppError("invalid:input", `A trip can be at most ${MAX_DECIDED_DAYS} days.`, {
        "decision.end": `At most ${MAX_DECIDED_DAYS} days`,
      });
    }
    await saveDecision({ tripId: caller.trip.id, memberId: caller.member.id, decision, note: input.note });
    return { kind: decision.kind };
  },
});

export const clearDecision = tripAction({
  name: "clearDecision",
  description: "The organizer withdraws their decision on the dates or on domestic/abroad; the conflict is open again.",
  effect: "write",
  access: "organizer",
  input: ClearDecisionInput,
  async run({ input, caller }) {
    await clear({ tripId: caller.trip.id, kind: input.kind });
    return { kind: input.kind };
  },
});
