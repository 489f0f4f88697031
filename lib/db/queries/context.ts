import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { type ContextEntryRow, type ContextKind, contextEntries, members } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import { publishTripEvent } from "./trip-events";
import { lockTripRow } from "./trips";

/** The trip's "What we've agreed" entries, oldest first, with their author's name. */
export async function listContextEntries({ tripId }: { tripId: string }) {
  const db = await getDb();
  return db
    .select({ entry: contextEntries, author: members.name })
    .from(contextEntries)
    .innerJoin(members, eq(members.id, contextEntries.authorId))
    .where(eq(contextEntries.tripId, tripId))
    .orderBy(asc(contextEntries.createdAt));
}

export async function insertContextEntry(entry: {
  tripId: string;
  authorId: string;
  kind: ContextKind;
  text: string;
  why: string | null;
  proposedByAssistant: boolean;
}): Promise<ContextEntryRow> {
  return transaction(async (tx) => {
    const trip = await lockTripRow(tx, entry.tripId);
    const [row] = await tx.insert(contextEntries).values(entry).returning();
    await publishTripEvent({ tx, tripId: entry.tripId, event: { kind: "trip.changed", status: trip.status } });
    if (!row) throw new Error("insert returned nothing");
    return row;
  });
}

/**
 * Changes or deletes one entry when `memberId` may (its author, or the organizer): the
 * check and the write are one transaction, so an entry deleted meanwhile is "gone", not overwritten.
 */
export async function changeContextEntry({
  tripId,
  entryId,
  memberId,
  isOrganizer,
  change,
}: {
  tripId: string;
  entryId: string;
  memberId: string;
  isOrganizer: boolean;
  change: { kind: ContextKind; text: string; why: string | null } | "delete";
}): Promise<ContextEntryRow> {
  return transaction(async (tx) => {
    const trip = await lockTripRow(tx, tripId);
    const where = and(eq(contextEntries.id, entryId), eq(contextEntries.tripId, tripId));
    const [current] = await tx.select().from(contextEntries).where(where);
    if (!current) throw new AppError("not_found:context-entry", "That entry isn't there any more.");
    if (current.authorId !== memberId && !isOrganizer) {
      throw new AppError("forbidden:context-entry", "Only the person who wrote it or the organizer can change it.");
    }
    const [row] =
      change === "delete"
        ? await tx.delete(contextEntries).where(where).returning()
        : await tx
            .update(contextEntries)
            .set({ ...change, updatedAt: new Date() })
            .where(where)
            .returning();
    await publishTripEvent({ tx, tripId, event: { kind: "trip.changed", status: trip.status } });
    if (!row) throw new Error("write returned nothing");
    return row;
  });
}
