import "server-only";
import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { type Db, getDb, type Tx } from "@/lib/db/client";
import { tripEvents } from "@/lib/db/schema";
import { TripEvent, TripEventBody } from "@/lib/schemas/trip-events";

/**
 * The trip's live channel: one row per event plus a Postgres NOTIFY on the trip's
 * channel, both inside the writer's transaction, so listeners hear of a change only once
 * it is committed, and never of one that rolled back.
 */

/** The NOTIFY channel of a trip (Postgres identifiers: lowercase, under 64 bytes; `publishStatement` builds the same). */
export function tripChannel(tripId: string): string {
  return `trip_${tripId.replaceAll("-", "").toLowerCase()}`;
}

/** Namespace of the per-trip advisory lock that keeps event ids in commit order. */
const EVENT_LOCK_NAMESPACE = 7101;
/** NOTIFY payloads must stay under 8,000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Announces a change to everyone with the trip open. Call it in the transaction that
 * makes the change (`tx`), as its last statement; without `tx` it commits on its own.
 * It is one statement: it takes a per-trip lock held until commit (so ids follow
 * commit order and `Last-Event-ID` never skips an event), stores the event and notifies.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.insert(itineraries).values(...);
 *     await publishTripEvent({ tx, tripId, event: { kind: "itinerary.version", version } });
 *   });
 */
export async function publishTripEvent({
  tx,
  tripId,
  event,
}: {
  tx?: Tx;
  tripId: string;
  event: TripEventBody;
}): Promise<TripEvent> {
  const body = TripEventBody.parse(event);
  const data = JSON.stringify(body);
  if (Buffer.byteLength(data) + 100 > MAX_PAYLOAD_BYTES)
    throw new Error(`trip event ${body.kind} is too large to notify`);
  const result = await (tx ?? (await getDb())).execute(
    publishStatement({ source: sql`select ${tripId}::uuid as trip_id, ${data}::jsonb as data` }),
  );
  const [row] = rowsOf(result) as { id: number | string; at: string }[];
  if (!row) throw new Error("insert into trip_events returned no row");
  return { ...body, id: Number(row.id), at: row.at };
}

/**
 * The statement behind every publish: for each row of `source` (trip_id, data: a
 * `TripEventBody` as jsonb) it takes the trip's lock (held until commit, so ids follow
 * commit order), stores the event and notifies the trip's channel with it. `before`
 * holds CTEs `source` may read, such as the write being announced, so that a write and
 * its event can be one statement.
 */
export function publishStatement({ before, source }: { before?: SQL; source: SQL }): SQL {
  return sql`
    with ${before ? sql`${before}, ` : sql``}source as (${source}),
    locked as (
      select source.*, pg_advisory_xact_lock(${EVENT_LOCK_NAMESPACE}, hashtext(source.trip_id::text)) as held
      from source
    ), stored as (
      insert into ${tripEvents} (trip_id, kind, data)
      select trip_id, data->>'kind', data from locked
      returning id, trip_id, data, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    )
    select stored.id, stored.at,
      pg_notify('trip_' || replace(stored.trip_id::text, '-', ''), (stored.data || jsonb_build_object('id', stored.id, 'at', stored.at))::text)
    from stored`;
}

/** drizzle's `execute` answers with the rows (postgres.js) or with `{ rows }` (PGlite). */
export function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

/** Events of the trip after `afterId`, oldest first, at most `limit`. */
export async function listTripEvents({
  tripId,
  afterId,
  limit,
}: {
  tripId: string;
  afterId: number;
  limit: number;
}): Promise<TripEvent[]> {
  const db: Db = await getDb();
  const rows = await db
    .select()
    .from(tripEvents)
    .where(and(eq(tripEvents.tripId, tripId), gt(tripEvents.id, afterId)))
    .orderBy(asc(tripEvents.id))
    .limit(limit);
  return rows.map((r) => TripEvent.parse({ ...r.data, id: r.id, at: r.createdAt.toISOString() }));
}

/** The id of the trip's latest event (0 without any): where a freshly rendered page starts listening. */
export async function latestTripEventId({ tripId }: { tripId: string }): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: tripEvents.id })
    .from(tripEvents)
    .where(eq(tripEvents.tripId, tripId))
    .orderBy(desc(tripEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
