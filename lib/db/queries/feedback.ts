import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { lockTripFor, lockTripRow } from "@/lib/db/queries/trips";
import { type FeedbackItemRow, feedbackItems, itineraries, trips } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import type { FlagReason } from "@/lib/schemas/itinerary";
import { publishTripEvent } from "./trip-events";

/** Every flag and suggestion of the trip, oldest first (open, answered and withdrawn). */
export async function listFeedback({ tripId }: { tripId: string }): Promise<FeedbackItemRow[]> {
  const db = await getDb();
  return db.select().from(feedbackItems).where(eq(feedbackItems.tripId, tripId)).orderBy(asc(feedbackItems.createdAt));
}

export async function listOpenFeedback({ tripId }: { tripId: string }): Promise<FeedbackItemRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(feedbackItems)
    .where(and(eq(feedbackItems.tripId, tripId), eq(feedbackItems.status, "open")))
    .orderBy(asc(feedbackItems.createdAt));
}

/**
 * The flags in force on the trip's plan: open or applied (not withdrawn, lifted, or declined
 * because the organizer locked the item), made on a version of the destination chosen now
 * (a flag on another destination's plan names nothing in this one). Read raw, straight
 * from the rows: every later version of the plan must keep them, whatever makes it.
 */
export async function listFlagsInForce({ tripId }: { tripId: string }): Promise<FeedbackItemRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ flag: feedbackItems })
    .from(feedbackItems)
    .innerJoin(trips, eq(trips.id, feedbackItems.tripId))
    .innerJoin(
      itineraries,
      and(eq(itineraries.tripId, feedbackItems.tripId), eq(itineraries.version, feedbackItems.itineraryVersion)),
    )
    .where(
      and(
        eq(feedbackItems.tripId, tripId),
        eq(feedbackItems.kind, "flag"),
        inArray(feedbackItems.status, ["open", "applied"]),
        sql`${itineraries.payload}->'destination'->>'slug' = ${trips.selectedDestination}`,
      ),
    )
    .orderBy(asc(feedbackItems.createdAt));
  return rows.map((r) => r.flag);
}

/**
 * The flag or suggestion a device already sent with this key, if any: a key sent again (the
 * answer was lost, the outbox retried) answers with the row the first send made. Another
 * member's key is refused rather than answered, so a key says nothing about others' writes.
 */
export async function feedbackOfClientKey(
  { tripId, memberId, clientKey }: { tripId: string; memberId: string; clientKey: string },
  tx?: Tx,
): Promise<FeedbackItemRow | null> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select()
    .from(feedbackItems)
    .where(and(eq(feedbackItems.tripId, tripId), eq(feedbackItems.clientKey, clientKey)));
  if (!row) return null;
  if (row.memberId !== memberId) throw new AppError("conflict:client-key", "That write key was already used.");
  return row;
}

/** A member's flag or suggestion on the current plan; refused once the plan is final. */
export async function addFeedback(item: {
  tripId: string;
  memberId: string;
  itineraryVersion: number;
  kind: "flag" | "suggestion";
  itemKey: string | null;
  reason: FlagReason | null;
  text: string;
  suggestedActivityId: string | null;
  /** The device's key for this write: sent again, the first row comes back (see feedbackOfClientKey). */
  clientKey?: string | null;
}): Promise<FeedbackItemRow> {
  return transaction(async (tx) => {
    await lockTripFor(tx, item.tripId, "plan");
    // Under the trip's lock, so two sends of one key at once make one row: the second finds the first's.
    if (item.clientKey) {
      const first = await feedbackOfClientKey(
        { tripId: item.tripId, memberId: item.memberId, clientKey: item.clientKey },
        tx,
      );
      if (first) return first;
    }
    // The same flag or suggestion twice (the same item; the same activity or words) would only count twice.
    const [same] = await tx
      .select({ id: feedbackItems.id })
      .from(feedbackItems)
      .where(
        and(
          eq(feedbackItems.tripId, item.tripId),
          eq(feedbackItems.memberId, item.memberId),
          eq(feedbackItems.kind, item.kind),
          eq(feedbackItems.status, "open"),
          item.kind === "flag"
            ? eq(feedbackItems.itemKey, item.itemKey ?? "")
            : item.suggestedActivityId
              ? eq(feedbackItems.suggestedActivityId, item.suggestedActivityId)
              : and(isNull(feedbackItems.suggestedActivityId), sql`lower(${feedbackItems.text}) = lower(${item.text})`),
        ),
      );
    if (same) {
      throw new AppError(
        "conflict:feedback",
        item.kind === "flag"
          ? "You've already flagged this item. Withdraw that flag to change it."
          : "You've already suggested this; it's waiting for the next version.",
      );
    }
    const [row] = await tx.insert(feedbackItems).values(item).returning();
    if (!row) throw new Error("feedback insert returned no row");
    await publishTripEvent({ tx, tripId: item.tripId, event: { kind: "feedback.changed", feedbackId: row.id } });
    return row;
  });
}

/**
 * A member takes back their own flag or suggestion (nobody else's): an open one, or a flag
 * in force (applied), which then no longer binds later versions.
 */
export async function withdrawFeedback({
  tripId,
  memberId,
  feedbackId,
}: {
  tripId: string;
  memberId: string;
  feedbackId: string;
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTripFor(tx, tripId, "plan");
    const [row] = await tx
      .update(feedbackItems)
      .set({ status: "withdrawn", liftedAt: new Date() })
      .where(
        and(
          eq(feedbackItems.id, feedbackId),
          eq(feedbackItems.tripId, tripId),
          eq(feedbackItems.memberId, memberId),
          sql`(${feedbackItems.status} = 'open' or (${feedbackItems.kind} = 'flag' and ${feedbackItems.status} = 'applied'))`,
        ),
      )
      .returning({ id: feedbackItems.id });
    if (!row) throw new AppError("not_found:feedback", "That isn't an open flag or suggestion of yours.");
    await publishTripEvent({ tx, tripId, event: { kind: "feedback.changed", feedbackId } });
  });
}

/**
 * The organizer lifts flags that are in force (someone else's, or their own), with a reason
 * everyone sees beside the flag. `tx` when it is part of a larger write (a restore).
 */
export async function liftFlags({
  tx: given,
  tripId,
  organizerId,
  feedbackIds,
  reason,
}: {
  tx?: Tx;
  tripId: string;
  organizerId: string;
  feedbackIds: string[];
  reason: string;
}): Promise<number> {
  if (feedbackIds.length === 0) return 0;
  const lift = async (tx: Tx) => {
    if (!given) await lockTripFor(tx, tripId, "plan");
    const lifted = await tx
      .update(feedbackItems)
      .set({ status: "withdrawn", liftedBy: organizerId, liftReason: reason, liftedAt: new Date() })
      .where(
        and(
          inArray(feedbackItems.id, feedbackIds),
          eq(feedbackItems.tripId, tripId),
          eq(feedbackItems.kind, "flag"),
          inArray(feedbackItems.status, ["open", "applied"]),
        ),
      )
      .returning({ id: feedbackItems.id });
    for (const { id } of lifted)
      await publishTripEvent({ tx, tripId, event: { kind: "feedback.changed", feedbackId: id } });
    return lifted.length;
  };
  if (given) return lift(given);
  // The trip row first, like every write that changes the plan (lib/db/transaction.ts).
  return transaction(async (tx) => {
    await lockTripRow(tx, tripId);
    return lift(tx);
  });
}
