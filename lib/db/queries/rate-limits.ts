import "server-only";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

type Counter = Pick<typeof rateLimits.$inferSelect, "points" | "expire">;

/**
 * The counters behind the rate limits on a server (`rate_limits`, shared by every app process
 * on one database; lib/limits/table-store.ts). A row is one key's points in its window, which
 * ends at `expire` (null: never).
 */

/**
 * Adds `points` to a key's counter in one atomic statement and returns it: a key that is new, or
 * whose window has ended, starts a new window of `msDuration` with `points`; `reset` sets the
 * counter to `points` with a new window whatever it held (rate-limiter-flexible's block and set).
 * Concurrent calls from any number of processes each see their own increment.
 */
export async function addRateLimitPoints({
  key,
  points,
  msDuration,
  reset = false,
}: {
  key: string;
  points: number;
  /** 0 or less: no end. */
  msDuration: number;
  reset?: boolean;
}): Promise<Counter> {
  const db = await getDb();
  const now = new Date();
  const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
  // postgres.js takes timestamps as ISO strings inside raw SQL; `expire` is a timestamptz.
  const ended = sql`${rateLimits.expire} <= ${now.toISOString()}::timestamptz`;
  const nextExpire = sql`${expire?.toISOString() ?? null}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, points, expire })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: reset
        ? { points, expire }
        : {
            points: sql`CASE WHEN ${ended} THEN ${points} ELSE ${rateLimits.points} + ${points} END`,
            expire: sql`CASE WHEN ${ended} THEN ${nextExpire} ELSE ${rateLimits.expire} END`,
          },
    })
    .returning({ points: rateLimits.points, expire: rateLimits.expire });
  if (!row) throw new Error("rate limit upsert returned no row");
  return row;
}

/** A key's counter while its window lasts, else null. */
export async function readRateLimit({ key }: { key: string }): Promise<Counter | null> {
  const db = await getDb();
  const [row] = await db
    .select({ points: rateLimits.points, expire: rateLimits.expire })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), or(gt(rateLimits.expire, new Date()), isNull(rateLimits.expire))))
    .limit(1);
  return row ?? null;
}

/** Forgets a key's counter; whether there was one. */
export async function deleteRateLimit({ key }: { key: string }): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(rateLimits).where(eq(rateLimits.key, key)).returning({ key: rateLimits.key });
  return rows.length > 0;
}

/** Drops counters whose window ended before `before` (housekeeping). */
export async function deleteEndedRateLimits({ before }: { before: Date }): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.expire, before));
}
