/**
 * The recommendation pipeline on the offline model with a simulated per-call latency,
 * on an in-memory PGlite, for the demo group. Prints:
 * - wall time of a run;
 * - the critical-path lower bound: the heaviest chain of model calls that waited for
 *   each other (bench/critical-path.ts: what a perfectly parallel engine with free
 *   bookkeeping would take);
 * - their ratio (goal ≤ 1.10: the engine, database and progress rows add little);
 * - the same pipeline with its fan-outs forced sequential, and the speed-up parallelism buys;
 * - model calls and input/output tokens per run.
 * Figures only, never a pass/fail.
 */
import { offlineModels } from "@/lib/ai/models";
import type { OfflineCall } from "@/lib/ai/offline/model";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { createRunOrGetActive, getRun } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { demoMembers } from "@/lib/demo-trip";
import { runLocal } from "@/lib/pipeline/local-runner";
import { criticalPathMs, median } from "./critical-path";

const LATENCY_MS = 200;
const RUNS = 7;

type Sample = { wallMs: number; boundMs: number; calls: number; inputTokens: number; outputTokens: number };

async function onePipeline(parallel: boolean): Promise<Sample> {
  const { trip } = await createTripWithOrganizer({
    name: "Benchmark trip",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(newToken()) },
    answeredMembers: demoMembers(new Date("2026-11-21T00:00:00Z")).map((m) => ({
      ...m,
      tokenHash: hashToken(newToken()),
    })),
  });
  const calls: OfflineCall[] = [];
  const { run } = await createRunOrGetActive({
    tripId: trip.id,
    kind: "recommendations",
    engine: "local",
    requestedBy: null,
  });
  const started = performance.now();
  await runLocal(run.id, {
    models: offlineModels({ latencyMs: LATENCY_MS, onCall: (c) => calls.push(c) }),
    now: () => new Date(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    parallel,
  });
  const wallMs = performance.now() - started;
  const finished = await getRun({ runId: run.id });
  if (finished?.status !== "succeeded")
    throw new Error(`benchmark run ${finished?.status}: ${finished?.error?.message}`);
  return {
    wallMs,
    boundMs: criticalPathMs(calls),
    calls: calls.length,
    inputTokens: finished.usage?.inputTokens ?? 0,
    outputTokens: finished.usage?.outputTokens ?? 0,
  };
}

export async function benchPipeline(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  await onePipeline(true); // warm-up: migrations, catalog parse, JIT

  // Each series on its own, so a parallel run doesn't pay for the garbage the slow
  // sequential one left behind.
  const parallel: Sample[] = [];
  const sequential: Sample[] = [];
  for (let i = 0; i < RUNS; i++) parallel.push(await onePipeline(true));
  for (let i = 0; i < RUNS; i++) sequential.push(await onePipeline(false));
  const wall = median(parallel.map((s) => s.wallMs));
  const bound = median(parallel.map((s) => s.boundMs));
  const seq = median(sequential.map((s) => s.wallMs));
  const last = parallel.at(-1);
  console.log(`\nRecommendation pipeline, demo group, offline model at ${LATENCY_MS} ms per call (median of ${RUNS})`);
  console.log(`  wall time                 ${wall.toFixed(0)} ms`);
  console.log(`  critical-path lower bound ${bound.toFixed(0)} ms`);
  console.log(`  ratio                     ${(wall / bound).toFixed(3)}  (goal ≤ 1.10)`);
  console.log(`  fan-out sequential        ${seq.toFixed(0)} ms  (${(seq / wall).toFixed(2)}× the parallel run)`);
  console.log(`  LLM calls per run         ${last?.calls}`);
  console.log(`  tokens per run            ${last?.inputTokens} in / ${last?.outputTokens} out`);
  await closeDb();
}
