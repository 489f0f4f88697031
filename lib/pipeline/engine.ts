import "server-only";
import { recommendationsRequested } from "@/inngest/events";
import { createRunOrGetActive } from "@/lib/db/queries/runs";
import { readEnv } from "@/lib/env";
import { defaultAgentDeps } from "@/lib/pipeline/deps";
import { recordFailure } from "@/lib/pipeline/failures";
import { runLocal } from "@/lib/pipeline/local-runner";
import type { Engine } from "@/lib/schemas/pipeline";

/**
 * Engine selection: Inngest when it is configured (`INNGEST_EVENT_KEY` for Inngest
 * Cloud, `INNGEST_DEV` for a dev or self-hosted server), otherwise the local durable
 * runner inside this process.
 */
export function pipelineEngine(): Engine {
  const env = readEnv();
  return env.INNGEST_EVENT_KEY || env.INNGEST_DEV ? "inngest" : "local";
}

/** Starts recommendations for a trip, or returns the run already going. */
export async function startRecommendations({
  tripId,
  requestedBy,
}: {
  tripId: string;
  requestedBy: string | null;
}): Promise<{ runId: string; started: boolean }> {
  const engine = pipelineEngine();
  const { run, created } = await createRunOrGetActive({ tripId, kind: "recommendations", engine, requestedBy });
  if (!created) return { runId: run.id, started: false };
  if (engine === "local") {
    void runLocal(run.id, defaultAgentDeps());
  } else {
    try {
      // Loaded on first use: the Inngest client reads its mode and URLs from the environment when built.
      const { inngest } = await import("@/inngest/client");
      await inngest.send(recommendationsRequested.create({ tripId, runId: run.id }));
    } catch (error) {
      await recordFailure(run.id, error);
    }
  }
  return { runId: run.id, started: true };
}
