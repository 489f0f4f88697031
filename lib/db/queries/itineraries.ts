import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { factsToRecord } from "@/lib/db/queries/destination-facts";
import { liftFlags } from "@/lib/db/queries/feedback";
import { applyTransition, lockTripFor, lockTripRow } from "@/lib/db/queries/trips";
import { feedbackItems, type ItinerarySource, itineraries, pipelineRuns, trips } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import { Itinerary } from "@/lib/schemas/itinerary";
import type { DecisionLogEntry, Usage } from "@/lib/schemas/pipeline";
import type { TripEventBody } from "@/lib/schemas/trip-events";
import { MAX_VERSION } from "@/lib/schemas/version";
import { enqueueNotifications } from "./notifications";
import { publishStatement, publishTripEvent } from "./trip-events";

export type StoredItinerary = {
  id: string;
  version: number;
  itinerary: Itinerary;
  source: ItinerarySource;
  basedOnVersion: number | null;
  runId: string | null;
  createdBy: string | null;
  createdAt: Date;
  decisionLog: DecisionLogEntry[];
};

export function stored(row: typeof itineraries.$inferSelect): StoredItinerary {
  return {
    id: row.id,
    version: row.version,
    itinerary: Itinerary.parse(row.payload),
    source: row.source,
    basedOnVersion: row.basedOnVersion,
    runId: row.runId,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    decisionLog: (row.decisionLog as DecisionLogEntry[] | null) ?? [],
  };
}

/** The version the group is looking at (the trip's current pointer). */
export async function currentItinerary({ tripId }: { tripId: string }): Promise<StoredItinerary | null> {
  const db = await getDb();
  const [row] = await db
    .select({ itinerary: itineraries })
    .from(trips)
    .innerJoin(itineraries, eq(itineraries.id, trips.currentItineraryId))
    .where(eq(trips.id, tripId));
  return row ? stored(row.itinerary) : null;
}

export async function itineraryVersion({ tripId, version }: { tripId: string; version: number }) {
  // A number no stored version can have (e.g. `?version=` from a URL) is no version, not a failed query.
  if (!Number.isInteger(version) || version < 1 || version > MAX_VERSION) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(itineraries)
    .where(and(eq(itineraries.tripId, tripId), eq(itineraries.version, version)));
  return row ? stored(row) : null;
}

/** Every version, newest first, without the payloads' weight: for the versions list. */
export async function listItineraryVersions({ tripId }: { tripId: string }) {
  const db = await getDb();
  return db
    .select({
      id: itineraries.id,
      version: itineraries.version,
      source: itineraries.source,
      basedOnVersion: itineraries.basedOnVersion,
      createdAt: itineraries.createdAt,
    })
    .from(itineraries)
    .where(eq(itineraries.tripId, tripId))
    .orderBy(desc(itineraries.version));
}

/**
 * Stores a run's plan as the next version and closes the run, in one transaction: the
 * trip points at it, every feedback item it answered gets its outcome, and the destination
 * facts it was planned from are recorded (kept if that version is already). Idempotent: a
 * replayed store step finds its version already there.
 */
export async function completeItineraryRun({
  runId,
  tripId,
  itinerary,
  source,
  basedOnVersion,
  decisionLog,
  usage,
  facts,
  endRun,
}: {
  runId: string;
  tripId: string;
  /** Whether this step also marks the run succeeded (see `completeRun` in ./runs.ts). */
  endRun: boolean;
  itinerary: Itinerary;
  /** The facts it was planned from (recorded with it). */
  facts: DestinationFacts;
  source: ItinerarySource;
  basedOnVersion: number | null;
  decisionLog: DecisionLogEntry[];
  usage: Usage;
}): Promise<{ itineraryId: string; version: number }> {
  const payload = Itinerary.parse(itinerary);
  const db = await getDb();
  // One statement after the trip row is locked (lib/db/transaction.ts), so the version
  // number is counted after any hand edit or restore that held it committed: store the
  // version, point the trip at it, answer the feedback it answers, record its facts,
  // close the run and announce both. A replay stores nothing again and finds the version by its run.
  const outcomes = payload.feedback.map((outcome) => ({ id: outcome.feedbackId, status: outcome.status, outcome }));
  const ended = { kind: "run.ended", runId, status: "succeeded" } satisfies TripEventBody;
  const recording = factsToRecord(db, [facts]);
  await transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    await tx.execute(
      publishStatement({
        before: sql`inserted as (
        insert into ${itineraries} (trip_id, version, payload, run_id, source, based_on_version, decision_log)
        select ${tripId}::uuid, coalesce(max(version), 0) + 1, ${JSON.stringify(payload)}::jsonb, ${runId}::uuid,
          ${source}, ${basedOnVersion}::int, ${JSON.stringify(decisionLog)}::jsonb
        from ${itineraries} where trip_id = ${tripId}
        on conflict (run_id) do nothing
        returning id, trip_id, version
      ), pointed as (
        update ${trips} set current_itinerary_id = inserted.id, updated_at = now()
        from inserted where ${trips.id} = inserted.trip_id
      ), answered as (
        update ${feedbackItems} set status = o.status, outcome = o.outcome, resolved_in_version = inserted.version
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as o(id uuid, status text, outcome jsonb), inserted
        where ${feedbackItems.id} = o.id and ${feedbackItems.tripId} = inserted.trip_id and ${feedbackItems.status} = 'open'
      ), ended as (
        update ${pipelineRuns} set usage = ${JSON.stringify(usage)}::jsonb${endRun ? sql`, status = 'succeeded', finished_at = now(), lease_expires_at = null` : sql``}
        where id = ${runId} and status = 'running' and exists (select 1 from inserted)
        returning id
      )${recording.clause ? sql`, ${recording.clause}` : sql``}`,
        source: sql`
        select trip_id, jsonb_build_object('kind', 'itinerary.version', 'version', version) as data from inserted
        union all
        select ${tripId}::uuid, ${JSON.stringify(ended)}::jsonb from ended where ${endRun}`,
      }),
    );
  });
  recording.done();
  const [stored] = await db
    .select({ id: itineraries.id, version: itineraries.version })
    .from(itineraries)
    .where(eq(itineraries.runId, runId));
  if (!stored) throw new Error("itinerary insert returned no row");
  // The plan (or its new version) is ready: queued in this store step, keyed by the version's row.
  await enqueueNotifications({
    tx: db,
    tripId,
    body: { topic: "plan", version: stored.version },
    dedupeKey: `plan:${stored.id}`,
  });
  return { itineraryId: stored.id, version: stored.version };
}

/**
 * An earlier version becomes the new current one (a copy: nothing is lost, the count of
 * regenerations doesn't move). Refused once the plan is final, and while a run is going.
 */
export async function restoreItineraryVersion({
  tripId,
  version,
  memberId,
  lift,
  askFirst = null,
}: {
  tripId: string;
  version: number;
  memberId: string;
  /** Flags the organizer agreed to lift by restoring (the version has their items), with why. */
  lift?: { feedbackIds: string[]; reason: string };
  /** Said instead of restoring, once the restore could otherwise go ahead (the organizer hasn't said yes yet). */
  askFirst?: string | null;
}): Promise<{ version: number }> {
  return transaction(async (tx) => {
    const trip = await lockTripFor(tx, tripId, "plan");
    const [busy] = await tx
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (busy)
      throw new AppError("conflict:run-active", "The plan is being regenerated right now. Restore when it's done.");
    const [from] = await tx
      .select()
      .from(itineraries)
      .where(and(eq(itineraries.tripId, tripId), eq(itineraries.version, version)));
    if (!from) throw new AppError("not_found:version", `There is no version ${version} of this plan.`);
    if (from.payload.destination.slug !== trip.selectedDestination) {
      throw new AppError(
        "conflict:version-destination",
        `Version ${version} is a plan for ${from.payload.destination.name}, not the destination chosen now.`,
      );
    }
    if (askFirst) throw new AppError("conflict:restore-flagged", askFirst);
    const next = await nextVersion(tx, tripId);
    const [row] = await tx
      .insert(itineraries)
      .values({
        tripId,
        version: next,
        payload: from.payload,
        source: "restored",
        basedOnVersion: version,
        createdBy: memberId,
        decisionLog: from.decisionLog,
      })
      .returning();
    if (!row) throw new Error("itinerary insert returned no row");
    await applyTransition(tx, tripId, "plan", { currentItineraryId: row.id });
    if (lift?.feedbackIds.length)
      await liftFlags({ tx, tripId, organizerId: memberId, feedbackIds: lift.feedbackIds, reason: lift.reason });
    await publishTripEvent({ tx, tripId, event: { kind: "itinerary.version", version: next } });
    return { version: next };
  });
}

/**
 * A hand edit becomes the next version (source "edited", based on the version it was made
 * on; the count of regenerations doesn't move), in one transaction with the trip row
 * locked: refused unless the trip is being planned, while a run is going (its result
 * would be based on the version before the edit), or when the current version isn't the
 * one the edit was made on. `edit` turns that version into the new plan (pure; it may
 * throw to refuse).
 */
export async function commitItineraryEdit({
  tripId,
  basedOnVersion,
  memberId,
  edit,
}: {
  tripId: string;
  basedOnVersion: number;
  memberId: string;
  edit: (current: StoredItinerary) => Itinerary;
}): Promise<{ version: number }> {
  return transaction(async (tx) => {
    const trip = await lockTripFor(tx, tripId, "plan");
    const [busy] = await tx
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (busy)
      throw new AppError("conflict:run-active", "The plan is being regenerated right now. Edit it when that's done.");
    const [row] = trip.currentItineraryId
      ? await tx.select().from(itineraries).where(eq(itineraries.id, trip.currentItineraryId))
      : [];
    if (!row) throw new AppError("not_found:itinerary", "There is no plan yet.");
    if (row.version !== basedOnVersion) {
      throw new AppError("conflict:version", "The plan changed since you opened it. Reload to see the latest version.");
    }
    const current = stored(row);
    const payload = Itinerary.parse(edit(current));
    const next = await nextVersion(tx, tripId);
    const [inserted] = await tx
      .insert(itineraries)
      .values({
        tripId,
        version: next,
        payload,
        source: "edited",
        basedOnVersion,
        createdBy: memberId,
        decisionLog: row.decisionLog,
      })
      .returning();
    if (!inserted) throw new Error("itinerary insert returned no row");
    await applyTransition(tx, tripId, "plan", { currentItineraryId: inserted.id });
    await publishTripEvent({ tx, tripId, event: { kind: "itinerary.version", version: next } });
    return { version: next };
  });
}

async function nextVersion(tx: Tx, tripId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${itineraries.version}), 0)::int + 1` })
    .from(itineraries)
    .where(eq(itineraries.tripId, tripId));
  return row?.next ?? 1;
}
