import "server-only";
import { candidateGenerator } from "@/lib/agents/candidate-generator";
import { conflictExplainer } from "@/lib/agents/conflict-explainer";
import type { AgentDeps } from "@/lib/agents/define-agent";
import { destinationResearch } from "@/lib/agents/destination-research";
import { groupProfiler } from "@/lib/agents/group-profile";
import { preferenceNormalizer } from "@/lib/agents/preference-normalizer";
import { ranker } from "@/lib/agents/ranker";
import { needsMoreInput, packBase } from "@/lib/agents/recommendation-pack";
import { recommendationValidator } from "@/lib/agents/recommendation-validator";
import { riskGuard } from "@/lib/agents/risk-guard";
import { addUsage, NO_USAGE } from "@/lib/ai/usage";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { addProgressEvent, completeRun } from "@/lib/db/queries/runs";
import { getTrip } from "@/lib/db/queries/trips";
import { isPermanent } from "@/lib/errors";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import type { StageKey } from "@/lib/pipeline/stages";
import { MAX_ATTEMPTS, type Steps } from "@/lib/pipeline/steps";
import type { DecisionLogEntry, PipelineState } from "@/lib/schemas/pipeline";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * The recommendation workflow, written once against the Steps port and run unchanged
 * by the local runner and by Inngest:
 *
 *   load → risk guard → normalize (per member, parallel) → group profile → conflicts
 *   → candidates → research (per candidate, parallel) → rank (validate/repair loop)
 *   → final compliance + grounding gate → store
 *
 * Every database read and write, model call and progress event happens inside a step,
 * so a replay after a crash rebuilds the state from recorded results without redoing them.
 */

export type WorkflowDeps = AgentDeps & {
  /** false runs the fan-outs one after another (the benchmark's baseline). */
  parallel?: boolean;
};

export type RunRef = { runId: string; tripId: string };

type StepOutput<W extends keyof PipelineState> = { patch: Pick<PipelineState, W>; log: DecisionLogEntry };

export async function recommendationsWorkflow(
  ref: RunRef,
  steps: Steps,
  deps: WorkflowDeps,
): Promise<{ recommendationId: string }> {
  const state: Partial<PipelineState> = {};
  const log: DecisionLogEntry[] = [];
  const fanOut = <T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> =>
    deps.parallel === false ? sequential(items, fn) : Promise.all(items.map(fn));

  const step = <W extends keyof PipelineState>(
    stepId: string,
    stage: StageKey,
    started: string,
    work: () => Promise<StepOutput<W>>,
  ): Promise<StepOutput<W>> =>
    steps.run(stepId, (attempt) => tracked(ref.runId, stepId, stage, started, attempt, work));
  const apply = <W extends keyof PipelineState>(out: StepOutput<W>) => {
    Object.assign(state, out.patch);
    log.push(out.log);
  };

  apply(
    await step("load-preferences", "load", "Reading everyone's preferences", async () => {
      const startedAt = deps.now();
      const started = performance.now();
      const [trip, members] = await Promise.all([getTrip({ tripId: ref.tripId }), listMembersWithPreferences(ref)]);
      if (!trip) throw new Error(`Trip ${ref.tripId} is gone`);
      const rawPreferences = members.map(({ id, name, preferences }) => ({ id, name, preferences }));
      return {
        patch: {
          tripContext: {
            tripId: trip.id,
            tripName: trip.name,
            today: startedAt.toISOString().slice(0, 10),
            preferencesFingerprint: preferencesFingerprint(rawPreferences),
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

  apply(
    await step("risk-guard", "guard", "Screening notes", () =>
      riskGuard.invoke(state, deps, { stepId: "risk-guard", arg: undefined }),
    ),
  );

  const respondents = (state.rawPreferences ?? []).filter((m) => m.preferences);
  const normalized = await fanOut(respondents, (m) =>
    step(`normalize:${m.id}`, "normalize", `Reading ${m.name}'s answers`, () =>
      preferenceNormalizer.invoke(state, deps, { stepId: `normalize:${m.id}`, arg: m.id }),
    ),
  );
  state.normalizedPreferences = normalized.flatMap((n) => n.patch.normalizedPreferences);
  log.push(...normalized.map((n) => n.log));

  apply(
    await step("group-profile", "profile", "Building the group profile", () =>
      groupProfiler.invoke(state, deps, { stepId: "group-profile", arg: undefined }),
    ),
  );
  apply(
    await step("conflicts", "conflicts", "Explaining conflicts", () =>
      conflictExplainer.invoke(state, deps, { stepId: "conflicts", arg: undefined }),
    ),
  );

  if (state.conflictReport?.needsMoreInput) {
    const ready = state as Parameters<typeof packBase>[0];
    return store(ref, steps, log, () =>
      needsMoreInput(
        packBase(ready, deps.now()),
        "Nobody has shared preferences yet, so there is nothing to plan from.",
      ),
    );
  }

  apply(
    await step("candidates", "candidates", "Shortlisting destinations", () =>
      candidateGenerator.invoke(state, deps, { stepId: "candidates", arg: undefined }),
    ),
  );

  const research = await fanOut(state.candidates ?? [], (c) =>
    step(`research:${c.slug}`, "research", `Researching ${c.name}`, () =>
      destinationResearch.invoke(state, deps, { stepId: `research:${c.slug}`, arg: c.slug }),
    ),
  );
  state.research = Object.assign({}, ...research.map((r) => r.patch.research));
  log.push(...research.map((r) => r.log));

  apply(
    await step("rank", "rank", "Ranking options", () => ranker.invoke(state, deps, { stepId: "rank", arg: undefined })),
  );
  apply(
    await step("validate", "validate", "Checking every constraint", () =>
      recommendationValidator.invoke(state, deps, { stepId: "validate", arg: undefined }),
    ),
  );

  return store(ref, steps, log, () => {
    if (!state.recommendations) throw new Error("nothing to store");
    return state.recommendations;
  });
}

/** The last step: builds the pack inside the step (nothing runs outside one) and stores it with the run's end. */
async function store(
  ref: RunRef,
  steps: Steps,
  log: DecisionLogEntry[],
  build: () => RecommendationsPack,
): Promise<{ recommendationId: string }> {
  return steps
    .run("store", (attempt) =>
      tracked(ref.runId, "store", "store", "Saving recommendations", attempt, async () => {
        const pack = build();
        const usage = log.reduce((total, entry) => addUsage(total, entry.usage), NO_USAGE);
        const recommendationId = await completeRun({
          runId: ref.runId,
          tripId: ref.tripId,
          pack,
          decisionLog: log,
          usage,
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
      }),
    )
    .then(({ recommendationId }) => ({ recommendationId }));
}

/** Wraps one step's work with its progress events: started, then finished (or degraded), or retrying. */
async function tracked<T extends { log: Pick<DecisionLogEntry, "outputSummary" | "riskFlags" | "usage"> }>(
  runId: string,
  stepId: string,
  stage: StageKey,
  startedMessage: string,
  attempt: number,
  work: () => Promise<T>,
): Promise<T> {
  await addProgressEvent({
    runId,
    stepId,
    stage,
    kind: "started",
    message: `${startedMessage}…`,
    level: "info",
    detail: null,
  });
  const started = performance.now();
  try {
    const out = await work();
    const degraded = out.log.riskFlags.includes("unverified");
    await addProgressEvent({
      runId,
      stepId,
      stage,
      kind: degraded ? "degraded" : "finished",
      message: out.log.outputSummary,
      level: degraded ? "warning" : "info",
      detail: {
        ms: Math.round(performance.now() - started),
        attempt,
        models: out.log.usage.models,
        inputTokens: out.log.usage.inputTokens,
        outputTokens: out.log.usage.outputTokens,
      },
    });
    return out;
  } catch (error) {
    if (!isPermanent(error) && attempt < MAX_ATTEMPTS) {
      const reason = error instanceof Error ? error.message : String(error);
      await addProgressEvent({
        runId,
        stepId,
        stage,
        kind: "retrying",
        message: `Attempt ${attempt} didn't work (${reason.slice(0, 120)}). Trying again…`,
        level: "warning",
        detail: { attempt },
      });
    }
    throw error;
  }
}

async function sequential<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}
