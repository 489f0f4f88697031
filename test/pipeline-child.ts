/**
 * Runs one local pipeline run in its own process, so a test can kill it mid-run
 * (SIGKILL: no cleanup at all) and prove the next process resumes it.
 * Usage: RUN_ID=<id> [DATABASE_URL=…|PGLITE_DIR=…] node --import tsx --conditions=react-server test/pipeline-child.ts
 */
import { offlineModels } from "@/lib/ai/models";
import { closeDb } from "@/lib/db/client";
import { runLocal } from "@/lib/pipeline/local-runner";

const runId = process.env.RUN_ID;
if (!runId) throw new Error("RUN_ID is required");
await runLocal(
  runId,
  {
    models: offlineModels({ latencyMs: Number(process.env.LATENCY_MS ?? 150) }),
    now: () => new Date("2026-11-21T12:00:00Z"),
    sleep: async () => {},
  },
  // A short lease, so the test that kills this process sees the run taken over soon after.
  { onStepRun: (stepId) => console.log(`step ${stepId}`), leaseSeconds: Number(process.env.LEASE_SECONDS ?? 15) },
);
await closeDb();
