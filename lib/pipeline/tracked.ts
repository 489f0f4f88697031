import "server-only";
import type { AgentDeps } from "@/lib/agents/define-agent";
import { addProgressEvent } from "@/lib/db/queries/runs";
import { isPermanent } from "@/lib/errors";
import type { StageKey } from "@/lib/pipeline/stages";
import { MAX_ATTEMPTS, type Steps } from "@/lib/pipeline/steps";
import type { DecisionLogEntry } from "@/lib/schemas/pipeline";

/** What every workflow is run with, on either engine. */
export type WorkflowDeps = AgentDeps & {
  /** false runs the fan-outs one after another (the benchmark's baseline). */
  parallel?: boolean;
};

export type RunRef = { runId: string; tripId: string };

/** Parallel fan-out (Promise.all over steps with distinct ids), or one after another for the benchmark's baseline. */
export function fanOutFor(deps: Pick<WorkflowDeps, "parallel">) {
  return <T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> =>
    deps.parallel === false ? sequential(items, fn) : Promise.all(items.map(fn));
}

/**
 * A workflow's step helper: `step(id, stage, startedMessage, work, moreDetail?)` runs
 * `work` as the durable step `id` with its progress rows.
 */
export function trackedSteps(ref: RunRef, steps: Steps) {
  return <T extends { log: Pick<DecisionLogEntry, "outputSummary" | "riskFlags" | "usage"> }>(
    stepId: string,
    stage: StageKey,
    startedMessage: string,
    work: () => Promise<T>,
    moreDetail?: (out: T) => Record<string, unknown>,
  ): Promise<T> =>
    steps.run(stepId, (attempt, after) =>
      tracked(ref, stepId, stage, startedMessage, { attempt, after }, work, moreDetail),
    );
}

/** Wraps one step's work with its progress events: started, then finished (or degraded), or retrying. */
export async function tracked<T extends { log: Pick<DecisionLogEntry, "outputSummary" | "riskFlags" | "usage"> }>(
  { runId, tripId }: RunRef,
  stepId: string,
  stage: StageKey,
  startedMessage: string,
  { attempt, after }: { attempt: number; after: (write: () => Promise<void>) => void },
  work: () => Promise<T>,
  /** More for the finished event's detail (a card step's card, so the view can show it before the run ends). */
  moreDetail?: (out: T) => Record<string, unknown>,
): Promise<T> {
  // The "started" row is written while the work begins, and awaited before anything else
  // about the step is written (so the rows keep their order): a step doesn't wait for a
  // database round trip before it starts.
  const startedRow = {
    runId,
    tripId,
    stepId,
    stage,
    kind: "started",
    message: `${startedMessage}…`,
    level: "info",
    detail: null,
  } as const;
  const announced = addProgressEvent(startedRow);
  // Awaited below; until then a failure must not count as unhandled.
  announced.catch(() => {});
  const started = performance.now();
  try {
    const out = await work();
    const degraded = out.log.riskFlags.includes("unverified");
    const detail = {
      ms: Math.round(performance.now() - started),
      attempt,
      models: out.log.usage.models,
      inputTokens: out.log.usage.inputTokens,
      outputTokens: out.log.usage.outputTokens,
      ...moreDetail?.(out),
    };
    // The "finished" row needn't hold up the next step's model call: the engine writes it
    // (after the "started" row) before it records the step's result.
    after(async () => {
      // Written again if it failed (the row is written once; a retried write finds it there).
      await announced.catch(() => addProgressEvent(startedRow));
      await addProgressEvent({
        runId,
        tripId,
        stepId,
        stage,
        kind: degraded ? "degraded" : "finished",
        message: out.log.outputSummary,
        level: degraded ? "warning" : "info",
        detail,
      });
    });
    return out;
  } catch (error) {
    await announced.catch(() => {});
    if (!isPermanent(error) && attempt < MAX_ATTEMPTS) {
      const reason = error instanceof Error ? error.message : String(error);
      await addProgressEvent({
        runId,
        tripId,
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
