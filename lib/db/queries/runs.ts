import "server-only";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import {
  type PipelineRun,
  pipelineRuns,
  progressEvents,
  type RunKind,
  recommendations,
  runSteps,
  trips,
} from "@/lib/db/schema";
import { type DecisionLogEntry, type Engine, ProgressEvent, type RunError, type Usage } from "@/lib/schemas/pipeline";
import { RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * Starts a run unless the trip already has an active one (the unique partial index
 * decides, so two clicks or two tabs racing still make one run). Returns the run that
 * is active afterwards and whether this call created it.
 */
export async function createRunOrGetActive({
  tripId,
  kind,
  engine,
  requestedBy,
}: {
  tripId: string;
  kind: RunKind;
  engine: Engine;
  requestedBy: string | null;
}): Promise<{ run: PipelineRun; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(pipelineRuns)
      .values({ tripId, kind, engine, requestedBy })
      .onConflictDoNothing({ target: pipelineRuns.tripId, where: sql`${pipelineRuns.status} = 'running'` })
      .returning();
    if (created) {
      await tx.update(trips).set({ status: "recommending", updatedAt: new Date() }).where(eq(trips.id, tripId));
      return { run: created, created: true };
    }
    const [active] = await tx
      .select()
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (!active) throw new Error("run conflict without an active run");
    return { run: active, created: false };
  });
}

export async function getRun({ runId }: { runId: string }): Promise<PipelineRun | null> {
  const db = await getDb();
  const [run] = await db.select().from(pipelineRuns).where(eq(pipelineRuns.id, runId));
  return run ?? null;
}

export async function latestRun({ tripId }: { tripId: string }): Promise<PipelineRun | null> {
  const db = await getDb();
  const [run] = await db
    .select()
    .from(pipelineRuns)
    .where(eq(pipelineRuns.tripId, tripId))
    .orderBy(desc(pipelineRuns.createdAt))
    .limit(1);
  return run ?? null;
}

export async function listRunningLocalRuns(): Promise<PipelineRun[]> {
  const db = await getDb();
  return db
    .select()
    .from(pipelineRuns)
    .where(and(eq(pipelineRuns.status, "running"), eq(pipelineRuns.engine, "local")));
}

export async function getRunStep({
  runId,
  stepId,
}: {
  runId: string;
  stepId: string;
}): Promise<{ result: unknown } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ result: runSteps.result })
    .from(runSteps)
    .where(and(eq(runSteps.runId, runId), eq(runSteps.stepId, stepId)));
  return row ?? null;
}

export async function listRunSteps({ runId }: { runId: string }) {
  const db = await getDb();
  return db.select().from(runSteps).where(eq(runSteps.runId, runId)).orderBy(asc(runSteps.finishedAt));
}

/** First write wins: a step finished twice (two processes, a replay) keeps its first result. */
export async function saveRunStep({
  runId,
  stepId,
  result,
  attempts,
}: {
  runId: string;
  stepId: string;
  result: unknown;
  attempts: number;
}): Promise<unknown> {
  const db = await getDb();
  await db.insert(runSteps).values({ runId, stepId, result, attempts }).onConflictDoNothing();
  const stored = await getRunStep({ runId, stepId });
  return stored?.result;
}

export async function addProgressEvent(event: Omit<ProgressEvent, "id" | "createdAt">): Promise<void> {
  const db = await getDb();
  await db.insert(progressEvents).values(event).onConflictDoNothing();
}

export async function listProgressEvents({
  runId,
  afterId = 0,
}: {
  runId: string;
  afterId?: number;
}): Promise<ProgressEvent[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(progressEvents)
    .where(and(eq(progressEvents.runId, runId), gt(progressEvents.id, afterId)))
    .orderBy(asc(progressEvents.id));
  return rows.map((r) => ProgressEvent.parse({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Stores the pack and closes the run in one transaction, so a stored pack always belongs
 * to a succeeded run. Idempotent: a replayed store step finds the pack already there.
 */
export async function completeRun({
  runId,
  tripId,
  pack,
  decisionLog,
  usage,
}: {
  runId: string;
  tripId: string;
  pack: RecommendationsPack;
  decisionLog: DecisionLogEntry[];
  usage: Usage;
}): Promise<string> {
  const payload = RecommendationsPack.parse(pack);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .insert(recommendations)
      .values({ tripId, runId, payload, decisionLog })
      .onConflictDoNothing({ target: recommendations.runId });
    const [stored] = await tx
      .select({ id: recommendations.id })
      .from(recommendations)
      .where(eq(recommendations.runId, runId));
    await tx
      .update(pipelineRuns)
      .set({ status: "succeeded", usage, finishedAt: new Date() })
      .where(and(eq(pipelineRuns.id, runId), eq(pipelineRuns.status, "running")));
    if (!stored) throw new Error("recommendation insert returned no row");
    return stored.id;
  });
}

export async function failRun({ runId, error }: { runId: string; error: RunError }): Promise<void> {
  const db = await getDb();
  await db
    .update(pipelineRuns)
    .set({ status: "failed", error, finishedAt: new Date() })
    .where(and(eq(pipelineRuns.id, runId), eq(pipelineRuns.status, "running")));
}
