import "server-only";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { applyTransition, lockTripFor } from "@/lib/db/queries/trips";
import {
  type PipelineRun,
  pipelineRuns,
  progressEvents,
  type RunKind,
  recommendations,
  runSteps,
  trips,
} from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { MAX_REGENERATIONS } from "@/lib/schemas/itinerary";
import { type DecisionLogEntry, type Engine, ProgressEvent, type RunError, type Usage } from "@/lib/schemas/pipeline";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import { publishStatement, publishTripEvent } from "./trip-events";

/**
 * Starts a run unless the trip already has an active one, in one transaction with the
 * lifecycle check (lib/trip-status.ts): the trip row is locked, a second click or tab
 * finds the run already going, a recommendation run needs the destination still open,
 * an itinerary run needs a chosen destination, and a feedback regeneration is counted
 * here and refused past MAX_REGENERATIONS — whatever the caller's UI allowed.
 */
export async function createRunOrGetActive({
  tripId,
  kind,
  engine,
  requestedBy,
  input = null,
}: {
  tripId: string;
  kind: RunKind;
  engine: Engine;
  requestedBy: string | null;
  input?: Record<string, unknown> | null;
}): Promise<{ run: PipelineRun; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const transition = kind === "recommendations" ? "recommend" : "plan";
    const trip = await lockTripFor(tx, tripId, transition);
    const [active] = await tx
      .select()
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (active) return { run: active, created: false };
    if (kind !== "recommendations" && !trip.selectedDestination) {
      throw new AppError("conflict:no-destination", "Choose a destination before planning the days.");
    }
    if (kind === "regenerate" && trip.regenerations >= MAX_REGENERATIONS) {
      throw new AppError(
        "limit:regenerations",
        `This trip has used all ${MAX_REGENERATIONS} regenerations. Edit the plan by hand or restore an earlier version instead.`,
      );
    }
    const [created] = await tx
      .insert(pipelineRuns)
      .values({ tripId, kind, engine, requestedBy, input })
      .onConflictDoNothing({ target: pipelineRuns.tripId, where: sql`${pipelineRuns.status} = 'running'` })
      .returning();
    if (!created) throw new Error("run conflict with the trip row locked");
    await applyTransition(
      tx,
      tripId,
      transition,
      kind === "regenerate" ? { regenerations: trip.regenerations + 1 } : {},
    );
    await publishTripEvent({ tx, tripId, event: { kind: "run.started", runId: created.id } });
    return { run: created, created: true };
  });
}

export async function getRun({ runId }: { runId: string }): Promise<PipelineRun | null> {
  const db = await getDb();
  const [run] = await db.select().from(pipelineRuns).where(eq(pipelineRuns.id, runId));
  return run ?? null;
}

/** The trip's most recent run, of any kind or of the kinds given. */
export async function latestRun({ tripId, kinds }: { tripId: string; kinds?: RunKind[] }): Promise<PipelineRun | null> {
  const db = await getDb();
  const [run] = await db
    .select()
    .from(pipelineRuns)
    .where(and(eq(pipelineRuns.tripId, tripId), kinds ? inArray(pipelineRuns.kind, kinds) : undefined))
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

/**
 * Records a step's progress once (a retried or replayed step finds it there) and tells the
 * trip's open views, in one statement: the timeline row every member may see (no timings,
 * models or tokens) is built from the stored row.
 */
export async function addProgressEvent(event: Omit<ProgressEvent, "id" | "createdAt">): Promise<void> {
  const db = await getDb();
  const { runId, stepId, kind, stage, message, level, detail } = event;
  await db.execute(
    publishStatement({
      before: sql`progress as (
        insert into ${progressEvents} (run_id, step_id, kind, stage, message, level, detail)
        values (${runId}, ${stepId}, ${kind}, ${stage}, ${message}, ${level}, ${detail === null ? null : JSON.stringify(detail)}::jsonb)
        on conflict do nothing
        returning id, run_id, step_id, kind, stage, message
      )`,
      source: sql`
        select run.trip_id, jsonb_build_object(
          'kind', 'run.progress', 'runId', progress.run_id,
          'progress', jsonb_build_object(
            'id', progress.id, 'stepId', progress.step_id, 'kind', progress.kind,
            'stage', progress.stage, 'message', left(progress.message, 500))) as data
        from progress join ${pipelineRuns} run on run.id = progress.run_id`,
    }),
  );
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
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${recommendations.version}), 0)::int + 1` })
      .from(recommendations)
      .where(eq(recommendations.tripId, tripId));
    await tx
      .insert(recommendations)
      .values({ tripId, runId, version: next, payload, decisionLog })
      .onConflictDoNothing({ target: recommendations.runId });
    const [stored] = await tx
      .select({ id: recommendations.id })
      .from(recommendations)
      .where(eq(recommendations.runId, runId));
    const ended = await tx
      .update(pipelineRuns)
      .set({ status: "succeeded", usage, finishedAt: new Date() })
      .where(and(eq(pipelineRuns.id, runId), eq(pipelineRuns.status, "running")))
      .returning({ id: pipelineRuns.id });
    if (!stored) throw new Error("recommendation insert returned no row");
    await tx.update(trips).set({ currentRecommendationId: stored.id }).where(eq(trips.id, tripId));
    if (ended.length) await publishTripEvent({ tx, tripId, event: { kind: "run.ended", runId, status: "succeeded" } });
    return stored.id;
  });
}

export async function failRun({ runId, error }: { runId: string; error: RunError }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(pipelineRuns)
      .set({ status: "failed", error, finishedAt: new Date() })
      .where(and(eq(pipelineRuns.id, runId), eq(pipelineRuns.status, "running")))
      .returning({ tripId: pipelineRuns.tripId });
    if (ended)
      await publishTripEvent({ tx, tripId: ended.tripId, event: { kind: "run.ended", runId, status: "failed" } });
  });
}

/** The latest runs across all trips, for operators: no trip or member columns. */
export async function listRecentRuns({ limit }: { limit: number }) {
  const db = await getDb();
  return db
    .select({
      id: pipelineRuns.id,
      kind: pipelineRuns.kind,
      status: pipelineRuns.status,
      engine: pipelineRuns.engine,
      error: pipelineRuns.error,
      usage: pipelineRuns.usage,
      createdAt: pipelineRuns.createdAt,
      finishedAt: pipelineRuns.finishedAt,
    })
    .from(pipelineRuns)
    .orderBy(desc(pipelineRuns.createdAt))
    .limit(limit);
}
