import { defineAgent } from "@/lib/agents/define-agent";
import { planningWindow } from "@/lib/agents/destination-research";
import { constraintsOf, stretchedMembers } from "@/lib/agents/hard-constraints";
import { needsMoreInput, packBase } from "@/lib/agents/recommendation-pack";
import { type ValidationContext, validateOptions } from "@/lib/agents/validators";
import { generateStructured } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { findDestination } from "@/lib/catalog";
import { PermanentError } from "@/lib/errors";
import { type RankedOption, type RankInput, RankOutput } from "@/lib/schemas/agent-io";
import type { PipelineState } from "@/lib/schemas/pipeline";
import type { DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * Picks 3–5 options from the researched candidates and explains them. The model writes
 * the words and chooses; code supplies the numbers (cost from research, who a budget
 * stretch lands on, whether dates are pending). Every answer goes through the compliance
 * and grounding validators and their complaints go back to the model (bounded). Options
 * that still break a rule are dropped; fewer than 3 left means an honest explanation.
 */

export const MIN_OPTIONS = 3;
export const MAX_OPTIONS = 5;

type RankerState = Pick<
  PipelineState,
  | "tripContext"
  | "rawPreferences"
  | "safetyFlags"
  | "normalizedPreferences"
  | "groupProfile"
  | "conflictReport"
  | "candidates"
  | "research"
>;

export function assembleOptions(
  ranked: RankedOption[],
  state: RankerState,
): { options: DestinationOption[]; problems: string[] } {
  const profile = state.groupProfile;
  const datesPending = !["overlap", "flexible"].includes(profile.dates.status);
  const window = datesPending ? null : planningWindow(profile);
  const options: DestinationOption[] = [];
  const problems: string[] = [];
  for (const r of ranked) {
    const destination = findDestination(r.slug);
    const facts = state.research[r.slug];
    if (!destination || !facts) {
      problems.push(`"${r.slug}" is not one of the researched candidates; choose only from the list.`);
      continue;
    }
    const impacted = stretchedMembers(facts.cost.high, profile);
    const byUrl = new Map(facts.sources.map((s) => [s.url, s]));
    options.push({
      slug: r.slug,
      name: destination.name,
      country: destination.country,
      region: destination.region,
      whyItFits: r.whyItFits,
      costPerPerson: {
        low: facts.cost.low,
        high: facts.cost.high,
        includes: [
          "round-trip flight",
          `${facts.cost.tier} stay, ${facts.cost.nights} nights`,
          "about one paid activity a day",
        ],
      },
      highlights: r.highlights,
      tradeoffs: r.tradeoffs,
      confidence: r.confidence,
      mode: impacted.length ? "compromise" : "consensus",
      impactedMemberIds: impacted,
      verified: facts.verified,
      datesPending,
      window,
      sources: r.sourceUrls.map((url) => byUrl.get(url) ?? { title: url, url }),
    });
  }
  return { options, problems };
}

export function validationContext(
  state: Pick<PipelineState, "groupProfile" | "rawPreferences" | "candidates" | "research">,
): ValidationContext {
  return {
    profile: state.groupProfile,
    members: state.rawPreferences,
    candidates: state.candidates,
    research: state.research,
  };
}

export const ranker = defineAgent({
  name: "Ranker",
  reads: [
    "tripContext",
    "rawPreferences",
    "safetyFlags",
    "normalizedPreferences",
    "groupProfile",
    "conflictReport",
    "candidates",
    "research",
  ],
  writes: ["recommendations"],
  async run(state, ctx) {
    const profile = state.groupProfile;
    const base = packBase(state, ctx.now());
    const usable = state.candidates.filter((c) => (state.research[c.slug]?.activities.length ?? 0) >= 2);
    if (usable.length < MIN_OPTIONS) {
      const group = constraintsOf(profile);
      const binding = [
        group.hardCap !== null ? `a hard budget cap of $${group.hardCap}` : null,
        group.accessibility.length ? `accessibility needs (${group.accessibility.join(", ")})` : null,
        group.dietary.length ? `dietary needs (${group.dietary.join(", ")})` : null,
        group.hardNoTerms.length ? `hard no's (${group.hardNoTerms.length})` : null,
        group.scope !== "either" ? `${group.scope} only` : null,
      ].filter(Boolean);
      const pack = needsMoreInput(
        base,
        `Only ${usable.length} destination${usable.length === 1 ? "" : "s"} in our catalog fit${usable.length === 1 ? "s" : ""} every hard constraint${
          binding.length ? ` (${binding.join("; ")})` : ""
        }, and we won't suggest places that break one. Loosening one of them would open up more options.`,
        [{ memberId: null, question: "Could anyone relax a hard no, the budget cap or the trip scope?" }],
      );
      return {
        patch: { recommendations: pack },
        inputSummary: `${state.candidates.length} candidates`,
        keyEvidence: binding.map(String),
        outputSummary: "Too few destinations fit every hard constraint",
      };
    }

    const input: RankInput = {
      groupVibes: [
        ...new Set([...profile.vibes.popular, ...state.normalizedPreferences.flatMap((n) => n.inferredVibes)]),
      ],
      needs: [
        ...profile.constraints.dietary.map((d) => d.value),
        ...profile.constraints.accessibility.map((a) => a.value),
      ],
      budgetConflict: profile.budget.status === "conflict",
      datesPending: !["overlap", "flexible"].includes(profile.dates.status),
      min: MIN_OPTIONS,
      max: MAX_OPTIONS,
      candidates: usable.map((c) => {
        const facts = state.research[c.slug];
        const destination = findDestination(c.slug);
        if (!facts || !destination) throw new Error(`Missing research for ${c.slug}`);
        return {
          slug: c.slug,
          name: c.name,
          verified: facts.verified,
          vibeMatch: c.vibeMatch,
          vibes: destination.vibes,
          cost: { low: facts.cost.low, high: facts.cost.high },
          stretches: stretchedMembers(facts.cost.high, profile).map((id) => {
            const range = profile.budget.ranges.find((r) => r.memberId === id);
            return {
              memberId: id,
              name: profile.members.find((m) => m.id === id)?.name ?? "Someone",
              over: facts.cost.high - (range?.max ?? 0),
            };
          }),
          climate: facts.climate,
          keywords: destination.keywords,
          activities: facts.activities.map((a) => ({
            ...a,
            vibes: destination.activities.find((x) => x.id === a.id)?.vibes ?? [],
          })),
          sourceUrls: facts.sources.map((s) => s.url),
        };
      }),
    };
    const ctxValidation = validationContext(state);
    const { output, unresolved, repairs } = await generateStructured({
      models: ctx.models,
      role: "ranker",
      meter: ctx.meter,
      schema: RankOutput,
      system: SYSTEM.ranker,
      prompt: rankPrompt(input),
      offline: { task: "rank", input },
      check: (o) => {
        const { options, problems } = assembleOptions(o.options, state);
        const all = [...problems, ...validateOptions(options, ctxValidation).map((v) => v.message)];
        if (o.options.length < MIN_OPTIONS || o.options.length > MAX_OPTIONS)
          all.push(`Give ${MIN_OPTIONS} to ${MAX_OPTIONS} options.`);
        return all;
      },
    });
    const { options } = assembleOptions(output.options, state);
    const bad = new Set(validateOptions(options, ctxValidation).map((v) => v.slug));
    const final = options.filter((o) => !bad.has(o.slug)).slice(0, MAX_OPTIONS);
    if (final.length < MIN_OPTIONS) {
      throw new PermanentError(
        "model:unusable-ranking",
        "The AI couldn't produce options that pass our checks, even after corrections. Try generating again.",
      );
    }
    const pack: RecommendationsPack = { ...base, status: "ready", options: final };
    return {
      patch: { recommendations: pack },
      inputSummary: `${usable.length} researched candidates`,
      keyEvidence: [
        ...(repairs ? [`${repairs} repair round${repairs === 1 ? "" : "s"} after validator feedback`] : []),
        ...unresolved.slice(0, 3).map((p) => `dropped: ${p}`),
      ],
      outputSummary: final.map((o) => `${o.name} (${o.mode})`).join(", "),
      riskFlags: unresolved.length ? ["options dropped by validators"] : [],
    };
  },
});

function rankPrompt(input: RankInput): string {
  return [
    `Group vibes: ${input.groupVibes.join(", ") || "none given"}. Needs: ${input.needs.join(", ") || "none"}.`,
    `Budget conflict: ${input.budgetConflict}. Dates pending: ${input.datesPending}. Give ${input.min}–${input.max} options.`,
    "Candidates (JSON):",
    JSON.stringify(input.candidates),
  ].join("\n");
}
