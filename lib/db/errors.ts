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

/** postgres.js's own codes for a connection that went away under a query, and the socket's. */
const DROPPED_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "ECONNRESET", "EPIPE"]);
/** ... and for a connection that couldn't be opened at all (the server is down or unreachable). */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "CONNECT_TIMEOUT"]);

function hasCode(error: unknown, codes: Set<string>): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && codes.has(code)) return true;
  }
  return false;
}

/**
 * The connection under this statement went away (the server terminated it — 57P01 on an
 * administrator's command or a restart, 57P02/57P03, class 08 — or the socket closed): not an
 * answer about the data, so the statement may be tried again on a fresh connection.
 */
export function isDroppedConnection(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (/^57P0[123]$/.test(state) || state.startsWith("08"))) return true;
  return hasCode(error, DROPPED_CODES);
}

/**
 * The database couldn't be reached or dropped the connection (it restarts, a failover, the
 * network). Worth waiting out: the same statement goes through once it is back.
 */
export function isConnectionError(error: unknown): boolean {
  return isDroppedConnection(error) || hasCode(error, UNREACHABLE_CODES);
}
