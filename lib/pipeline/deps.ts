import { defaultModels } from "@/lib/ai/models";
import type { WorkflowDeps } from "@/lib/pipeline/recommendations";

/** What the running product gives its workflows: the configured models and the real clock. */
export function defaultAgentDeps(): WorkflowDeps {
  return {
    models: defaultModels(),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
