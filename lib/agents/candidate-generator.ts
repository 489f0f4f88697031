import { defineAgent } from "@/lib/agents/define-agent";
import {
  constraintsOf,
  destinationViolations,
  eligibleActivities,
  estimateCost,
  MIN_ELIGIBLE_ACTIVITIES,
  overHardCap,
} from "@/lib/agents/hard-constraints";
import { generateStructured } from "@/lib/ai/generate";
import { SYSTEM } from "@/lib/ai/prompts";
import { allDestinations } from "@/lib/catalog";
import { CandidatePicks } from "@/lib/schemas/agent-io";
import type { CatalogDestination } from "@/lib/schemas/catalog";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { Candidate, NormalizedPreferences, RawMember } from "@/lib/schemas/pipeline";
import type { Vibe } from "@/lib/schemas/preferences";

/**
 * Shortlists 8–12 destinations. Hard constraints are filters applied in code before the
 * model sees anything (hard no's, scope, dietary, accessibility, the hard budget cap);
 * the model only chooses among what is left, spread across regions unless the group's
 * vibes are strict. Its picks are checked against the eligible list and repaired.
 */

export const MIN_CANDIDATES = 8;
export const MAX_CANDIDATES = 12;

export type EligibleDestination = { destination: CatalogDestination; vibeMatch: number };

export function eligibleDestinations(
  profile: GroupProfile,
  members: RawMember[],
  normalized: NormalizedPreferences[],
): { eligible: EligibleDestination[]; excluded: { slug: string; reasons: string[] }[] } {
  const group = constraintsOf(profile);
  const wanted = wantedVibes(profile, normalized);
  const strict = strictVibes(profile);
  const eligible: EligibleDestination[] = [];
  const excluded: { slug: string; reasons: string[] }[] = [];
  for (const destination of allDestinations()) {
    const reasons = destinationViolations(destination, group);
    const activities = eligibleActivities(destination, group);
    if (activities.length < MIN_ELIGIBLE_ACTIVITIES) reasons.push("too few activities that suit everyone");
    if (overHardCap(estimateCost(destination, members, profile, activities).high, group)) {
      reasons.push("over the group's hard budget cap");
    }
    if (strict.length && !strict.every((v) => destination.vibes.includes(v))) reasons.push("not the group's vibe");
    if (reasons.length) {
      excluded.push({ slug: destination.slug, reasons });
      continue;
    }
    const vibeMatch = wanted.length ? wanted.filter((v) => destination.vibes.includes(v)).length / wanted.length : 0.5;
    eligible.push({ destination, vibeMatch });
  }
  return { eligible, excluded };
}

/** Vibes at least half the respondents want (on the form or in their notes). */
function wantedVibes(profile: GroupProfile, normalized: NormalizedPreferences[]): Vibe[] {
  const counts = new Map<Vibe, number>();
  for (const n of normalized)
    for (const v of new Set([...n.vibes, ...n.inferredVibes])) counts.set(v, (counts.get(v) ?? 0) + 1);
  const half = Math.max(1, normalized.length / 2);
  const popular = [...counts].filter(([, c]) => c >= half).map(([v]) => v);
  return popular.length ? popular : profile.vibes.popular;
}

/** Strict = every respondent who picked vibes picked exactly the same ones: no point diversifying away from them. */
export function strictVibes(profile: GroupProfile): Vibe[] {
  const { shared, counts } = profile.vibes;
  return shared.length > 0 && counts.length === shared.length ? shared : [];
}

export const candidateGenerator = defineAgent({
  name: "Candidate generator",
  reads: ["groupProfile", "rawPreferences", "normalizedPreferences"],
  writes: ["candidates"],
  async run({ groupProfile, rawPreferences, normalizedPreferences }, ctx) {
    const { eligible, excluded } = eligibleDestinations(groupProfile, rawPreferences, normalizedPreferences);
    const bySlug = new Map(eligible.map((e) => [e.destination.slug, e]));
    const min = Math.min(MIN_CANDIDATES, eligible.length);
    const diverse = strictVibes(groupProfile).length === 0;
    let picks: CandidatePicks["picks"] = [];
    if (eligible.length > 0) {
      const { output, unresolved } = await generateStructured({
        models: ctx.models,
        role: "planner",
        meter: ctx.meter,
        schema: CandidatePicks,
        system: SYSTEM.planner,
        prompt: `Pick ${min}–${MAX_CANDIDATES} destinations${diverse ? ", spread across regions and styles" : ""}.\nEligible:\n${eligible
          .map(
            (e) =>
              `- ${e.destination.slug} (${e.destination.region}; ${e.destination.vibes.join(", ")}; match ${e.vibeMatch.toFixed(2)})`,
          )
          .join("\n")}`,
        offline: {
          task: "candidates",
          input: {
            eligible: eligible.map((e) => ({
              slug: e.destination.slug,
              name: e.destination.name,
              region: e.destination.region,
              vibes: e.destination.vibes,
              vibeMatch: e.vibeMatch,
            })),
            min,
            max: MAX_CANDIDATES,
            diverse,
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
      // The model never produced a usable shortlist: fall back to the best vibe matches.
      picks = [...eligible]
        .sort((a, b) => b.vibeMatch - a.vibeMatch || a.destination.slug.localeCompare(b.destination.slug))
        .slice(0, MAX_CANDIDATES)
        .map((e) => ({
          slug: e.destination.slug,
          rationale: "Among the best vibe matches that respect every hard constraint.",
        }));
    }
    const candidates: Candidate[] = picks.flatMap((p) => {
      const e = bySlug.get(p.slug);
      return e
        ? [
            {
              slug: p.slug,
              name: e.destination.name,
              region: e.destination.region,
              rationale: p.rationale,
              vibeMatch: e.vibeMatch,
            },
          ]
        : [];
    });
    return {
      patch: { candidates },
      inputSummary: `${eligible.length} of ${eligible.length + excluded.length} catalog destinations pass every hard constraint`,
      keyEvidence: excluded.slice(0, 6).map((x) => `${x.slug} ruled out: ${x.reasons[0]}`),
      outputSummary: `Shortlisted ${candidates.map((c) => c.name).join(", ") || "nothing"}`,
    };
  },
});
