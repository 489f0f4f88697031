import { defineAgent } from "@/lib/agents/define-agent";
import { MIN_OPTIONS, validationContext } from "@/lib/agents/ranker";
import { needsMoreInput } from "@/lib/agents/recommendation-pack";
import { validateOptions } from "@/lib/agents/validators";

/**
 * The last gate before anything is stored or shown: compliance and grounding checked
 * once more on the final pack. An option that fails is removed; if fewer than three
 * survive, the group gets an explanation instead of a plan that breaks a rule.
 */
export const recommendationValidator = defineAgent({
  name: "Compliance and grounding validator",
  reads: ["recommendations", "groupProfile", "rawPreferences", "candidates", "research"],
  writes: ["recommendations"],
  async run(state) {
    const pack = state.recommendations;
    if (pack.status !== "ready") {
      return {
        patch: { recommendations: pack },
        inputSummary: "No options to check",
        keyEvidence: [],
        outputSummary: "Needs more input",
      };
    }
    const violations = validateOptions(pack.options, validationContext(state));
    const bad = new Set(violations.map((v) => v.slug));
    const kept = pack.options.filter((o) => !bad.has(o.slug));
    const { status: _s, options: _o, ...base } = pack;
    const recommendations =
      kept.length >= MIN_OPTIONS
        ? { ...pack, options: kept }
        : needsMoreInput(base, "Too few options passed our safety checks to show them. Try generating again.");
    return {
      patch: { recommendations },
      inputSummary: `${pack.options.length} options`,
      keyEvidence: violations.slice(0, 5).map((v) => v.message),
      outputSummary: violations.length
        ? `${violations.length} violations; ${kept.length} options kept`
        : "Every option passes",
      riskFlags: violations.map((v) => v.rule),
    };
  },
});
