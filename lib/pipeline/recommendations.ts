import "server-only";
import { candidateGenerator, judgeAhead } from "@/lib/agents/candidate-generator";
import { conflictExplainer } from "@/lib/agents/conflict-explainer";
import { destinationResearch } from "@/lib/agents/destination-research";
import { groupProfiler } from "@/lib/agents/group-profile";
import { placeResearcher, placeScout } from "@/lib/agents/place-scout";
import { preferenceNormalizer } from "@/lib/agents/preference-normalizer";
import { cardWriter, shortlister } from "@/lib/agents/ranker";
import { needsMoreInput, packBase } from "@/lib/agents/recommendation-pack";
import { recommendationValidator } from "@/lib/agents/recommendation-validator";
import { riskGuard, screenedByRules } from "@/lib/agents/risk-guard";
import { addUsage, NO_USAGE } from "@/lib/ai/usage";
import { listDecisions } from "@/lib/db/queries/decisions";
import { recordFacts } from "@/lib/db/queries/destination-facts";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { completeRun } from "@/lib/db/queries/runs";
import { getTrip } from "@/lib/db/queries/trips";
import { factsIn } from "@/lib/facts";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import type { Steps } from "@/lib/pipeline/steps";
import { fanOutFor, type RunRef, trackedSteps, type WorkflowDeps } from "@/lib/pipeline/tracked";
import type { DecisionLogEntry, PipelineState } from "@/lib/schemas/pipeline";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * The recommendation workflow, written once against the Steps port and run unchanged
 * by the local runner and by Inngest:
 *
 *   load → risk guard ∥ normalize (per member; a member the guard flags is read again)
 *   → group profile → conflicts ∥ candidates → research (per candidate) ∥ shortlist
 *   → card (per pick, as soon as its research is in; each checked on its own)
 *   → final compliance + grounding gate over the slate → store
 *
 * What doesn't depend on each other runs at the same time, so the chain of model calls a
 * group waits for is short, and each card can be shown as soon as it passes its check
 * (the view reads finished card steps of a running run). Every database read and write,
 * model call and progress event happens inside a step, so a replay after a crash rebuilds
 * the state from recorded results without redoing them.
 */

/** Cards written for the top candidates before the shortlist is in (≈ 8% more tokens when one isn't picked). */
const SPECULATIVE_CARDS = 2;

type StepOutput<W extends keyof PipelineState> = { patch: Pick<PipelineState, W>; log: DecisionLogEntry };

export async function recommendationsWorkflow(
  ref: RunRef,
  steps: Steps,
  deps: WorkflowDeps,
): Promise<{ recommendationId: string }> {
  const state: Partial<PipelineState> = {};
  const log: DecisionLogEntry[] = [];
  const fanOut = fanOutFor(deps);

  const step = trackedSteps(ref, steps);
  const apply = <W extends keyof PipelineState>(out: StepOutput<W>) => {
    Object.assign(state, out.patch);
    log.push(out.log);
  };

  apply(
    await step("load-preferences", "load", "Reading everyone's preferences", async () => {
      const startedAt = deps.now();
      const started = performance.now();
      const [trip, members, decisions] = await Promise.all([
        getTrip({ tripId: ref.tripId }),
        listMembersWithPreferences(ref),
        listDecisions(ref),
      ]);
      if (!trip) throw new Error(`Trip ${ref.tripId} is gone`);
      const rawPreferences = members.map(({ id, name, preferences }) => ({ id, name, preferences }));
      return {
        patch: {
          tripContext: {
            tripId: trip.id,
            tripName: trip.name,
            today: startedAt.toISOString().slice(0, 10),
            preferencesFingerprint: preferencesFingerprint(rawPreferences),
            decisions: decisions.map(({ note: _note, decidedBy: _by, decidedAt: _at, ...decision }) => decision),
          },
          rawPreferences,
        },
        log: {
          agent: "Loader",
          stepId: "load-preferences",
          inputSummary: trip.name,
          keyEvidence: [],
          outputSummary: `${members.length} members, ${members.filter((m) => m.preferences).length} answered`,
          riskFlags: [],
          startedAt: startedAt.toISOString(),
          ms: Math.round(performance.now() - started),
          usage: NO_USAGE,
        },
      };
    }),
  );

  // The guard and the normalizers run side by side. The normalizers start from what the
  // rules alone withhold; a member whose text the guard's model pass then flags is read
  // again without it, and the first reading is thrown away (it reaches no later stage).
  const loaded = state.rawPreferences ?? [];
  const screened = screenedByRules(loaded);
  const respondents = screened.rawPreferences.filter((m) => m.preferences);
  // The shortlist's hard-constraint half is worked out while the calls below are out (pure
  // and remembered for its input, so the candidates step finds it ready unless the guard's
  // model pass withholds more text). Scheduled after the calls have gone out.
  if (deps.parallel !== false) {
    const { today, decisions } = state.tripContext ?? { today: "", decisions: [] };
    setImmediate(() => judgeAhead(screened.rawPreferences, decisions ?? [], today));
  }
  const [guarded, speculative] = await Promise.all([
    step("risk-guard", "guard", "Screening notes", () =>
      riskGuard.invoke(state, deps, { stepId: "risk-guard", arg: undefined }),
    ),
    fanOut(respondents, (m) =>
      step(`normalize:${m.id}`, "normalize", `Reading ${m.name}'s answers`, () =>
        preferenceNormalizer.invoke({ ...state, ...screened }, deps, { stepId: `normalize:${m.id}`, arg: m.id }),
      ),
    ),
  ]);
  apply(guarded);
  const modelFlagged = new Set(
    guarded.patch.safetyFlags.filter((f) => f.rule === "model-flagged").map((f) => f.memberId),
  );
  const reread = await fanOut(
    respondents.filter((m) => modelFlagged.has(m.id)),
    (m) =>
      step(`normalize-screened:${m.id}`, "normalize", "Reading flagged answers again without the flagged text", () =>
        preferenceNormalizer.invoke(state, deps, { stepId: `normalize-screened:${m.id}`, arg: m.id }),
      ),
  );
  const normalized = respondents.map((m, i) => {
    const again = reread.find((r) => r.patch.normalizedPreferences[0]?.memberId === m.id);
    return again ?? (speculative[i] as (typeof speculative)[number]);
  });
  state.normalizedPreferences = normalized.flatMap((n) => n.patch.normalizedPreferences);
  log.push(...normalized.map((n) => n.log));

  apply(
    await step("group-profile", "profile", "Building the group profile", () =>
      groupProfiler.invoke(state, deps, { stepId: "group-profile", arg: undefined }),
    ),
  );

  if ((state.groupProfile?.respondedIds.length ?? 0) === 0) {
    apply(
      await step("conflicts", "conflicts", "Explaining conflicts", () =>
        conflictExplainer.invoke(state, deps, { stepId: "conflicts", arg: undefined }),
      ),
    );
    const ready = state as Parameters<typeof packBase>[0];
    return store(ref, steps, log, () =>
      needsMoreInput(
        packBase(ready, deps.now()),
        "Nobody has shared preferences yet, so there is nothing to plan from.",
      ),
    );
  }

  // The conflicts are words for the group; the shortlist doesn't wait for them.
  const conflicts = step("conflicts", "conflicts", "Explaining conflicts", () =>
    conflictExplainer.invoke(state, deps, { stepId: "conflicts", arg: undefined }),
  );
  // Awaited below; until then a failure must not count as unhandled.
  conflicts.catch(() => {});
  // Beyond the catalog, on Gemini: proposed places, each researched into sourced facts, are
  // judged with the catalog's. The offline model proposes from the catalog only. Their research
  // (a grounded search, then the extractions: about 10 s) runs beside the catalog's round, so
  // the first cards don't wait for it; a researched place joins in a second round below.
  state.proposals = [];
  state.places = [];
  // The scout runs beside the catalog's shortlist too: the first round doesn't read its places.
  const placesFound =
    deps.models.kind === "gemini"
      ? step("scout", "candidates", "Looking beyond the places we know", () =>
          placeScout.invoke(state, deps, { stepId: "scout", arg: undefined }),
        ).then((scouted) => {
          apply(scouted);
          return fanOut(scouted.patch.proposals, (p) =>
            step(`place:${p.slug}`, "candidates", `Researching ${p.name}`, async () => {
              const out = await placeResearcher.invoke(state, deps, { stepId: `place:${p.slug}`, arg: p });
              // Recorded at once (rows are per place and version, never per trip, and never change),
              // so an early card can show them before the pack is stored.
              await recordFacts(out.patch.places.map((place) => place.facts));
              return out;
            }),
          );
        })
      : null;
  placesFound?.catch(() => {});
  apply(
    await step("candidates", "candidates", "Shortlisting destinations", () =>
      candidateGenerator.invoke(state, deps, { stepId: "candidates", arg: undefined }),
    ),
  );

  // Research every candidate while the ranker picks; each pick's card starts when its own research is in.
  // Agents read a copy of the state taken when their step starts: the second round below
  // replaces the candidates while a first-round card may still be being written.
  state.research = {};
  const researched = new Map<string, Promise<StepOutput<"research">>>();
  const research = (slug: string, name: string) => {
    const running =
      researched.get(slug) ??
      step(`research:${slug}`, "research", `Researching ${name}`, () =>
        destinationResearch.invoke({ ...state }, deps, { stepId: `research:${slug}`, arg: slug }),
      ).then((out) => {
        Object.assign(state.research ?? {}, out.patch.research);
        return out;
      });
    researched.set(slug, running);
    return running;
  };
  const firstCandidates = state.candidates ?? [];
  const shortlist = (stepId: string) =>
    step(
      stepId,
      "rank",
      "Ranking options",
      () => shortlister.invoke({ ...state }, deps, { stepId, arg: undefined }),
      // Its finished event names the picks: the view shows early cards for these only.
      (out) => ({ picks: out.patch.shortlist.picks.map((p) => p.slug) }),
    );
  // The shortlist starts before the research fan-out: it is on the path to every card.
  const shortlisting = deps.parallel === false ? null : shortlist("rank");
  shortlisting?.catch(() => {});
  const researchAll = (list: { slug: string; name: string }[]) => {
    const all = fanOut(list, (c) => research(c.slug, c.name));
    all.catch(() => {});
    return all;
  };
  const allResearch = researchAll(firstCandidates);
  // The card writer reads the conflicts' words: they land in the state as soon as they are in
  // (their log entry is kept for the same place as before, so the log's order doesn't move).
  const conflictsIn = conflicts.then((out) => {
    Object.assign(state, out.patch);
    return out;
  });
  conflictsIn.catch(() => {});

  // One card per destination, started once: as soon as its research and the conflicts are in.
  state.cards = {};
  const carded = new Map<string, Promise<StepOutput<"cards">>>();
  const card = (slug: string) => {
    const started =
      carded.get(slug) ??
      (async () => {
        const name = (state.candidates ?? []).find((c) => c.slug === slug)?.name ?? slug;
        await Promise.all([research(slug, name), conflictsIn]);
        return step(
          `card:${slug}`,
          "cards",
          `Writing the card for ${name}`,
          () => cardWriter.invoke({ ...state }, deps, { stepId: `card:${slug}`, arg: slug }),
          (written) => ({ card: written.patch.cards[slug] ?? null }),
        );
      })();
    carded.set(slug, started);
    return started;
  };
  // While the shortlist thinks, the likeliest picks (the candidates' own order) are already
  // being written, so the first card a group sees doesn't wait for the shortlist's thinking.
  // A card the shortlist doesn't pick is never shown (the view shows picks only) or stored.
  if (deps.parallel !== false)
    for (const c of firstCandidates.slice(0, SPECULATIVE_CARDS)) card(c.slug).catch(() => {});

  // The sequential baseline researches everything first, one after another, then shortlists.
  if (deps.parallel === false) await allResearch;
  let shortlisted = await (shortlisting ?? shortlist("rank"));
  apply(shortlisted);
  log.push((await conflictsIn).log);
  const cardsOf = (picks: { slug: string }[]) =>
    fanOut(picks, async (pick) => {
      const out = await card(pick.slug);
      Object.assign(state.cards ?? {}, out.patch.cards);
      return out;
    });
  let cards = await cardsOf(shortlisted.patch.shortlist.picks);
  const researchLogs = await allResearch;

  // Second round, when research found places: they are judged, shortlisted with the catalog's
  // and carded like any other (the same judge, ranker, card writer and final validator). Cards
  // already written are reused; a first-round card the new shortlist leaves out isn't stored.
  const found = placesFound ? await placesFound : [];
  state.places = found.flatMap((f) => f.patch.places);
  log.push(...found.map((f) => f.log));
  if (state.places.length > 0) {
    apply(
      await step("candidates-with-researched", "candidates", "Shortlisting with the places researched for you", () =>
        candidateGenerator.invoke({ ...state }, deps, { stepId: "candidates-with-researched", arg: undefined }),
      ),
    );
    const more = (state.candidates ?? []).filter((c) => !firstCandidates.some((f) => f.slug === c.slug));
    const moreResearch = researchAll(more);
    shortlisted = await shortlist("rank-with-researched");
    apply(shortlisted);
    cards = await cardsOf(shortlisted.patch.shortlist.picks);
    researchLogs.push(...(await moreResearch));
  }
  log.push(...researchLogs.map((r) => r.log), ...cards.map((c) => c.log));

  apply(
    await step("validate", "validate", "Checking every constraint", () =>
      recommendationValidator.invoke(state, deps, { stepId: "validate", arg: undefined }),
    ),
  );

  return store(
    ref,
    steps,
    log,
    () => {
      if (!state.recommendations) throw new Error("nothing to store");
      return state.recommendations;
    },
    state.places,
  );
}

/** The last step: builds the pack inside the step (nothing runs outside one) and stores it with the run's end. */
async function store(
  ref: RunRef,
  steps: Steps,
  log: DecisionLogEntry[],
  build: () => RecommendationsPack,
  places: PipelineState["places"] = [],
): Promise<{ recommendationId: string }> {
  const step = trackedSteps(ref, steps);
  const { recommendationId } = await step("store", "store", "Saving recommendations", async () => {
    const pack = build();
    const usage = log.reduce((total, entry) => addUsage(total, entry.usage), NO_USAGE);
    const recommendationId = await completeRun({
      runId: ref.runId,
      tripId: ref.tripId,
      endRun: !steps.endsRunItself,
      pack,
      decisionLog: log,
      usage,
      // Recorded with the pack: the cards read them back later, whatever the catalog says then.
      facts: pack.options.flatMap((o) => factsIn(places, o.slug) ?? []),
    });
    return {
      recommendationId,
      log: {
        outputSummary:
          pack.status === "ready" ? `${pack.options.length} options ready` : "Needs more input from the group",
        riskFlags: [],
        usage: NO_USAGE,
      },
    };
  });
  return { recommendationId };
}
