import "server-only";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type Db, getDb, type Tx } from "@/lib/db/client";
import { members, notificationOutbox, notificationSettings, trips, unsubscribeLinks } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { wakeDrainer } from "@/lib/notifications/wakeup";
import type { MyNotificationSettings, NotificationBody, NotificationTopic } from "@/lib/schemas/notifications";

/**
 * Email notifications: a member's own settings, the outbox that events fill, and what the
 * drainer (lib/notifications/drain.ts) reads and marks. Every function here names the
 * member it touches; nothing lists another member's address.
 */

export async function getNotificationSettings({ memberId }: { memberId: string }): Promise<MyNotificationSettings> {
  const db = await getDb();
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.memberId, memberId));
  return row ? { email: row.email, topics: row.topics } : { email: null, topics: [] };
}

/** Sets the member's address and topics; no address removes both, and whatever was still waiting for them. */
export async function saveNotificationSettings({
  tripId,
  memberId,
  email,
  topics,
}: {
  tripId: string;
  memberId: string;
  email: string;
  topics: NotificationTopic[];
}): Promise<MyNotificationSettings> {
  return transaction(async (tx) => {
    if (!email) {
      await eraseNotifications(tx, { memberId });
      return { email: null, topics: [] };
    }
    const chosen = [...new Set(topics)];
    await tx
      .insert(notificationSettings)
      .values({ memberId, tripId, email, topics: chosen })
      .onConflictDoUpdate({
        target: notificationSettings.memberId,
        // A new address gets a fresh start: an old one's failures don't delay it.
        set: { email, topics: chosen, updatedAt: new Date(), failures: 0, retryAt: null },
      });
    return { email, topics: chosen };
  });
}

/** The member's address, topics, waiting notifications and unsubscribe links, gone (erase, "no email"). */
export async function eraseNotifications(tx: Tx, { memberId }: { memberId: string }): Promise<void> {
  await tx.delete(notificationOutbox).where(eq(notificationOutbox.memberId, memberId));
  await tx.delete(unsubscribeLinks).where(eq(unsubscribeLinks.memberId, memberId));
  await tx.delete(notificationSettings).where(eq(notificationSettings.memberId, memberId));
}

/**
 * Queues `body` for each member of the trip who chose its topic (or only `memberId`, or all
 * but `exceptMemberId`), inside the caller's transaction when given one, so it commits or
 * rolls back with the event. A second call with the same `dedupeKey` queues nothing again
 * (a replayed pipeline step). Returns how many were queued.
 */
export async function enqueueNotifications({
  tx,
  tripId,
  body,
  dedupeKey,
  memberId,
  exceptMemberId,
}: {
  tx?: Tx | Db;
  tripId: string;
  body: NotificationBody;
  dedupeKey: string;
  memberId?: string;
  exceptMemberId?: string;
}): Promise<number> {
  const db = tx ?? (await getDb());
  const topic = JSON.stringify([body.topic]);
  const inserted = await db
    .insert(notificationOutbox)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          memberId: notificationSettings.memberId,
          tripId: notificationSettings.tripId,
          topic: sql`${body.topic}`.as("topic"),
          dedupeKey: sql`${dedupeKey}`.as("dedupe_key"),
          body: sql`${JSON.stringify(body)}::jsonb`.as("body"),
          createdAt: sql`clock_timestamp()`.as("created_at"),
          sentAt: sql`null::timestamptz`.as("sent_at"),
          loggedAt: sql`null::timestamptz`.as("logged_at"),
        })
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.tripId, tripId),
            sql`${notificationSettings.topics} @> ${topic}::jsonb`,
            memberId ? eq(notificationSettings.memberId, memberId) : undefined,
            exceptMemberId ? sql`${notificationSettings.memberId} <> ${exceptMemberId}` : undefined,
          ),
        ),
    )
    .onConflictDoNothing({ target: [notificationOutbox.memberId, notificationOutbox.dedupeKey] })
    .returning({ id: notificationOutbox.id });
  // The drainer waits a moment before reading, by which time the caller's transaction has committed.
  if (inserted.length) wakeDrainer();
  return inserted.length;
}

/** A member with notifications waiting, and what an email to them needs. */
export type PendingRecipient = {
  memberId: string;
  tripId: string;
  email: string;
  topics: NotificationTopic[];
  failures: number;
  memberName: string;
  tripName: string;
};

/**
 * Members whose digest may go out at `now`: something unsent waits, their last email is at
 * least `windowMs` old, no backoff holds them and no other drainer has them. With `unlogged`
 * (no SMTP configured), members with something not yet written to the log, window or not.
 */
export async function recipientsDue({
  now,
  windowMs,
  unlogged = false,
  limit = 50,
}: {
  now: Date;
  windowMs: number;
  unlogged?: boolean;
  limit?: number;
}): Promise<string[]> {
  const db = await getDb();
  const windowStart = new Date(now.getTime() - windowMs);
  const rows = await db
    .selectDistinct({ memberId: notificationOutbox.memberId })
    .from(notificationOutbox)
    .innerJoin(notificationSettings, eq(notificationSettings.memberId, notificationOutbox.memberId))
    .where(
      and(
        isNull(notificationOutbox.sentAt),
        unlogged
          ? isNull(notificationOutbox.loggedAt)
          : and(
              or(isNull(notificationSettings.lastSentAt), lte(notificationSettings.lastSentAt, windowStart)),
              or(isNull(notificationSettings.retryAt), lte(notificationSettings.retryAt, now)),
            ),
        or(isNull(notificationSettings.claimedUntil), lte(notificationSettings.claimedUntil, now)),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.memberId);
}

/** Takes the member's digest for this drainer until `until`; null when another drainer has it. */
export async function claimRecipient({
  memberId,
  now,
  until,
}: {
  memberId: string;
  now: Date;
  until: Date;
}): Promise<PendingRecipient | null> {
  const db = await getDb();
  const [claimed] = await db
    .update(notificationSettings)
    .set({ claimedUntil: until })
    .where(
      and(
        eq(notificationSettings.memberId, memberId),
        or(isNull(notificationSettings.claimedUntil), lte(notificationSettings.claimedUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return null;
  const [names] = await db
    .select({ memberName: members.name, tripName: trips.name })
    .from(members)
    .innerJoin(trips, eq(trips.id, members.tripId))
    .where(eq(members.id, memberId));
  if (!names) return null;
  return {
    memberId,
    tripId: claimed.tripId,
    email: claimed.email,
    topics: claimed.topics,
    failures: claimed.failures,
    ...names,
  };
}

export async function unsentNotifications({ memberId }: { memberId: string }) {
  const db = await getDb();
  return db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.memberId, memberId), isNull(notificationOutbox.sentAt)))
    .orderBy(notificationOutbox.createdAt);
}

/** Waiting notifications of topics the member no longer wants: never sent. */
export async function dropNotifications({ ids }: { ids: string[] }): Promise<void> {
  if (!ids.length) return;
  const db = await getDb();
  await db.delete(notificationOutbox).where(inArray(notificationOutbox.id, ids));
}

export async function releaseRecipient({ memberId }: { memberId: string }): Promise<void> {
  const db = await getDb();
  await db.update(notificationSettings).set({ claimedUntil: null }).where(eq(notificationSettings.memberId, memberId));
}

export async function markLogged({ ids, now }: { ids: string[]; now: Date }): Promise<void> {
  if (!ids.length) return;
  const db = await getDb();
  await db.update(notificationOutbox).set({ loggedAt: now }).where(inArray(notificationOutbox.id, ids));
}

/** The digest went out: its rows are sent, the member's 15 minutes start now, failures are forgotten. */
export async function markSent({ memberId, ids, now }: { memberId: string; ids: string[]; now: Date }): Promise<void> {
  await transaction(async (tx) => {
    await tx.update(notificationOutbox).set({ sentAt: now }).where(inArray(notificationOutbox.id, ids));
    await tx
      .update(notificationSettings)
      .set({ lastSentAt: now, failures: 0, retryAt: null, claimedUntil: null })
      .where(eq(notificationSettings.memberId, memberId));
  });
}

/** The send failed: everything stays queued, and the next try waits `retryAt`. */
export async function markFailed({
  memberId,
  failures,
  retryAt,
}: {
  memberId: string;
  failures: number;
  retryAt: Date;
}): Promise<void> {
  const db = await getDb();
  await db
    .update(notificationSettings)
    .set({ failures, retryAt, claimedUntil: null })
    .where(eq(notificationSettings.memberId, memberId));
}

export async function addUnsubscribeLink({ memberId, tokenHash }: { memberId: string; tokenHash: string }) {
  const db = await getDb();
  await db.insert(unsubscribeLinks).values({ memberId, tokenHash });
}

export async function removeUnsubscribeLink({ tokenHash }: { tokenHash: string }) {
  const db = await getDb();
  await db.delete(unsubscribeLinks).where(eq(unsubscribeLinks.tokenHash, tokenHash));
}

/** Whose link this is (and their trip's name, for the confirm page); null for an unknown token. */
export async function unsubscribeTarget({ tokenHash }: { tokenHash: string }) {
  const db = await getDb();
  const [row] = await db
    .select({ memberId: unsubscribeLinks.memberId, tripName: trips.name })
    .from(unsubscribeLinks)
    .innerJoin(members, eq(members.id, unsubscribeLinks.memberId))
    .innerJoin(trips, eq(trips.id, members.tripId))
    .where(eq(unsubscribeLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** No more emails for the member: no topics, nothing waiting. Their address stays for them to re-enable. */
export async function unsubscribeMember({ memberId }: { memberId: string }): Promise<void> {
  await transaction(async (tx) => {
    await tx
      .update(notificationSettings)
      .set({ topics: [], updatedAt: new Date() })
      .where(eq(notificationSettings.memberId, memberId));
    await tx
      .delete(notificationOutbox)
      .where(and(eq(notificationOutbox.memberId, memberId), isNull(notificationOutbox.sentAt)));
  });
}

/** The operator's counts (/status): nothing about who or what. */
export async function outboxCounts(): Promise<{ waiting: number; retrying: number; sent: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${notificationOutbox.sentAt} is null)`.mapWith(Number),
      retrying:
        sql<number>`count(*) filter (where ${notificationOutbox.sentAt} is null and ${notificationSettings.failures} > 0)`.mapWith(
          Number,
        ),
      sent: sql<number>`count(*) filter (where ${notificationOutbox.sentAt} is not null)`.mapWith(Number),
    })
    .from(notificationOutbox)
    .leftJoin(notificationSettings, eq(notificationSettings.memberId, notificationOutbox.memberId));
  return row ?? { waiting: 0, retrying: 0, sent: 0 };
}
