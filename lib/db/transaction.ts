import "server-only";
import { getDb, type Tx } from "@/lib/db/client";
import { isDroppedConnection, isTransientConflict } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

/**
 * Every multi-row write runs through here. On PostgreSQL two transactions can still meet
 * in a lock cycle (one waits on a row the other holds while the other waits on this one)
 * however carefully locks are ordered — a foreign-key check takes a share lock on the row
 * it points at, a run's last rows go in while a member leaves. Postgres then aborts one
 * of them (deadlock, 40P01; or 40001 under a stricter isolation level). Nothing of it was
 * committed, so the whole transaction runs again, after a short random pause so the two
 * don't meet again: its own checks then see what the other committed and answer as they
 * would have one at a time (PGlite runs one at a time and never gets here).
 *
 * The lock order every write keeps, so that cycles stay rare: the trip row first (FOR NO
 * KEY UPDATE, which leaves foreign-key checks of rows pointing at the trip free to go on;
 * FOR SHARE for writes that only need the trip to stay as it is), then the rows the
 * write changes, and the trip's live event (its advisory lock) last.
 *
 * `fn` must have no effects outside the transaction: it may run more than once.
 */
export async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return retryTransient(() => db.transaction(fn));
}

/** Attempts in all, the first included. */
export const MAX_ATTEMPTS = 6;

/** Runs `attempt` (one transaction or one statement) again while Postgres aborts it for a transient conflict. */
export async function retryTransient<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      if (n >= MAX_ATTEMPTS) throw tooBusy(error);
      // 5–20 ms, then up to 40, 80, …: long enough for the other transaction to commit.
      const ceiling = 10 * 2 ** n;
      await new Promise((resolve) => setTimeout(resolve, ceiling / 4 + Math.random() * ceiling * 0.75));
    }
  }
}

const RETRY_AFTER_DROP_MS = 250;

/**
 * Runs `attempt` once more if its connection dropped under it (a database restart or failover,
 * connections cut): one retry, logged once with its cause. `attempt(true)` is the retry: the
 * first may have committed before its answer was lost, so a retry must recognise its own write
 * (a save checks the version it would have made) rather than apply it twice.
 */
export async function retryOnceIfDropped<T>(what: string, attempt: (isRetry: boolean) => Promise<T>): Promise<T> {
  try {
    return await attempt(false);
  } catch (error) {
    if (!isDroppedConnection(error)) throw error;
    log.warn({ err: error }, `${what}: the database connection dropped; trying once more`);
    // A moment for the driver to see every connection the server cut go, so the retry gets a fresh one.
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_DROP_MS));
    return attempt(true);
  }
}

/** Still colliding after every attempt: say so, as a refusal to try again (nothing was saved). */
function tooBusy(cause: unknown): AppError {
  const error = new AppError(
    "conflict:busy",
    "Several changes to this trip arrived at the same moment and this one couldn't be saved. Nothing was changed: please try again.",
  );
  (error as { cause?: unknown }).cause = cause;
  return error;
}
