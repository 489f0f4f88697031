import { sql } from "drizzle-orm";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { readRateLimit } from "@/lib/db/queries/rate-limits";
import { RateLimiterTable, tableStoreAnswering } from "@/lib/limits/table-store";
import { log } from "@/lib/log";
import { withTestDatabase } from "@/test/db";

withTestDatabase();

/**
 * The rate_limits store on whichever database the environment selects. Two limiter objects on
 * one database stand for two app processes: what one counts, the other sees.
 */

const limiter = (points: number, duration: number, keyPrefix = "save:test") =>
  new RateLimiterTable({
    keyPrefix,
    points,
    duration,
    storeClient: "rate_limits",
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });

/** Resolves "ok" when the point was granted, "refused" (with ms to wait) when over the limit. */
async function consume(l: RateLimiterTable, key: string): Promise<"ok" | { refused: number }> {
  try {
    await l.consume(key);
    return "ok";
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { refused: rejection.msBeforeNext };
    throw rejection;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  RateLimiterTable.now = () => Date.now();
});

describe("rate limits counted in rate_limits", () => {
  it("two processes share one allowance: 3 saves on one and 2 on the other use up 5; the 6th is refused on both", async () => {
    const a = limiter(5, 60);
    const b = limiter(5, 60);
    const results = [];
    for (const l of [a, a, a, b, b]) results.push(await consume(l, "member-1"));
    expect(results).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    const onA = await consume(a, "member-1");
    const onB = await consume(b, "member-1");
    // The window is 60 s from the first save: a little under 60 000 ms remain.
    for (const refused of [onA, onB]) {
      expect(refused).toEqual({ refused: expect.any(Number) });
      const ms = (refused as { refused: number }).refused;
      expect(ms).toBeGreaterThan(50_000);
      expect(ms).toBeLessThanOrEqual(60_000);
    }
    // The counter is the table's: 5 granted + 2 refused = 7 points on the key.
    expect(await readRateLimit({ key: "save:test:member-1" })).toMatchObject({ points: 7 });
    // Another member is untouched.
    expect(await consume(b, "member-2")).toBe("ok");
  });

  it("concurrent requests are counted exactly: of 25 at once against 10 points, 10 pass", async () => {
    const processes = [limiter(10, 60, "join:burst"), limiter(10, 60, "join:burst")];
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => consume(processes[i % 2] as RateLimiterTable, "client-9")),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
  });

  it("a window that ended starts again from one", async () => {
    const l = limiter(1, 1, "read:short");
    expect(await consume(l, "m")).toBe("ok");
    expect(await consume(l, "m")).toEqual({ refused: expect.any(Number) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await consume(l, "m")).toBe("ok");
    expect(await readRateLimit({ key: "read:short:m" })).toMatchObject({ points: 1 });
  });

  it("when the table can't be reached, the process counts alone, says so once a minute, and recovers", async () => {
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const db = await getDb();
    const l = limiter(2, 60, "model:outage");
    let clock = 1_000_000;
    RateLimiterTable.now = () => clock;
    await db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      // The insurance limiter (this process's memory) still refuses the 3rd.
      expect(await consume(l, "trip-1")).toBe("ok");
      clock += 10_000;
      expect(await consume(l, "trip-1")).toBe("ok");
      clock += 10_000;
      expect(await consume(l, "trip-1")).toEqual({ refused: expect.any(Number) });
      expect(tableStoreAnswering()).toBe(false);
      // Three failures within 20 s: one warning, with its cause.
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(warnings.mock.calls[0]?.[0]).toMatchObject({ err: expect.any(Error) });
      expect(String(warnings.mock.calls[0]?.[1])).toMatch(/per process/);
      // A minute after the first warning: the next failure warns again (counting the two since).
      clock += 40_000;
      await consume(l, "trip-2");
      expect(warnings).toHaveBeenCalledTimes(2);
      // Failures since the first warning: the 2nd and 3rd consume, and this one.
      expect(warnings.mock.calls[1]?.[0]).toMatchObject({ failures: 3 });
    } finally {
      await db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    expect(await consume(l, "trip-3")).toBe("ok");
    expect(tableStoreAnswering()).toBe(true);
    expect(await readRateLimit({ key: "model:outage:trip-3" })).toMatchObject({ points: 1 });
  });
});
