import { defaultModels } from "@/lib/ai/models";
import { recordModelSpend } from "@/lib/db/queries/spend";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";

/** What the running product gives its workflows: the configured models, the real clock, spend recorded for the budgets. */
export function defaultAgentDeps(): WorkflowDeps {
  return {
    models: defaultModels(),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    recordSpend: ({ tripId, agent, usage }) =>
      recordModelSpend({
        tripId,
        agent,
        calls: usage.calls,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
      }),
  };
}
