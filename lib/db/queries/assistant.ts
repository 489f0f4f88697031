import "server-only";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { assistantThreads, members, type UnmetCategory, unmetRequests } from "@/lib/db/schema";

/** One member's conversation with the assistant (empty when they have none). */
export async function getThread({ tripId, memberId }: { tripId: string; memberId: string }): Promise<unknown[]> {
  const db = await getDb();
  const [row] = await db
    .select({ messages: assistantThreads.messages })
    .from(assistantThreads)
    .where(and(eq(assistantThreads.tripId, tripId), eq(assistantThreads.memberId, memberId)));
  return row?.messages ?? [];
}

/**
 * Marks the member's thread as answering until `until`, creating it if needed: false when a
 * turn is already answering (a second message is refused until it ends). One statement, so
 * two tabs sending at once can't both start.
 */
export async function claimThread({
  tripId,
  memberId,
  until,
  now = new Date(),
}: {
  tripId: string;
  memberId: string;
  until: Date;
  now?: Date;
}): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(assistantThreads)
    .values({ tripId, memberId, messages: [], answeringUntil: until })
    .onConflictDoUpdate({
      target: assistantThreads.memberId,
      set: { answeringUntil: until },
      setWhere: or(isNull(assistantThreads.answeringUntil), lt(assistantThreads.answeringUntil, now)),
    })
    .returning({ id: assistantThreads.id });
  return rows.length > 0;
}

/** Stores the conversation after a turn and frees the thread. */
export async function saveThread({ memberId, messages }: { memberId: string; messages: unknown[] }) {
  const db = await getDb();
  await db
    .update(assistantThreads)
    .set({ messages, answeringUntil: null, updatedAt: new Date() })
    .where(eq(assistantThreads.memberId, memberId));
}

export async function releaseThread({ memberId }: { memberId: string }) {
  const db = await getDb();
  await db.update(assistantThreads).set({ answeringUntil: null }).where(eq(assistantThreads.memberId, memberId));
}

/** "Clear conversation": the thread goes, unless a turn is answering (then `cleared` is false). */
export async function clearThread({ memberId, now = new Date() }: { memberId: string; now?: Date }) {
  const db = await getDb();
  await db
    .delete(assistantThreads)
    .where(
      and(
        eq(assistantThreads.memberId, memberId),
        or(isNull(assistantThreads.answeringUntil), lt(assistantThreads.answeringUntil, now)),
      ),
    );
  const [left] = await db.select({ n: count() }).from(assistantThreads).where(eq(assistantThreads.memberId, memberId));
  return { cleared: Number(left?.n ?? 0) === 0 };
}

export async function insertUnmetRequest(entry: {
  tripId: string;
  memberId: string;
  summary: string;
  category: UnmetCategory;
}) {
  const db = await getDb();
  await db.insert(unmetRequests).values(entry);
}

/** The organizer sees the trip's list, a member their own. */
export async function listUnmetRequests({ tripId, memberId }: { tripId: string; memberId?: string }) {
  const db = await getDb();
  return db
    .select({
      id: unmetRequests.id,
      summary: unmetRequests.summary,
      category: unmetRequests.category,
      createdAt: unmetRequests.createdAt,
      by: members.name,
    })
    .from(unmetRequests)
    .innerJoin(members, eq(members.id, unmetRequests.memberId))
    .where(and(eq(unmetRequests.tripId, tripId), memberId ? eq(unmetRequests.memberId, memberId) : undefined))
    .orderBy(desc(unmetRequests.createdAt))
    .limit(50);
}

/** For /status: how many unmet requests there are per category, over every trip (no words, no names). */
export async function unmetCountsByCategory(): Promise<Record<string, number>> {
  const db = await getDb();
  const rows = await db
    .select({ category: unmetRequests.category, n: sql<number>`count(*)::int` })
    .from(unmetRequests)
    .groupBy(unmetRequests.category);
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}
