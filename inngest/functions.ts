import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import { recommendationsRequested } from "@/inngest/events";
import { isPermanent } from "@/lib/errors";
import { defaultAgentDeps } from "@/lib/pipeline/deps";
import { recordFailure } from "@/lib/pipeline/failures";
import { recommendationsWorkflow, type WorkflowDeps } from "@/lib/pipeline/recommendations";
import { STEP_RETRIES, type Steps } from "@/lib/pipeline/steps";

/**
 * Thin wrappers: hand Inngest's `step` to the same workflow the local runner runs.
 * Permanent errors become NonRetriableError so Inngest stops retrying at once.
 */

type InngestStep = { run: <T>(id: string, fn: () => Promise<T>) => Promise<unknown> };

export function inngestSteps(step: InngestStep, attempt: number): Steps {
  return {
    run: <T>(id: string, fn: (attempt: number) => Promise<T>) =>
      step.run(id, async () => {
        try {
          return await fn(attempt + 1);
        } catch (error) {
          if (isPermanent(error)) throw new NonRetriableError(error.message, { cause: error });
          throw error;
        }
      }) as Promise<T>,
  };
}

export function createRecommendationsFunction(deps: () => WorkflowDeps = defaultAgentDeps) {
  return inngest.createFunction(
    {
      id: "generate-recommendations",
      retries: STEP_RETRIES,
      // One run per trip at a time, whatever the app sends.
      concurrency: { key: "event.data.tripId", limit: 1 },
      triggers: [recommendationsRequested],
      onFailure: async ({ event, error }) => {
        const original = event.data.event.data as { runId: string };
        await recordFailure(original.runId, error);
      },
    },
    async ({ event, step, attempt }) => {
      const { runId, tripId } = event.data;
      return recommendationsWorkflow({ runId, tripId }, inngestSteps(step, attempt), deps());
    },
  );
}

export const generateRecommendations = createRecommendationsFunction();
export const functions = [generateRecommendations];
