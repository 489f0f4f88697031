import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import { runRequested } from "@/inngest/events";
import { isPermanent } from "@/lib/errors";
import { defaultAgentDeps } from "@/lib/pipeline/deps";
import { describeFailure, recordFailure, STEP_FAILURE } from "@/lib/pipeline/failures";
import { STEP_RETRIES, type StepBody, type Steps } from "@/lib/pipeline/steps";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";
import { WORKFLOWS } from "@/lib/pipeline/workflows";

/**
 * Thin wrappers: hand Inngest's `step` to the same workflow the local runner runs.
 * Permanent errors become NonRetriableError so Inngest stops retrying at once. A step's
 * error travels back to the Inngest server in the response, so it is replaced by one that
 * carries only the message we would show the organizer — never SQL, values or a stack;
 * the original goes to our own (scrubbed) log.
 */

type InngestStep = { run: <T>(id: string, fn: () => Promise<T>) => Promise<unknown> };

export function inngestSteps(step: InngestStep, attempt: number): Steps {
  return {
    // The store step marks the run succeeded with its outcome: every earlier step is recorded by then.
    endsRunItself: false,
    run: <T>(id: string, fn: StepBody<T>) =>
      step.run(id, async () => {
        try {
          // A step's result is recorded when this function returns: its writes are done first.
          const writes: (() => Promise<void>)[] = [];
          const out = await fn(attempt + 1, (write) => writes.push(write));
          for (const write of writes) await write();
          return out;
        } catch (error) {
          throw safeStepError(error);
        }
      }) as Promise<T>,
  };
}

export function safeStepError(error: unknown): Error {
  const { message } = describeFailure(error);
  const safe = isPermanent(error) ? new NonRetriableError(message) : new Error(message);
  if (!isPermanent(error)) safe.name = STEP_FAILURE;
  safe.stack = `${safe.name}: ${safe.message}`;
  return safe;
}

/** One function for every kind of run: it dispatches through the same registry as the local runner. */
export function createWorkflowFunction(deps: () => WorkflowDeps = defaultAgentDeps) {
  return inngest.createFunction(
    {
      id: "run-trip-workflow",
      retries: STEP_RETRIES,
      // One run per trip at a time, whatever the app sends.
      concurrency: { key: "event.data.tripId", limit: 1 },
      triggers: [runRequested],
      onFailure: async ({ event, error }) => {
        const original = event.data.event.data as { runId: string };
        await recordFailure(original.runId, error);
      },
    },
    async ({ event, step, attempt }) => {
      const { runId, tripId, kind } = event.data;
      return WORKFLOWS[kind]({ runId, tripId }, inngestSteps(step, attempt), deps());
    },
  );
}

export const runTripWorkflow = createWorkflowFunction();
export const functions = [runTripWorkflow];
