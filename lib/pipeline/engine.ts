import "server-only";
import { runRequested } from "@/inngest/events";
import { createRunOrGetActive } from "@/lib/db/queries/runs";
import type { RunKind } from "@/lib/db/schema";
import { readEnv } from "@/lib/env";
import { defaultAgentDeps } from "@/lib/pipeline/deps";
import { recordFailure } from "@/lib/pipeline/failures";
import { leaseSeconds, processOwner } from "@/lib/pipeline/leases";
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

/**
 * Starts a run of `kind` for a trip on the configured engine, or returns the run already
 * going. The run row is created first (with the lifecycle and regeneration checks, in one
 * transaction); the engine then runs the workflow the registry names for the kind.
 */
export async function startRun({
  tripId,
  kind,
  requestedBy,
  input = null,
}: {
  tripId: string;
  kind: RunKind;
  requestedBy: string | null;
  input?: Record<string, unknown> | null;
}): Promise<{ runId: string; started: boolean }> {
  const engine = pipelineEngine();
  // A local run is this process's from the start: no other process's sweep takes it while it runs.
  const lease = engine === "local" ? { owner: processOwner(), seconds: leaseSeconds() } : undefined;
  const { run, created } = await createRunOrGetActive({ tripId, kind, engine, requestedBy, input, lease });
  if (!created) return { runId: run.id, started: false };
  if (engine === "local") {
    void runLocal(run.id, defaultAgentDeps());
  } else {
    try {
      // Loaded on first use: the Inngest client reads its mode and URLs from the environment when built.
      const { inngest } = await import("@/inngest/client");
      await inngest.send(runRequested.create({ tripId, runId: run.id, kind }));
    } catch (error) {
      await recordFailure(run.id, error);
    }
  }
  return { runId: run.id, started: true };
}

/** Starts recommendations for a trip, or returns the run already going. */
export function startRecommendations({ tripId, requestedBy }: { tripId: string; requestedBy: string | null }) {
  return startRun({ tripId, kind: "recommendations", requestedBy });
}
