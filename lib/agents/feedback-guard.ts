import { defineItineraryAgent } from "@/lib/agents/define-agent";
import { screen } from "@/lib/agents/screening";

/**
 * Members' flags and suggestions are free text too: screened like every other answer
 * before any later step sees them. A flagged text is withheld (the item still gets an
 * outcome, without the text ever being quoted), and the log names only the kind of rule.
 */
export const feedbackGuard = defineItineraryAgent({
  name: "Feedback guard",
  reads: ["feedback"],
  writes: ["feedback"],
  async run({ feedback }) {
    const flagged = feedback.filter((f) => f.text.trim() && screen(f.text) !== null).map((f) => f.id);
    return {
      patch: { feedback: feedback.map((f) => (flagged.includes(f.id) ? { ...f, text: "" } : f)) },
      inputSummary: `${feedback.length} open flags and suggestions`,
      keyEvidence: flagged.map(() => "one member's feedback text reads like instructions to the planner"),
      outputSummary: flagged.length
        ? `${flagged.length} feedback text${flagged.length === 1 ? "" : "s"} withheld`
        : "Nothing suspicious",
      riskFlags: flagged.length ? ["prompt-injection"] : [],
    };
  },
});
