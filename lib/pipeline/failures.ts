import { APICallError } from "ai";
import { addProgressEvent, failRun, listProgressEvents } from "@/lib/db/queries/runs";
import { isPermanent } from "@/lib/errors";
import { log } from "@/lib/log";
import type { RunError } from "@/lib/schemas/pipeline";

/** A step error the Inngest adapter already turned into a message fit to show (see inngest/functions.ts). */
export const STEP_FAILURE = "StepFailure";

/** Turns whatever ended a run into a message the organizer can act on. Internals are logged, not shown. */
export function describeFailure(error: unknown): RunError {
  if (isPermanent(error)) return { code: error.code, message: error.message, retryable: true };
  if (error instanceof Error && error.name === STEP_FAILURE) {
    return { code: "step-failed", message: error.message, retryable: true };
  }
  if (APICallError.isInstance(error)) {
    return {
      code: "model:unavailable",
      message: `The AI service isn't answering right now${error.statusCode ? ` (HTTP ${error.statusCode})` : ""}. We tried several times; try again in a minute.`,
      retryable: true,
    };
  }
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return {
      code: "model:timeout",
      message: "The AI model took too long to answer, even after retries. Try again in a minute.",
      retryable: true,
    };
  }
  log.error({ err: error }, "pipeline run failed");
  return {
    code: "internal",
    message: "Something went wrong while generating. Nothing was lost; try again.",
    retryable: true,
  };
}

/**
 * Marks the run failed and tells the timeline, on the stage where it stopped. Safe to call
 * twice. Given the local runner's `owner`, only while that process holds the run's lease.
 */
export async function recordFailure(
  runId: string,
  error: unknown,
  { owner }: { owner?: string } = {},
): Promise<RunError> {
  const described = describeFailure(error);
  // The stage it failed in: that of the last step that started and didn't finish (a finished
  // step's row may be written after a later step's start, see LocalSteps).
  const events = await listProgressEvents({ runId });
  const done = new Set(events.filter((e) => e.kind === "finished" || e.kind === "degraded").map((e) => e.stepId));
  const stage = (events.findLast((e) => !done.has(e.stepId)) ?? events.at(-1))?.stage ?? "load";
  if (!(await failRun({ runId, error: described, owner })) && owner !== undefined) return described;
  await addProgressEvent({
    runId,
    stepId: "run",
    stage,
    kind: "failed",
    message: described.message,
    level: "error",
    detail: null,
  });
  return described;
}
