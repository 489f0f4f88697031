import { aggregatePreferences } from "@/lib/agents/aggregation";
import { defineAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { respondentConstraints } from "@/lib/constraints/member";
import {
  assessDestinations,
  type EligibleDestination,
  type GroupTaste,
  type JudgeInput,
  judgeDestinations,
} from "@/lib/planning/eligibility";
import { tripFrame } from "@/lib/planning/trip-shape";
import { CandidatePicks } from "@/lib/schemas/agent-io";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { Candidate, NormalizedPreferences, PipelineState } from "@/lib/schemas/pipeline";
import type { Vibe } from "@/lib/schemas/preferences";

/**
 * Shortlists 8–12 destinations. Every member's hard constraints are applied in code
 * before the model sees anything — each exclusion names the member whose constraint it
 * protects — and each survivor is priced for each member over the longest trip their
 * caps allow. Vibes only rank. The model chooses among what is left, spread across
 * countries and regions; its picks are checked against the eligible list and repaired.
 */

export const MIN_CANDIDATES = 8;
export const MAX_CANDIDATES = 12;

export const candidateGenerator = defineAgent({
  name: "Candidate generator",
  reads: ["tripContext", "groupProfile", "rawPreferences", "normalizedPreferences"],
  writes: ["candidates", "exclusions"],
  async run({ tripContext, groupProfile, rawPreferences, normalizedPreferences }, ctx) {
    const { eligible, excluded } = assessDestinations({
      ...judgeInput(rawPreferences, groupProfile, tripContext.today),
      taste: tasteOf(normalizedPreferences),
    });
    const bySlug = new Map(eligible.map((e) => [e.facts.slug, e]));
    const min = Math.min(MIN_CANDIDATES, eligible.length);
    let picks: CandidatePicks["picks"] = [];
    if (eligible.length > 0) {
      const { output, unresolved } = await generateStructured({
        models: ctx.models,
        role: "planner",
        meter: ctx.meter,
        schema: CandidatePicks,
        system: SYSTEM.planner,
        prompt: `Pick ${min}–${MAX_CANDIDATES} destinations, spread across countries and regions.\nEligible:\n${eligible
          .map(
            (e) =>
              `- ${e.facts.slug} (${e.facts.country}, ${e.facts.region}; ${e.facts.vibes.join(", ")}; match ${e.vibeMatch.toFixed(2)}${e.homeMemberIds.length ? "; a member lives there" : ""})`,
          )
          .join("\n")}`,
        offline: {
          task: "candidates",
          input: {
            eligible: eligible.map((e) => ({
              slug: e.facts.slug,
              name: e.facts.name,
              country: e.facts.country,
              region: e.facts.region,
              vibes: e.facts.vibes,
              vibeMatch: e.vibeMatch,
              someoneLivesThere: e.homeMemberIds.length > 0,
            })),
            min,
            max: MAX_CANDIDATES,
          },
        },
        check: (o) => {
          const problems = o.picks
            .filter((p) => !bySlug.has(p.slug))
            .map((p) => `"${p.slug}" is not on the eligible list.`);
          const unique = new Set(o.picks.map((p) => p.slug));
          if (unique.size !== o.picks.length) problems.push("Each destination may appear only once.");
          if (unique.size < min || unique.size > MAX_CANDIDATES)
            problems.push(`Pick between ${min} and ${MAX_CANDIDATES}.`);
          return problems;
        },
      });
      picks = unresolved.length ? [] : output.picks;
    }
    if (picks.length === 0) {
      // The model never produced a usable shortlist: fall back to the best matches.
      picks = [...eligible]
        .sort((a, b) => b.vibeMatch - a.vibeMatch || a.facts.slug.localeCompare(b.facts.slug))
        .slice(0, MAX_CANDIDATES)
        .map((e) => ({ slug: e.facts.slug, rationale: "Among the best matches that respect every hard constraint." }));
    }
    const candidates: Candidate[] = picks.flatMap((p) => {
      const e = bySlug.get(p.slug);
      return e ? [candidateOf(e, p.rationale)] : [];
    });
    return {
      patch: { candidates, exclusions: excluded },
      inputSummary: `${eligible.length} of ${eligible.length + excluded.length} destinations pass every member's hard constraints`,
      // Whose constraint and how much are private; the log names only the kind of rule.
      keyEvidence: excluded
        .slice(0, 6)
        .map((x) => `${x.name} ruled out (${[...new Set(x.reasons.map((r) => r.rule))].join(", ")})`),
      outputSummary: `Shortlisted ${candidates.map((c) => c.name).join(", ") || "nothing"}`,
    };
  },
});

function judgeInput(
  rawPreferences: PipelineState["rawPreferences"],
  groupProfile: GroupProfile,
  today: string,
): JudgeInput {
  return {
    members: respondentConstraints(rawPreferences),
    frame: tripFrame(groupProfile, today),
    scopeApplies: groupProfile.scope.status !== "conflict",
    decidedScope: groupProfile.scope.decided,
  };
}

/**
 * Works out the hard-constraint half of the shortlist ahead of its step, from the answers
 * as they stand (pure, and remembered by `judgeDestinations` for its exact input): the
 * pipeline calls it while the normalizers' calls are out. Speculative, so a failure here
 * is left for the step itself to meet and report.
 */
export function judgeAhead(
  rawPreferences: PipelineState["rawPreferences"],
  decisions: Parameters<typeof aggregatePreferences>[1],
  today: string,
): void {
  try {
    judgeDestinations(judgeInput(rawPreferences, aggregatePreferences(rawPreferences, decisions), today));
  } catch {
    // The shortlist step works it out again and fails there, where it is reported.
  }
}

function candidateOf(e: EligibleDestination, rationale: string): Candidate {
  return {
    slug: e.facts.slug,
    name: e.facts.name,
    country: e.facts.country,
    countryCode: e.facts.countryCode,
    region: e.facts.region,
    rationale,
    vibeMatch: e.vibeMatch,
    trip: e.trip,
    costs: e.costs,
  };
}

/** What the group likes (chosen by at least half, on the form or in notes) and what someone dislikes. */
export function tasteOf(normalized: NormalizedPreferences[]): GroupTaste {
  const likes = new Map<Vibe, number>();
  const disliked = new Map<Vibe, number>();
  for (const n of normalized) {
    for (const v of new Set([...n.vibes, ...n.inferredVibes])) {
      if (!n.aversions.includes(v)) likes.set(v, (likes.get(v) ?? 0) + 1);
    }
    for (const v of new Set(n.aversions)) disliked.set(v, (disliked.get(v) ?? 0) + 1);
  }
  const half = Math.max(1, normalized.length / 2);
  return {
    liked: [...likes].filter(([v, c]) => c >= half && !disliked.has(v)).map(([v]) => v),
    disliked,
    respondents: normalized.length,
  };
}
