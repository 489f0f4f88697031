import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { type StoredItinerary, stored } from "@/lib/db/queries/itineraries";
import { itineraries, members, type Trip, trips } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError, tripNotFound } from "@/lib/errors";
import { Itinerary } from "@/lib/schemas/itinerary";

/**
 * The share link: only the SHA-256 of its token is stored on the trip. Creating one when
 * there is one already replaces it (a rotation), so the old link finds nothing.
 * Needs a plan to share.
 */
export async function replaceShareTokenHash({
  tripId,
  tokenHash,
}: {
  tripId: string;
  tokenHash: string;
}): Promise<Trip> {
  return transaction(async (tx) => {
    const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId)).for("no key update");
    if (!trip) throw tripNotFound();
    if (!trip.currentItineraryId) {
      throw new AppError("conflict:no-itinerary", "There is no plan to share yet. Generate the plan first.");
    }
    const [updated] = await tx
      .update(trips)
      .set({ shareTokenHash: tokenHash, shareCreatedAt: new Date(), updatedAt: new Date() })
      .where(eq(trips.id, tripId))
      .returning();
    if (!updated) throw tripNotFound();
    return updated;
  });
}

/** Turns the share link off (a no-op when there is none). */
export async function clearShareTokenHash({ tripId }: { tripId: string }): Promise<void> {
  const db = await getDb();
  await db
    .update(trips)
    .set({ shareTokenHash: null, shareCreatedAt: null, updatedAt: new Date() })
    .where(eq(trips.id, tripId));
}

export type SharedTrip = {
  trip: Trip;
  memberCount: number;
  /** The version the group is looking at (null while there is none, e.g. a destination choice reopened). */
  current: StoredItinerary | null;
};

/** What a share token opens: its trip, how many are going, and the current plan. One query. */
export async function sharedTripByTokenHash({ tokenHash }: { tokenHash: string }): Promise<SharedTrip | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      trip: trips,
      memberCount: sql<number>`(select count(*)::int from ${members} where ${members.tripId} = ${trips.id})`,
      itinerary: itineraries,
    })
    .from(trips)
    .leftJoin(itineraries, eq(itineraries.id, trips.currentItineraryId))
    .where(eq(trips.shareTokenHash, tokenHash));
  if (!row) return null;
  return { trip: row.trip, memberCount: row.memberCount, current: row.itinerary ? stored(row.itinerary) : null };
}

/**
 * What every read made from a trip's plan depends on, as one digest the database computes
 * without sending any plan: the trip row (status, name, share link, current version), how
 * many members it has, and every stored version row as it is now — so a new version, a
 * rotated or revoked link, a departure and an erasure that rewrites versions in place each
 * change it. Null when the trip (or, by token, a current link) doesn't exist.
 */
export async function tripReadStamp(
  where: { tokenHash: string } | { tripId: string },
): Promise<{ tripId: string; stamp: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      tripId: trips.id,
      // Columns qualified by hand: drizzle leaves them bare inside a subquery, where `id` would be the inner table's.
      stamp: sql<string>`md5(concat_ws('|', "trips"::text,
        (select count(*) from "members" m where m."trip_id" = "trips"."id"),
        (select string_agg(md5(i::text), ',' order by i."version") from "itineraries" i where i."trip_id" = "trips"."id")))`,
    })
    .from(trips)
    .where("tokenHash" in where ? eq(trips.shareTokenHash, where.tokenHash) : eq(trips.id, where.tripId));
  return row ?? null;
}

/**
 * Every stored version's plan, oldest first: the calendar counts how often each event
 * changed. A version stored under an older schema that no longer parses is skipped.
 */
export async function itineraryHistory({
  tripId,
}: {
  tripId: string;
}): Promise<{ version: number; itinerary: Itinerary }[]> {
  const db = await getDb();
  const rows = await db
    .select({ version: itineraries.version, payload: itineraries.payload })
    .from(itineraries)
    .where(eq(itineraries.tripId, tripId))
    .orderBy(asc(itineraries.version));
  return rows.flatMap((row) => {
    const parsed = Itinerary.safeParse(row.payload);
    return parsed.success ? [{ version: row.version, itinerary: parsed.data }] : [];
  });
}
