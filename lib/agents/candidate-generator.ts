import { aggregatePreferences } from "@/lib/agents/aggregation";
import { defineAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { respondentConstraints } from "@/lib/constraints/member";
import { mustHavesMet } from "@/lib/constraints/must-haves";
import { scopeMisses, scopeTradeoff, suitsEverySide } from "@/lib/constraints/scope";
import { plural } from "@/lib/format";
import { matchDestination } from "@/lib/places/destination-match";
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
import type { Suggestion } from "@/lib/schemas/recommendations";

/**
 * Shortlists 8–12 destinations. Every member's hard constraints are applied in code
 * before the model sees anything — each exclusion names the member whose constraint it
 * protects — and each survivor is priced for each member over the longest trip their
 * caps allow. Vibes only rank. The model chooses among what is left, spread across
 * countries and regions; its picks are checked against the eligible list and repaired.
 *
 * A place a member suggested is matched to the catalog (`matchDestination`). If it passes
 * everyone's hard constraints it is always a candidate: the model is told which eligible
 * places were suggested (never by whom), and one it leaves out is added, in place of the
 * weakest unsuggested pick when the list is full. One that breaks someone's constraint
 * stays among the exclusions with its reasons; one we can't match is reported as such.
 * The group's must-haves (no names) go to the model too, with which places offer them.
 */

export const MIN_CANDIDATES = 8;
export const MAX_CANDIDATES = 12;

export const candidateGenerator = defineAgent({
  name: "Candidate generator",
  reads: ["tripContext", "groupProfile", "rawPreferences", "normalizedPreferences", "places"],
  writes: ["candidates", "exclusions", "suggestions"],
  async run({ tripContext, groupProfile, rawPreferences, normalizedPreferences, places }, ctx) {
    const judging = judgeInput(rawPreferences, groupProfile, tripContext.today);
    const decided = groupProfile.scope.decided;
    const misses = (e: EligibleDestination) => scopeMisses(e.facts.countryCode, judging.members, decided);
    const everySide = (e: EligibleDestination) => suitsEverySide(e.facts.countryCode, judging.members, decided);
    const { eligible, excluded } = assessDestinations({
      ...judging,
      places: places.map((p) => p.facts),
      taste: tasteOf(normalizedPreferences),
    });
    const bySlug = new Map(eligible.map((e) => [e.facts.slug, e]));
    const min = Math.min(MIN_CANDIDATES, eligible.length);
    const researched = new Set(places.map((p) => p.facts.slug));
    // A suggestion the catalog doesn't know names the place researched for it, if one was.
    const suggestions = suggestionsOf(rawPreferences).map((s) =>
      s.slug === null
        ? { ...s, slug: places.find((p) => p.suggestedBy.some((id) => s.memberIds.includes(id)))?.facts.slug ?? null }
        : s,
    );
    const suggested = new Set(suggestions.flatMap((s) => (s.slug && bySlug.has(s.slug) ? [s.slug] : [])));
    const mustHaves = groupProfile.constraints.mustHaves.map((m) => m.value);
    const offers = new Map(eligible.map((e) => [e.facts.slug, mustHavesMet(e.activities, mustHaves)]));
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
              `- ${e.facts.slug} (${e.facts.country}, ${e.facts.region}; ${e.facts.vibes.join(", ")}; match ${e.vibeMatch.toFixed(2)}${e.homeMemberIds.length ? "; a member lives there" : ""}${suggested.has(e.facts.slug) ? "; a member suggested it" : ""}${everySide(e) ? "; keeps everyone in the scope they asked for (prefer it)" : misses(e).length ? `; outside the scope ${plural(misses(e).length, "member")} asked for` : ""}${researched.has(e.facts.slug) ? "; researched for this group" : ""}${offers.get(e.facts.slug)?.length ? `; offers must-haves ${(offers.get(e.facts.slug) ?? []).map((m) => `#${mustHaves.indexOf(m) + 1}`).join(", ")}` : ""})`,
          )
          .join("\n")}${
          mustHaves.length
            ? `\nThe group's must-haves (prefer places that offer them):\n${mustHaves.map((m, i) => `#${i + 1} ${memberText(m)}`).join("\n")}`
            : ""
        }${suggested.size ? "\nPlaces members suggested are always shortlisted: include them." : ""}`,
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
              suggested: suggested.has(e.facts.slug),
              mustHavesMet: offers.get(e.facts.slug) ?? [],
              scopeMisses: misses(e).length,
              suitsEverySide: everySide(e),
            })),
            mustHaves,
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
      // The model never produced a usable shortlist: fall back to the best matches (a place that keeps everyone in scope first).
      picks = [...eligible]
        .sort(
          (a, b) =>
            Number(everySide(b)) - Number(everySide(a)) ||
            b.vibeMatch - a.vibeMatch ||
            a.facts.slug.localeCompare(b.facts.slug),
        )
        .slice(0, MAX_CANDIDATES)
        .map((e) => ({ slug: e.facts.slug, rationale: "Among the best matches that respect every hard constraint." }));
    }
    const candidates: Candidate[] = withSuggested(picks, suggested, bySlug).flatMap((p) => {
      const e = bySlug.get(p.slug);
      return e ? [{ ...candidateOf(e, p.rationale), scopeTradeoff: scopeTradeoff(e.facts.name, misses(e)) }] : [];
    });
    const unmatched = suggestions.filter((s) => s.slug === null).length;
    const ruledOut = suggestions.filter((s) => s.slug !== null && !bySlug.has(s.slug)).length;
    return {
      patch: { candidates, exclusions: excluded, suggestions },
      inputSummary: `${eligible.length} of ${eligible.length + excluded.length} destinations pass every member's hard constraints${
        suggestions.length
          ? `; ${plural(suggestions.length, "place")} suggested (${suggested.size} eligible, ${ruledOut} ruled out, ${unmatched} not in the catalog)`
          : ""
      }${mustHaves.length ? `; ${plural(mustHaves.length, "must-have")}` : ""}`,
      // Whose constraint and how much are private; the log names only the kind of rule.
      keyEvidence: excluded
        .slice(0, 6)
        .map((x) => `${x.name} ruled out (${[...new Set(x.reasons.map((r) => r.rule))].join(", ")})`),
      outputSummary: `Shortlisted ${candidates.map((c) => c.name).join(", ") || "nothing"}`,
    };
  },
});

/**
 * The places members suggested, one entry per place: text that names the same catalog
 * destination ("Lisbon", "Lisboa") or, unmatched, the same words is one suggestion with
 * everyone who made it. Reads the answers after the risk guard, so flagged text is gone.
 */
export function suggestionsOf(rawPreferences: PipelineState["rawPreferences"]): Suggestion[] {
  const byKey = new Map<string, Suggestion>();
  for (const m of rawPreferences) {
    const text = m.preferences?.suggestedPlace.trim() ?? "";
    if (!text) continue;
    const slug = matchDestination(text)?.slug ?? null;
    const key = slug ?? `text:${text.toLowerCase()}`;
    const known = byKey.get(key);
    if (known) {
      if (!known.memberIds.includes(m.id)) known.memberIds.push(m.id);
    } else byKey.set(key, { text, slug, memberIds: [m.id] });
  }
  return [...byKey.values()];
}

/**
 * The picks with every eligible suggested place among them: one the model left out is
 * added, or, when the list is full, takes the place of the unsuggested pick that matches
 * the group least (the last such on a tie). Never more than MAX_CANDIDATES.
 */
export function withSuggested(
  picks: CandidatePicks["picks"],
  suggested: ReadonlySet<string>,
  bySlug: ReadonlyMap<string, Pick<EligibleDestination, "vibeMatch">>,
): CandidatePicks["picks"] {
  const result = [...picks];
  for (const slug of suggested) {
    if (result.some((p) => p.slug === slug)) continue;
    const pick = { slug, rationale: "A member suggested it, and it respects every member's hard constraints." };
    if (result.length < MAX_CANDIDATES) {
      result.push(pick);
      continue;
    }
    let weakest = -1;
    result.forEach((p, i) => {
      if (suggested.has(p.slug)) return;
      const match = bySlug.get(p.slug)?.vibeMatch ?? 0;
      if (weakest === -1 || match <= (bySlug.get(result[weakest]?.slug ?? "")?.vibeMatch ?? 0)) weakest = i;
    });
    if (weakest === -1) break;
    result[weakest] = pick;
  }
  return result;
}

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
    scopeTradeoff: null,
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
