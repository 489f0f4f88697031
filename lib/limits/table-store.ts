import "server-only";
import { RateLimiterRes } from "rate-limiter-flexible";
import StoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import {
  addRateLimitPoints,
  deleteEndedRateLimits,
  deleteRateLimit,
  readRateLimit,
} from "@/lib/db/queries/rate-limits";
import { log, logEvery } from "@/lib/log";

/**
 * rate-limiter-flexible's store contract (`_upsert`, `_get`, `_delete`) on our `rate_limits`
 * table, through lib/db like every other query. The library's own `RateLimiterDrizzle` loads
 * drizzle-orm by a module name it computes at run time (`["drizzle", "orm"].join("-")`) so
 * bundlers can't see it; in the production build that import resolves to nothing, every call
 * fails, and the limiter quietly counts in its in-memory insurance instead: per process. Here
 * every statement is a static import, so the build bundles what it needs.
 *
 * When the database store fails anyway (the database is down), the insurance limiter counts in
 * this process's memory: `limitsSharing()` says so for /status, and the log says it once a minute.
 */

const CLEANUP_EVERY_MS = 5 * 60_000;
/** Counters are kept an hour past their window (the library's own habit), then dropped. */
const KEEP_ENDED_MS = 60 * 60_000;
const WARN_EVERY_MS = 60_000;

interface Health {
  /** When the store started failing, if its last call failed; null while it answers. */
  failingSince: number | null;
  warnings: ReturnType<typeof logEvery>;
}
const healthKey = Symbol.for("tripsync.rateLimitStore");
function health(): Health {
  const g = globalThis as typeof globalThis & { [healthKey]?: Health };
  g[healthKey] ??= { failingSince: null, warnings: logEvery(WARN_EVERY_MS, () => RateLimiterTable.now()) };
  return g[healthKey];
}

/** Whether the database store answered on its last call (true before any call). */
export function tableStoreAnswering(): boolean {
  return health().failingSince === null;
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  const h = health();
  try {
    const result = await call();
    if (h.failingSince !== null) {
      log.info("rate limits are shared again: the database store answers");
      h.failingSince = null;
    }
    return result;
  } catch (error) {
    h.failingSince ??= RateLimiterTable.now();
    h.warnings.report((failures) =>
      log.warn(
        { err: error, failures },
        "rate limits are per process: the database store failed, so this process counts in its own memory",
      ),
    );
    throw error;
  }
}

interface Counter {
  points: number;
  expire: Date | null;
}

export class RateLimiterTable extends StoreAbstract {
  private cleanupTimer: ReturnType<typeof setTimeout> | undefined;
  /** The clock of the warning's once-a-minute (tests move it). */
  static now = (): number => Date.now();

  constructor(options: ConstructorParameters<typeof StoreAbstract>[0]) {
    super(options);
    this.scheduleCleanup();
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, counter: Counter): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.points - counter.points, 0),
      counter.expire ? Math.max(counter.expire.getTime() - Date.now(), 0) : -1,
      counter.points,
      counter.points === changedPoints,
    );
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    return guarded(() => addRateLimitPoints({ key: rlKey, points, msDuration, reset: forceExpire }));
  }

  _get(rlKey: string): Promise<Counter | null> {
    return guarded(() => readRateLimit({ key: rlKey }));
  }

  _delete(rlKey: string): Promise<boolean> {
    return guarded(() => deleteRateLimit({ key: rlKey }));
  }

  private scheduleCleanup(): void {
    this.cleanupTimer = setTimeout(() => {
      deleteEndedRateLimits({ before: new Date(Date.now() - KEEP_ENDED_MS) })
        .catch(() => {}) // Housekeeping only: the next round tries again.
        .finally(() => this.scheduleCleanup());
    }, CLEANUP_EVERY_MS);
    this.cleanupTimer.unref?.();
  }
}
