import "server-only";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { type Env, readEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { RateLimiterTable, tableStoreAnswering } from "@/lib/limits/table-store";

/**
 * Rate limits (rate-limiter-flexible). Embedded, the counters live in this process's
 * memory; with `DATABASE_URL` they live in Postgres (`rate_limits`), shared by every app
 * server (lib/limits/table-store.ts), with an in-memory limiter as insurance if the database
 * doesn't answer — then each process counts alone, which the log and /status say (`limitsSharing`).
 * Each limit is `points/seconds` from the environment:
 *
 * | limit         | counts                                         | key                     |
 * |---------------|------------------------------------------------|-------------------------|
 * | create        | new trips and demo trips from one client       | client address          |
 * | createAll     | new trips and demo trips from everyone          | one server-wide key     |
 * | join          | joins from one client                          | client address          |
 * | save          | preference saves by one member                 | member                  |
 * | model         | model-spending actions (Generate, …)           | member, and trip        |
 * | read          | dashboard snapshots and other polled reads     | member                  |
 * | mcp           | requests through one AI connection (MCP)       | AI connection           |
 * | assistant     | messages to the assistant (each a model turn)  | member                  |
 */

export const LIMITS = {
  create: "RATE_LIMIT_CREATE",
  createAll: "RATE_LIMIT_CREATE_ALL",
  join: "RATE_LIMIT_JOIN",
  save: "RATE_LIMIT_SAVE",
  model: "RATE_LIMIT_MODEL",
  read: "RATE_LIMIT_READ",
  mcp: "RATE_LIMIT_MCP",
  assistant: "RATE_LIMIT_ASSISTANT",
} as const satisfies Record<string, keyof Env>;
export type LimitName = keyof typeof LIMITS;

const MESSAGES: Record<LimitName, string> = {
  create: "You've started a lot of trips in a short time.",
  createAll: "Lots of people are starting trips right now.",
  join: "There have been a lot of join attempts from your network.",
  save: "You've saved a lot of times in a short time.",
  model: "The AI has been asked a lot for this trip in a short time.",
  read: "This page asked for updates too often.",
  mcp: "This AI connection has made a lot of requests in a short time.",
  assistant: "You've sent the assistant a lot of messages in a short time.",
};

const globalKey = Symbol.for("tripsync.rateLimiters");
type GlobalWithLimiters = typeof globalThis & { [globalKey]?: Map<string, RateLimiterAbstract> };

function limiterFor(name: LimitName): RateLimiterAbstract {
  const env = readEnv();
  const { points, seconds } = env[LIMITS[name]];
  const store = env.DATABASE_URL ? `postgres:${env.DATABASE_URL}` : "memory";
  const cacheKey = `${name}:${points}/${seconds}:${store}`;
  const g = globalThis as GlobalWithLimiters;
  g[globalKey] ??= new Map();
  const cached = g[globalKey].get(cacheKey);
  if (cached) return cached;
  // A changed limit starts counting afresh.
  const options = { keyPrefix: `${name}:${points}/${seconds}`, points, duration: seconds };
  const limiter = env.DATABASE_URL
    ? new RateLimiterTable({ ...options, storeClient: "rate_limits", insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);
  g[globalKey].set(cacheKey, limiter);
  return limiter;
}

export type LimitsSharing = "shared" | "per-process" | "in-memory";

/**
 * How the limits are counted now: in the database, shared by every process ("shared"); in this
 * process's memory because the database store just failed ("per-process"); or in memory because
 * there is one process on an embedded database ("in-memory").
 */
export function limitsSharing(): LimitsSharing {
  if (!readEnv().DATABASE_URL) return "in-memory";
  return tableStoreAnswering() ? "shared" : "per-process";
}

/** Counts one request against a limit; over it → AppError `too_many:rate` saying when to try again. */
export async function consume(name: LimitName, key: string): Promise<void> {
  const limiter = limiterFor(name);
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!isRefusal(rejection)) throw rejection;
    throw overLimit(name, rejection.msBeforeNext);
  }
}

/**
 * A limiter's "over the limit" answer (a RateLimiterRes). Not by `instanceof` alone: the production
 * build holds one copy of rate-limiter-flexible per bundle layer (route handlers, server actions and
 * pages), while the limiter is cached once per process on globalThis — so a sign-in link (a route)
 * may use the limiter a join (an action) made, whose refusals are the other copy's class. Taken for
 * an error, that refusal was a 500 with a bare log line instead of a 429.
 */
function isRefusal(rejection: unknown): rejection is Pick<RateLimiterRes, "msBeforeNext"> {
  if (rejection instanceof RateLimiterRes) return true;
  if (typeof rejection !== "object" || rejection === null || rejection instanceof Error) return false;
  // Its shape, not its class name: the build minifies class names.
  const { msBeforeNext, consumedPoints, remainingPoints, isFirstInDuration } = rejection as Record<string, unknown>;
  return (
    typeof msBeforeNext === "number" &&
    typeof consumedPoints === "number" &&
    typeof remainingPoints === "number" &&
    typeof isFirstInDuration === "boolean"
  );
}

/**
 * Whether one more request would pass a limit, without counting it: null when it would,
 * else an AppError like `consume` throws (so a button can say why and when, before a click).
 */
export async function peek(name: LimitName, key: string): Promise<AppError | null> {
  const limiter = limiterFor(name);
  const state = await limiter.get(key);
  if (!state || state.consumedPoints < limiter.points) return null;
  return overLimit(name, state.msBeforeNext);
}

function overLimit(name: LimitName, msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError("too_many:rate", `${MESSAGES[name]} Please try again ${inAbout(retryAfterSeconds)}.`, undefined, {
    retryAfterSeconds,
  });
}

/** "in about 3 minutes" */
export function inAbout(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in about ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  return `in about ${hours} hour${hours === 1 ? "" : "s"}`;
}

/** The key for a client's address; requests whose address is unknown share one bucket. */
export function clientKey(client: string | undefined): string {
  return client ?? "unknown";
}
