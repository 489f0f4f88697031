import { defineAgent } from "@/lib/agents/define-agent";
import { packBase } from "@/lib/agents/recommendation-pack";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { accessByVenue, suitsEveryone } from "@/lib/constraints/judge";
import { respondentConstraints } from "@/lib/constraints/member";
import { dislikeMatches, readingOf } from "@/lib/constraints/reading";
import { scopeMisses, suitsEverySide } from "@/lib/constraints/scope";
import { PermanentError } from "@/lib/errors";
import { type DestinationFacts, factsIn } from "@/lib/facts";
import { budgetModeOf, groupRange } from "@/lib/money/ledger";
import {
  type CardInput,
  type MemberFit,
  RankedOption,
  type ShortlistCandidate,
  type ShortlistInput,
  ShortlistOutput,
} from "@/lib/schemas/agent-io";
import type { Candidate, PipelineState } from "@/lib/schemas/pipeline";
import type { Accessibility } from "@/lib/schemas/preferences";
import type { AccessByVenue, DestinationOption } from "@/lib/schemas/recommendations";
import { type Evidence, type Violation, validateRecommendations } from "@/lib/validation/recommendations";

/**
 * Choosing and explaining the options, in two kinds of step so the first card can be shown
 * early: the shortlist (one short call, the ranker role with a bounded thinking budget)
 * picks 3–5 candidates best first while research runs; then each pick's card is written
 * on its own (one step per card, in parallel, as soon as that place's research is in).
 * The model writes the words and chooses; code supplies every number (each member's own
 * cost, the dates and nights, who stretches, who lives there). Each card goes through the
 * independent compliance validator on its own, its complaints go back to the model
 * (bounded), and a card that still breaks a rule is dropped; the final gate judges the
 * whole slate again.
 */

export const MIN_OPTIONS = 3;
export const MAX_OPTIONS = 5;

export function assembleOptions(
  ranked: RankedOption[],
  state: Pick<PipelineState, "candidates" | "research"> & Partial<Pick<PipelineState, "places" | "rawPreferences">>,
): { options: DestinationOption[]; problems: string[] } {
  const needs = [...new Set(respondentConstraints(state.rawPreferences ?? []).flatMap((m) => m.accessibility))];
  const options: DestinationOption[] = [];
  const problems: string[] = [];
  for (const r of ranked) {
    const candidate = state.candidates.find((c) => c.slug === r.slug);
    const research = state.research[r.slug];
    if (!candidate || !research) {
      problems.push(`"${r.slug}" is not one of the researched candidates; choose only from the list.`);
      continue;
    }
    const place = state.places?.find((p) => p.facts.slug === r.slug);
    options.push(optionOf(r, candidate, research, place, accessOf(factsIn(state.places, r.slug), needs, candidate)));
  }
  return { options, problems };
}

/** The group's access needs the place serves venue by venue rather than as a whole, with what serves them. */
function accessOf(
  facts: ReturnType<typeof factsIn>,
  needs: Accessibility[],
  candidate: Candidate,
): AccessByVenue[] | undefined {
  if (!facts) return undefined;
  const partial = needs
    .filter((need) => !facts.accessibility.includes(need))
    .map((need) => ({ need, ...accessByVenue(facts, need, candidate.trip.days) }))
    .filter((a) => a.enough)
    .map(({ need, activities, meals, stayAreas }) => ({ need, activities, meals, stayAreas }));
  return partial.length ? partial : undefined;
}

function optionOf(
  r: RankedOption,
  candidate: Candidate,
  research: PipelineState["research"][string],
  place: PipelineState["places"][number] | undefined,
  access: AccessByVenue[] | undefined,
): DestinationOption {
  const byUrl = new Map(research.sources.map((s) => [s.url, s]));
  const { costs, trip } = candidate;
  const tiers = [...new Set(costs.map((c) => c.tier))];
  return {
    slug: candidate.slug,
    name: candidate.name,
    country: candidate.country,
    countryCode: candidate.countryCode,
    region: candidate.region,
    whyItFits: r.whyItFits,
    costPerPerson: {
      ...groupRange(costs),
      includes: [
        "each member's round trip from home",
        `${tiers.join(" or ")} lodging, food and local transport for ${trip.nights} night${trip.nights === 1 ? "" : "s"}`,
        "about one paid activity a day",
      ],
    },
    costs,
    trip,
    highlights: r.highlights,
    // Who the place leaves out of their own scope is named in code, first, whatever the model wrote.
    tradeoffs: candidate.scopeTradeoff
      ? [candidate.scopeTradeoff, ...r.tradeoffs.filter((t) => t.summary !== candidate.scopeTradeoff?.summary)].slice(
          0,
          3,
        )
      : r.tradeoffs,
    // Researched for this group: what no source backed was left out, and the card says so with less confidence.
    confidence: place?.unverified.length ? lower(r.confidence) : r.confidence,
    mode: budgetModeOf(costs),
    impactedMemberIds: costs.filter((c) => c.overBy > 0).map((c) => c.memberId),
    homeMemberIds: costs.filter((c) => c.travel.mode === "home").map((c) => c.memberId),
    verified: research.verified,
    sources: r.sourceUrls.map((url) => byUrl.get(url) ?? { title: url, url }),
    web: research.web ?? null,
    ...(place ? { researched: { factsVersion: place.facts.provenance.version, unverified: place.unverified } } : {}),
    ...(access ? { access } : {}),
  };
}

function lower(confidence: DestinationOption["confidence"]): DestinationOption["confidence"] {
  return confidence === "high" ? "medium" : "low";
}

export function evidenceOf(
  state: Pick<PipelineState, "rawPreferences" | "candidates" | "research"> &
    Partial<Pick<PipelineState, "tripContext" | "places">>,
): Evidence {
  return {
    members: state.rawPreferences,
    // The run's facts: the catalog's, and the places researched for it (their sourced facts only).
    facts: (slug) => factsIn(state.places, slug),
    decisions: state.tripContext?.decisions ?? [],
    candidates: state.candidates.map((c) => c.slug),
    research: Object.fromEntries(
      Object.entries(state.research).map(([slug, r]) => [
        slug,
        { verified: r.verified, sources: r.sources, activityIds: r.activities.map((a) => a.id), web: r.web },
      ]),
    ),
  };
}

/** Activities at a destination that suit every member's hard constraints (what research and cards may use). */
export function usableActivities(
  slug: string,
  rawPreferences: PipelineState["rawPreferences"],
  places?: PipelineState["places"],
) {
  const members = respondentConstraints(rawPreferences);
  return (factsIn(places, slug)?.activities ?? []).filter((a) => suitsEveryone(a, members));
}

export const shortlister = defineAgent({
  name: "Ranker",
  reads: ["tripContext", "rawPreferences", "normalizedPreferences", "groupProfile", "candidates", "places"],
  writes: ["shortlist"],
  async run(state, ctx) {
    const usable = state.candidates.filter(
      (c) => usableActivities(c.slug, state.rawPreferences, state.places).length >= 2,
    );
    if (usable.length === 0) {
      return {
        patch: {
          shortlist: {
            picks: [],
            tooFew: `No destination we know fits every member's hard constraints, and we won't suggest places that break one. "Why not other places?" shows whose constraint rules each one out, and the changes below would open the most places.`,
          },
        },
        inputSummary: `${state.candidates.length} candidates`,
        keyEvidence: [],
        outputSummary: "No destination fits every hard constraint",
      };
    }
    if (usable.length < MIN_OPTIONS) {
      // Fewer than three fit: each is shown (labelled as the only ones), not withheld.
      return {
        patch: {
          shortlist: {
            picks: usable.map((c) => ({
              slug: c.slug,
              reason: "One of the only places that fit every member's hard constraints.",
            })),
            tooFew: null,
          },
        },
        inputSummary: `${state.candidates.length} candidates`,
        keyEvidence: [],
        outputSummary: `Only ${usable.map((c) => c.name).join(" and ")} fit every hard constraint`,
      };
    }
    const input = shortlistInput(state, usable);
    const known = new Set(usable.map((c) => c.slug));
    const { output, unresolved, repairs } = await generateStructured({
      models: ctx.models,
      role: "ranker",
      meter: ctx.meter,
      schema: ShortlistOutput,
      system: SYSTEM.ranker,
      prompt: shortlistPrompt(input),
      offline: { task: "shortlist", input },
      check: (o) => shortlistProblems(o, usable, known),
    });
    const picks = output.picks.filter(
      (p, i, all) => known.has(p.slug) && all.findIndex((q) => q.slug === p.slug) === i,
    );
    if (picks.length < MIN_OPTIONS) {
      throw new PermanentError(
        "model:unusable-ranking",
        "The AI couldn't produce options that pass our checks, even after corrections. Try generating again.",
      );
    }
    return {
      patch: { shortlist: { picks: picks.slice(0, MAX_OPTIONS), tooFew: null } },
      inputSummary: `${usable.length} candidates`,
      keyEvidence: [
        ...(repairs ? [`${repairs} repair round${repairs === 1 ? "" : "s"} after checks`] : []),
        ...unresolved.slice(0, 3).map((p) => `ignored: ${p}`),
        ...picks.map((p) => p.reason),
      ],
      outputSummary: picks.map((p) => state.candidates.find((c) => c.slug === p.slug)?.name ?? p.slug).join(", "),
    };
  },
});

function shortlistProblems(o: ShortlistOutput, usable: Candidate[], known: Set<string>): string[] {
  const problems: string[] = [];
  for (const p of o.picks) {
    if (!known.has(p.slug)) problems.push(`"${p.slug}" is not one of the candidates; choose only from the list.`);
  }
  const picked = usable.filter((c) => o.picks.some((p) => p.slug === c.slug));
  if (picked.length < MIN_OPTIONS || picked.length > MAX_OPTIONS)
    problems.push(`Pick between ${MIN_OPTIONS} and ${MAX_OPTIONS} destinations.`);
  const countries = new Set(picked.map((c) => c.country));
  const spreadPossible = new Set(usable.map((c) => c.country)).size >= 2;
  if (spreadPossible && countries.size < 2) problems.push("Spread the picks across at least two countries.");
  return problems;
}

/**
 * One pick's card (one step per card, in parallel), checked on its own by the compliance
 * validator before anyone sees it; a card that can't be made to pass is left out (null).
 */
export const cardWriter = defineAgent<
  | "tripContext"
  | "rawPreferences"
  | "safetyFlags"
  | "normalizedPreferences"
  | "groupProfile"
  | "conflictReport"
  | "candidates"
  | "exclusions"
  | "research"
  | "places",
  "cards",
  string
>({
  name: "Card writer",
  reads: [
    "tripContext",
    "rawPreferences",
    "safetyFlags",
    "normalizedPreferences",
    "groupProfile",
    "conflictReport",
    "candidates",
    "exclusions",
    "research",
    "places",
  ],
  writes: ["cards"],
  async run(state, ctx, slug) {
    const candidate = state.candidates.find((c) => c.slug === slug);
    const research = state.research[slug];
    if (!candidate || !research) throw new Error(`No research for ${slug}`);
    const base = packBase(state, ctx.now());
    const evidence = evidenceOf(state);
    const judge = (options: DestinationOption[]): Violation[] =>
      // Slate-wide rules (how many cards, spread, repeats across cards) are the final gate's.
      validateRecommendations({ ...base, status: "ready", options }, evidence).filter((v) => v.slug === slug);
    const input = cardInput(state, candidate);
    const { output, unresolved, repairs } = await generateStructured({
      models: ctx.models,
      role: "card",
      meter: ctx.meter,
      schema: RankedOption,
      system: SYSTEM.card,
      prompt: cardPrompt(input),
      offline: { task: "card", input },
      check: (o) => {
        if (o.slug !== slug) return [`This card is for "${slug}"; set slug to "${slug}".`];
        const { options, problems } = assembleOptions([o], state);
        return [...problems, ...judge(options).map((v) => v.message), ...aversionProblems(options, state)];
      },
    });
    const { options } = assembleOptions([{ ...output, slug }], state);
    const card = unresolved.length === 0 && options[0] && judge(options).length === 0 ? options[0] : null;
    return {
      patch: { cards: { [slug]: card } },
      inputSummary: `${candidate.name}: ${research.verified ? "researched" : "unverified"}`,
      keyEvidence: [
        ...(repairs ? [`${repairs} repair round${repairs === 1 ? "" : "s"} after validator feedback`] : []),
        ...unresolved.slice(0, 3).map((p) => `dropped: ${p}`),
      ],
      outputSummary: card ? `${candidate.name} (${card.mode})` : `${candidate.name} left out`,
      riskFlags: card ? [] : ["options dropped by validators"],
    };
  },
});

/** The slate in the shortlist's order: the cards that passed on their own. */
export function slateOf(state: Pick<PipelineState, "shortlist" | "cards">): DestinationOption[] {
  return state.shortlist.picks.flatMap((p) => {
    const card = state.cards[p.slug];
    return card ? [card] : [];
  });
}

/**
 * Highlights must not lean on what someone said they dislike: a vibe they spoke against as a
 * whole ("no nightlife") by its main vibe, a kind they named ("I hate museums") by what the
 * activity is (museums and galleries, not all culture).
 */
function aversionProblems(
  options: DestinationOption[],
  {
    normalizedPreferences,
    places,
    rawPreferences,
  }: Pick<PipelineState, "normalizedPreferences" | "places" | "rawPreferences">,
): string[] {
  const disliked = new Set(normalizedPreferences.flatMap((n) => n.aversions));
  const kinds = rawPreferences.flatMap((m) => readingOf(m.preferences).dislikes);
  if (disliked.size === 0 && kinds.length === 0) return [];
  const problems: string[] = [];
  for (const option of options) {
    const facts = factsIn(places, option.slug);
    for (const h of option.highlights) {
      const activity = facts?.activities.find((a) => a.id === h.activityId);
      const kind = activity && kinds.find((d) => dislikeMatches(d, activity));
      if (kind)
        problems.push(
          `${option.name}: "${h.title}" is one of ${kind.what}, which a member dislikes; pick another highlight.`,
        );
      const primary = activity?.vibes[0];
      if (primary && disliked.has(primary)) {
        problems.push(
          `${option.name}: "${h.title}" is mainly ${primary}, which a member dislikes; pick another highlight.`,
        );
      }
    }
  }
  return problems;
}

type FitState = Pick<PipelineState, "normalizedPreferences" | "groupProfile" | "rawPreferences" | "places">;

/** Each member's fit with a candidate: what of theirs it has, lacks and what they dislike there. */
function membersFit(state: FitState, candidate: Candidate): MemberFit[] {
  const facts = factsIn(state.places, candidate.slug);
  const vibes = facts?.vibes ?? [];
  const outOfScope = new Set(
    scopeMisses(
      candidate.countryCode,
      respondentConstraints(state.rawPreferences),
      state.groupProfile.scope.decided,
    ).map((m) => m.memberId),
  );
  return state.normalizedPreferences.map((n) => {
    const likes = [...new Set([...n.vibes, ...n.inferredVibes])].filter((v) => !n.aversions.includes(v));
    // What they said, at the level they said it ("museums & galleries", not "culture"), where the place has it.
    const raw = state.rawPreferences.find((m) => m.id === n.memberId)?.preferences ?? null;
    const kinds = readingOf(raw)
      .dislikes.filter((d) => facts?.activities.some((a) => dislikeMatches(d, a)))
      .map((d) => d.what);
    return {
      memberId: n.memberId,
      name: state.groupProfile.members.find((m) => m.id === n.memberId)?.name ?? "Someone",
      gets: likes.filter((v) => vibes.includes(v)),
      missing: likes.filter((v) => !vibes.includes(v)),
      dislikes: [...new Set([...n.aversions.filter((v) => vibes.includes(v)), ...kinds])],
      livesThere: candidate.costs.some((cost) => cost.memberId === n.memberId && cost.travel.mode === "home"),
      outOfScope: outOfScope.has(n.memberId),
    };
  });
}

function groupTaste(state: FitState) {
  const aversions = [...new Set(state.normalizedPreferences.flatMap((n) => n.aversions))];
  return { groupVibes: state.groupProfile.vibes.popular.filter((v) => !aversions.includes(v)), aversions };
}

function shortlistCandidate(state: FitState, c: Candidate): ShortlistCandidate {
  const facts = factsIn(state.places, c.slug);
  if (!facts) throw new Error(`Unknown destination ${c.slug}`);
  return {
    slug: c.slug,
    name: c.name,
    country: c.country,
    vibeMatch: c.vibeMatch,
    vibes: facts.vibes,
    stretchCount: c.costs.filter((cost) => cost.overBy > 0).length,
    nights: c.trip.nights,
    keywords: facts.keywords,
    summary: facts.summary,
    members: membersFit(state, c),
    suitsEverySide: suitsEverySide(
      c.countryCode,
      respondentConstraints(state.rawPreferences),
      state.groupProfile.scope.decided,
    ),
    activityCount: usableActivities(c.slug, state.rawPreferences, state.places).length,
  };
}

function shortlistInput(state: FitState & Pick<PipelineState, "candidates">, usable: Candidate[]): ShortlistInput {
  return {
    ...groupTaste(state),
    budgetConflict: state.groupProfile.budget.status === "conflict",
    min: MIN_OPTIONS,
    max: MAX_OPTIONS,
    candidates: usable.map((c) => shortlistCandidate(state, c)),
  };
}

function cardInput(state: FitState & Pick<PipelineState, "research">, c: Candidate): CardInput {
  const facts = factsIn(state.places, c.slug);
  const research = state.research[c.slug];
  if (!facts || !research) throw new Error(`Missing research for ${c.slug}`);
  const { activityCount: _count, ...fit } = shortlistCandidate(state, c);
  const profile = state.groupProfile;
  return {
    ...groupTaste(state),
    needs: [
      ...profile.constraints.dietary.map((d) => d.value),
      ...profile.constraints.accessibility.map((a) => a.value),
    ],
    datesPending: c.trip.datesPending,
    candidate: {
      ...fit,
      verified: research.verified,
      climate: research.climate,
      activities: withoutDisliked(research.activities, facts, state.rawPreferences).map((a) => ({
        ...a,
        vibes: facts.activities.find((x) => x.id === a.id)?.vibes ?? [],
      })),
      sourceUrls: research.sources.map((s) => s.url),
    },
  };
}

/**
 * The activities a card may lean on: none of a kind a member's notes speak against ("I hate
 * museums"), unless that leaves fewer than two to choose from.
 */
function withoutDisliked<T extends { id: string }>(
  activities: T[],
  facts: DestinationFacts,
  rawPreferences: PipelineState["rawPreferences"],
): T[] {
  const kinds = rawPreferences.flatMap((m) => readingOf(m.preferences).dislikes);
  if (kinds.length === 0) return activities;
  const kept = activities.filter((a) => {
    const known = facts.activities.find((x) => x.id === a.id);
    return !known || !kinds.some((d) => dislikeMatches(d, known));
  });
  return kept.length >= 2 ? kept : activities;
}

function shortlistPrompt(input: ShortlistInput): string {
  return [
    `Group likes: ${input.groupVibes.join(", ") || "nothing in common"}. Someone dislikes: ${input.aversions.join(", ") || "nothing"}.`,
    `Budget conflict: ${input.budgetConflict}. Pick ${input.min}–${input.max}, best first, spread across countries.`,
    "Candidates (JSON):",
    // Member names are the only member-derived text here: data, inside the delimiters.
    JSON.stringify(
      input.candidates.map((c) => ({ ...c, members: c.members.map((m) => ({ ...m, name: memberText(m.name) })) })),
    ),
  ].join("\n");
}

function cardPrompt(input: CardInput): string {
  const c = input.candidate;
  return [
    `Group likes: ${input.groupVibes.join(", ") || "nothing in common"}. Someone dislikes: ${input.aversions.join(", ") || "nothing"}. Needs: ${input.needs.join(", ") || "none"}. Dates pending: ${input.datesPending}.`,
    `Write the card for ${c.name} (slug "${c.slug}"). Who it suits and who gives something up, by name. Never mention money amounts or anyone's budget.`,
    "Destination (JSON):",
    JSON.stringify({ ...c, members: c.members.map((m) => ({ ...m, name: memberText(m.name) })) }),
  ].join("\n");
}
