import { defineAgent } from "@/lib/agents/define-agent";
import { evidenceOf, MIN_OPTIONS, slateOf } from "@/lib/agents/ranker";
import { needsMoreInput, packBase } from "@/lib/agents/recommendation-pack";
import { PermanentError } from "@/lib/errors";
import { openersFor } from "@/lib/planning/openers";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";
import { validateRecommendations } from "@/lib/validation/recommendations";

/**
 * Puts the pack together — the cards that passed on their own, in the shortlist's order —
 * then the last gate before anything is stored: the independent compliance validator
 * (lib/validation) recomputes every figure and judges every constraint from raw facts and
 * raw answers. An option that fails is removed; fewer than three left means an
 * explanation instead of a plan that breaks a rule. A flaw in the pack itself (its dates
 * frame, an unjustified exclusion) is a planner bug: nothing is stored.
 */
export const recommendationValidator = defineAgent({
  name: "Compliance validator",
  reads: [
    "tripContext",
    "rawPreferences",
    "safetyFlags",
    "normalizedPreferences",
    "groupProfile",
    "conflictReport",
    "candidates",
    "exclusions",
    "suggestions",
    "research",
    "places",
    "shortlist",
    "cards",
  ],
  writes: ["recommendations"],
  async run(state, ctx) {
    const slate = slateOf(state);
    // Fewer than three places fit everyone: the cards that fit are shown, said to be the only ones.
    const fit = state.shortlist.picks.length;
    const onlyFit = fit > 0 && fit < MIN_OPTIONS ? fit : null;
    const openers =
      state.shortlist.tooFew || onlyFit
        ? openersFor({
            members: state.rawPreferences,
            decisions: state.tripContext.decisions ?? [],
            today: state.tripContext.today,
            places: (state.places ?? []).map((p) => p.facts),
          })
        : [];
    const base = { ...packBase(state, ctx.now()), openers };
    const pack: RecommendationsPack = state.shortlist.tooFew
      ? needsMoreInput(base, state.shortlist.tooFew, [
          {
            memberId: null,
            question: "Could anyone relax a hard no, a hard budget cap, a flight limit or the trip scope?",
          },
        ])
      : onlyFit && slate.length > 0
        ? { ...base, status: "ready", options: slate, onlyFit }
        : slate.length >= MIN_OPTIONS
          ? { ...base, status: "ready", options: slate }
          : needsMoreInput(
              { ...base, openers: [] },
              "Too few options passed our checks to show them. Try generating again.",
            );
    const violations = validateRecommendations(pack, evidenceOf(state));
    const packLevel = violations.filter(
      (v) => v.slug === null || pack.excluded.some((x) => x.slug === v.slug && v.rule === "exclusion"),
    );
    if (packLevel.length) {
      console.error("[validator] pack-level violations", packLevel);
      throw new PermanentError(
        "validator:inconsistent-pack",
        "Our final check caught a planning mistake, so nothing was saved. Try generating again.",
      );
    }
    if (pack.status !== "ready") {
      return {
        patch: { recommendations: pack },
        inputSummary: state.shortlist.tooFew ? "No options to check" : `${slate.length} cards passed on their own`,
        keyEvidence: [],
        outputSummary: "Needs more input",
      };
    }
    const bad = new Set(violations.map((v) => v.slug));
    const kept = pack.options.filter((o) => !bad.has(o.slug));
    const recommendations =
      kept.length >= MIN_OPTIONS || (pack.onlyFit && kept.length > 0)
        ? { ...pack, options: kept }
        : // Places fit, but their cards failed our checks: "what would open more places" would mislead here.
          needsMoreInput(
            { ...base, openers: [] },
            "Too few options passed our safety checks to show them. Try generating again.",
          );
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
