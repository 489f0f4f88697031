/** Postgres SQLSTATE of an error from either driver (drizzle wraps driver errors in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
/** A row the write points at (its trip, its member) was deleted by a transaction that committed first. */
export const FOREIGN_KEY_VIOLATION = "23503";
/** Postgres broke a lock cycle by aborting this transaction; run again, it goes through. */
export const DEADLOCK_DETECTED = "40P01";
/** Under a stricter isolation level, another transaction's commit made this one's reads stale. */
export const SERIALIZATION_FAILURE = "40001";

/** Aborted only because of another transaction's timing: the whole transaction can simply run again. */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === DEADLOCK_DETECTED || state === SERIALIZATION_FAILURE;
}

/** Error codes postgres.js gives a connection that is refused, reset or lost (not SQLSTATEs). */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * The database couldn't be reached or dropped the connection (it restarts, a failover, the
 * network): SQLSTATE class 08, a server shutting down or starting (57P01–57P03), or a socket
 * error. Worth waiting out: the same statement goes through once it is back.
 */
export function isConnectionError(error: unknown): boolean {
  const state = sqlState(error);
  if (state?.startsWith("08") || state === "57P01" || state === "57P02" || state === "57P03") return true;
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  }
  return false;
}
