import pino from "pino";
import { sqlState } from "@/lib/db/errors";
import { readEnv } from "@/lib/env";

/**
 * The server's one logger: JSON lines on stdout (pino). What a log line may carry is
 * decided here, not at each call site:
 * - `redact` censors any field that can hold a secret or a member's answer (tokens,
 *   cookies, preferences, notes, names, query strings, SQL parameters), wherever it is nested;
 * - errors go through `safeError`, which keeps the error's type, code and stack frames but
 *   drops database messages (drivers quote the failed query's parameters and values) and
 *   cuts URLs down to their path.
 * Call sites log ids and outcomes, never request bodies.
 */

const SECRET_KEYS = [
  "token",
  "inviteToken",
  "recoveryToken",
  "shareToken",
  "tokenHash",
  "cookie",
  "cookies",
  "authorization",
  "signature",
  "preferences",
  "notes",
  "hardNos",
  "mustHaves",
  "origin",
  "suggestedPlace",
  "dietary",
  "accessibility",
  "name",
  "names",
  "text",
  "params",
  "query",
  "search",
  "body",
  "input",
];

export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
  'req.headers["x-inngest-signature"]',
];

export type SafeError = { type: string; code?: string; message: string; stack?: string[] };

/** An error as it may appear in a log: no SQL, no parameters, no values a driver quoted. */
export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown" };
  const state = sqlState(error);
  const isDatabase =
    state !== undefined || /Drizzle|Postgres/i.test(error.name) || /^Failed query:/.test(error.message);
  const ownCode = (error as { code?: unknown }).code;
  const code = state ?? (typeof ownCode === "string" ? ownCode : undefined);
  return {
    type: error.name,
    ...(code ? { code } : {}),
    message: isDatabase ? "database error (details withheld from the log)" : scrubMessage(error.message),
    stack: error.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 12)
      .map((line) => line.trim()),
  };
}

/**
 * URLs lose their query string and fragment; anything token-shaped (long base64url runs)
 * is masked; a database failure's text (query and parameters) is dropped; long messages are cut.
 */
export function scrubMessage(message: string): string {
  if (/Failed query:|\bparams:|\b(insert into|update|select .* from|delete from)\b/i.test(message)) {
    return "database error (details withheld from the log)";
  }
  return message
    .replace(/(https?:\/\/[^\s?#"']*)[?#][^\s"']*/g, "$1?[redacted]")
    .replace(/[A-Za-z0-9_-]{32,}/g, "[redacted]")
    .slice(0, 300);
}

const env = readEnv();

export const log = pino({
  level: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: REDACT_PATHS, censor: "[redacted]" },
  serializers: { err: safeError, error: safeError },
});

/**
 * Next.js and libraries report errors with console.error/warn; route them through the
 * same scrubbing so a framework-level error can't write a query's parameters or a token
 * into the log either. Installed once at server start (instrumentation.ts).
 */
export function routeConsoleThroughLog(): void {
  const g = globalThis as typeof globalThis & { [installed]?: boolean };
  if (g[installed]) return;
  g[installed] = true;
  for (const level of ["error", "warn"] as const) {
    console[level] = (...args: unknown[]) => {
      const error = args.find((a) => a instanceof Error);
      const text = args
        .filter((a) => typeof a === "string")
        .map((a) => scrubMessage(a as string))
        .join(" ");
      log[level]({ source: "console", ...(error ? { err: error } : {}) }, text || (error ? "error" : ""));
    };
  }
}

const installed = Symbol.for("tripsync.consoleThroughLog");

/**
 * For a failure that repeats (a database outage seen by every request): at most one line per
 * `ms`. `report(write)` calls `write(failures)` when a line is due, with how many failures it
 * stands for (this one and those kept quiet since the last line).
 */
export function logEvery(ms: number, now: () => number = Date.now) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  return {
    report(write: (failures: number) => void): void {
      failures++;
      const at = now();
      if (at - lastAt < ms) return;
      lastAt = at;
      write(failures);
      failures = 0;
    },
  };
}
