import "server-only";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db/client";
import { factsToRecord } from "@/lib/db/queries/destination-facts";
import { applyTransition, lockTripFor, lockTripRow } from "@/lib/db/queries/trips";
import {
  type PipelineRun,
  pipelineRuns,
  progressEvents,
  type RunKind,
  recommendations,
  runSteps,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import { MAX_REGENERATIONS } from "@/lib/schemas/itinerary";
import { type DecisionLogEntry, type Engine, ProgressEvent, type RunError, type Usage } from "@/lib/schemas/pipeline";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import type { TripEventBody } from "@/lib/schemas/trip-events";
import { enqueueNotifications } from "./notifications";
import { leaseUntil } from "./run-leases";
import { publishStatement, publishTripEvent, rowsOf } from "./trip-events";

/** A regeneration's `input.cause` when the members' answers changed, not feedback: it isn't counted. */
export const ANSWERS_CHANGED = "answers-changed";

/**
 * Starts a run unless the trip already has an active one, in one transaction with the
 * lifecycle check (lib/trip-status.ts): the trip row is locked, a second click or tab
 * finds the run already going, a recommendation run needs the destination still open,
 * an itinerary run needs a chosen destination, and a feedback regeneration is counted
 * here and refused past MAX_REGENERATIONS — whatever the caller's UI allowed (one caused
 * by changed answers, not feedback, is neither counted nor refused).
 */
export async function createRunOrGetActive({
  tripId,
  kind,
  engine,
  requestedBy,
  input = null,
  lease,
}: {
  tripId: string;
  kind: RunKind;
  engine: Engine;
  requestedBy: string | null;
  input?: Record<string, unknown> | null;
  /** A local run is leased to the process that starts it from the start (no other process takes it over). */
  lease?: { owner: string; seconds: number };
}): Promise<{ run: PipelineRun; created: boolean }> {
  return transaction(async (tx) => {
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
    const counted = kind === "regenerate" && input?.cause !== ANSWERS_CHANGED;
    if (counted && trip.regenerations >= MAX_REGENERATIONS) throw regenerationsUsedUp();
    const [created] = await tx
      .insert(pipelineRuns)
      .values({
        tripId,
        kind,
        engine,
        requestedBy,
        input,
        ...(lease ? { leaseOwner: lease.owner, leaseExpiresAt: leaseUntil(lease.seconds) } : {}),
      })
      .onConflictDoNothing({ target: pipelineRuns.tripId, where: sql`${pipelineRuns.status} = 'running'` })
      .returning();
    if (!created) throw new Error("run conflict with the trip row locked");
    // One event says both: the run started and the stage the trip is now in (open pages show
    // the run from the event itself, without reading the page again).
    const moved = await applyTransition(
      tx,
      tripId,
      transition,
      counted ? { regenerations: trip.regenerations + 1 } : {},
      { announce: false },
    );
    await publishTripEvent({
      tx,
      tripId,
      event: { kind: "run.started", runId: created.id, runKind: kind, tripStatus: moved.status },
    });
    return { run: created, created: true };
  });
}

export async function getRun({ runId }: { runId: string }): Promise<PipelineRun | null> {
  const db = await getDb();
  const [run] = await db.select().from(pipelineRuns).where(eq(pipelineRuns.id, runId));
  return run ?? null;
}

/** The runs of `tripId` among `runIds` (an id of another trip's run is not found). */
export async function listTripRuns({ tripId, runIds }: { tripId: string; runIds: string[] }): Promise<PipelineRun[]> {
  if (runIds.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(pipelineRuns)
    .where(and(eq(pipelineRuns.tripId, tripId), inArray(pipelineRuns.id, runIds)));
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

/** Every finished step's stored result for a run, by step id: the local engine's memo, read once per execution. */
export async function runStepResults({ runId }: { runId: string }): Promise<Map<string, unknown>> {
  const db = await getDb();
  const rows = await db
    .select({ stepId: runSteps.stepId, result: runSteps.result })
    .from(runSteps)
    .where(eq(runSteps.runId, runId));
  return new Map(rows.map((r) => [r.stepId, r.result]));
}

export async function listRunSteps({ runId }: { runId: string }) {
  const db = await getDb();
  return db.select().from(runSteps).where(eq(runSteps.runId, runId)).orderBy(asc(runSteps.finishedAt));
}

/**
 * First write wins: a step finished twice (two processes, a replay) keeps its first result.
 * Given `owner`, the step is recorded only while that process holds the run's lease (one
 * statement: a process that lost the lease records nothing). True when this write was the first.
 */
export async function saveRunStep({
  runId,
  stepId,
  result,
  attempts,
  owner,
}: {
  runId: string;
  stepId: string;
  result: unknown;
  attempts: number;
  owner?: string;
}): Promise<boolean> {
  const db = await getDb();
  if (owner === undefined) {
    const inserted = await db
      .insert(runSteps)
      .values({ runId, stepId, result, attempts })
      .onConflictDoNothing()
      .returning({ stepId: runSteps.stepId });
    return inserted.length > 0;
  }
  const inserted = await db.execute(sql`
    insert into ${runSteps} (run_id, step_id, result, attempts)
    select ${runId}::uuid, ${stepId}, ${JSON.stringify(result)}::jsonb, ${attempts}::int
    where exists (select 1 from ${pipelineRuns} where id = ${runId}::uuid and lease_owner = ${owner})
    on conflict do nothing
    returning step_id`);
  return rowsOf(inserted).length > 0;
}

/**
 * Records a step's progress once (a retried or replayed step finds it there) and tells the
 * trip's open views, in one statement: the timeline row every member may see (no timings,
 * models or tokens) is built from the stored row. Given the run's trip, the statement
 * doesn't look it up (it runs twice per step, on the path of every run).
 */
export async function addProgressEvent(
  event: Omit<ProgressEvent, "id" | "createdAt"> & { tripId?: string },
): Promise<void> {
  const db = await getDb();
  const { runId, stepId, kind, stage, message, level, detail, tripId } = event;
  const data = sql`jsonb_build_object(
    'kind', 'run.progress', 'runId', progress.run_id,
    'progress', jsonb_build_object(
      'id', progress.id, 'stepId', progress.step_id, 'kind', progress.kind,
      'stage', progress.stage, 'message', left(progress.message, 500))) as data`;
  await db.execute(
    publishStatement({
      before: sql`progress as (
        insert into ${progressEvents} (run_id, step_id, kind, stage, message, level, detail)
        values (${runId}, ${stepId}, ${kind}, ${stage}, ${message}, ${level}, ${detail === null ? null : JSON.stringify(detail)}::jsonb)
        on conflict do nothing
        returning id, run_id, step_id, kind, stage, message
      )`,
      source: tripId
        ? sql`select ${tripId}::uuid as trip_id, ${data} from progress`
        : sql`select run.trip_id, ${data} from progress join ${pipelineRuns} run on run.id = progress.run_id`,
    }),
  );
}

/** One progress row by id, when it belongs to `runId` (the live channel reads a card's detail from it). */
export async function getProgressEvent({ runId, id }: { runId: string; id: number }): Promise<ProgressEvent | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(progressEvents)
    .where(and(eq(progressEvents.runId, runId), eq(progressEvents.id, id)));
  return row ? ProgressEvent.parse({ ...row, createdAt: row.createdAt.toISOString() }) : null;
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
 * to a succeeded run, with the facts of every destination on its cards recorded (a version
 * already recorded is kept). Idempotent: a replayed store step finds the pack already there.
 */
export async function completeRun({
  runId,
  tripId,
  pack,
  decisionLog,
  usage,
  facts,
  endRun,
}: {
  runId: string;
  tripId: string;
  /**
   * Whether this step also marks the run succeeded (Inngest, which records each step before
   * the next). The local runner marks it itself once every step's rows are written (`finishRun`).
   */
  endRun: boolean;
  pack: RecommendationsPack;
  /** The facts of every destination on a card. */
  facts: readonly DestinationFacts[];
  decisionLog: DecisionLogEntry[];
  usage: Usage;
}): Promise<string> {
  const payload = RecommendationsPack.parse(pack);
  const db = await getDb();
  // One statement after the trip row is locked (lib/db/transaction.ts: the trip first, the
  // event last — the statement alone would take the event's lock before the trip's): store
  // the pack, close the run, point the trip at the pack and announce the run's end. A
  // replay finds the pack by its run.
  const id = crypto.randomUUID();
  const event = { kind: "run.ended", runId, status: "succeeded" } satisfies TripEventBody;
  const recording = factsToRecord(db, facts);
  const ended = await transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    return rowsOf(
      await tx.execute(
        publishStatement({
          before: sql`inserted as (
          insert into ${recommendations} (id, trip_id, run_id, version, payload, decision_log)
          select ${id}::uuid, ${tripId}::uuid, ${runId}::uuid, coalesce(max(version), 0) + 1, ${JSON.stringify(payload)}::jsonb, ${JSON.stringify(decisionLog)}::jsonb
          from ${recommendations} where trip_id = ${tripId}
          on conflict (run_id) do nothing
          returning id
        ), pointed as (
          update ${trips} set current_recommendation_id = inserted.id from inserted where ${trips.id} = ${tripId}
        ), ended as (
          update ${pipelineRuns} set usage = ${JSON.stringify(usage)}::jsonb${endRun ? sql`, status = 'succeeded', finished_at = now(), lease_expires_at = null` : sql``}
          where id = ${runId} and status = 'running'
          returning id
        )${recording.clause ? sql`, ${recording.clause}` : sql``}`,
          // The run's end is announced with it when this step ends the run (else by `finishRun`).
          source: sql`select ${tripId}::uuid as trip_id, ${JSON.stringify(event)}::jsonb as data from ended where ${endRun}`,
        }),
      ),
    );
  });
  recording.done();
  // The run's end was announced only if this statement stored the pack (they commit together).
  const packId = ended.length ? id : await storedPackId(db, runId);
  // Voting opens: queued in this store step, keyed by the pack, so a replayed step queues nothing twice.
  if (payload.options.length) {
    await enqueueNotifications({
      tx: db,
      tripId,
      body: { topic: "vote", options: payload.options.length },
      dedupeKey: `vote:${packId}`,
    });
  }
  return packId;
}

async function storedPackId(db: Db, runId: string): Promise<string> {
  const [stored] = await db
    .select({ id: recommendations.id })
    .from(recommendations)
    .where(eq(recommendations.runId, runId));
  if (!stored) throw new Error("recommendation insert returned no row");
  return stored.id;
}

/**
 * The local runner's end of a run that succeeded: once every step's rows are written (the
 * last step stored the outcome and the usage), the run reads as finished and its end is
 * announced. Only while `owner` holds the lease: a process that lost it ends nothing.
 */
export async function finishRun({ runId, owner }: { runId: string; owner: string }): Promise<boolean> {
  return transaction(async (tx) => {
    const [ended] = await tx
      .update(pipelineRuns)
      .set({ status: "succeeded", finishedAt: new Date(), leaseExpiresAt: null })
      .where(and(eq(pipelineRuns.id, runId), eq(pipelineRuns.status, "running"), eq(pipelineRuns.leaseOwner, owner)))
      .returning({ tripId: pipelineRuns.tripId });
    if (ended)
      await publishTripEvent({ tx, tripId: ended.tripId, event: { kind: "run.ended", runId, status: "succeeded" } });
    return Boolean(ended);
  });
}

/** Marks a running run failed and announces it; given `owner`, only while that process holds its lease. */
export async function failRun({
  runId,
  error,
  owner,
}: {
  runId: string;
  error: RunError;
  owner?: string;
}): Promise<boolean> {
  return transaction(async (tx) => {
    const [ended] = await tx
      .update(pipelineRuns)
      .set({ status: "failed", error, finishedAt: new Date(), leaseExpiresAt: null })
      .where(
        and(
          eq(pipelineRuns.id, runId),
          eq(pipelineRuns.status, "running"),
          owner === undefined ? undefined : eq(pipelineRuns.leaseOwner, owner),
        ),
      )
      .returning({ tripId: pipelineRuns.tripId });
    if (ended)
      await publishTripEvent({ tx, tripId: ended.tripId, event: { kind: "run.ended", runId, status: "failed" } });
    return Boolean(ended);
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

/** The group has used every regeneration it has. */
export function regenerationsUsedUp(): AppError {
  return new AppError(
    "limit:regenerations",
    `This trip has used all ${MAX_REGENERATIONS} regenerations. Edit the plan by hand or restore an earlier version instead.`,
  );
}
