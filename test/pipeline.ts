import { offlineModels } from "@/lib/ai/models";
import type { OfflineModelOptions } from "@/lib/ai/offline/model";
import { createRunOrGetActive } from "@/lib/db/queries/runs";
import { runLocal } from "@/lib/pipeline/local-runner";
import type { WorkflowDeps } from "@/lib/pipeline/recommendations";

/** Deps for a test run: the offline model (with any latency or faults), a fixed clock, no real waiting. */
export function testDeps(
  options: OfflineModelOptions & { timeoutMs?: number } = {},
  extra: Partial<WorkflowDeps> = {},
): WorkflowDeps {
  return {
    models: offlineModels(options),
    now: () => new Date("2026-11-21T12:00:00Z"),
    sleep: async () => {},
    ...extra,
  };
}

/** Starts a local run for the trip and waits for it to end. */
export async function runPipeline(tripId: string, deps: WorkflowDeps = testDeps()) {
  const { run } = await createRunOrGetActive({ tripId, kind: "recommendations", engine: "local", requestedBy: null });
  await runLocal(run.id, deps, { backoffMs: () => 0 });
  return run.id;
}
