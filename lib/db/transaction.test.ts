import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseDriver } from "@/lib/db/client";
import { getTrip, lockTripRow } from "@/lib/db/queries/trips";
import { trips } from "@/lib/db/schema";
import { MAX_ATTEMPTS, retryTransient, transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

withTestDatabase();

/** An error as either driver reports a Postgres failure (drizzle wraps it in `cause`). */
const pgError = (code: string) => Object.assign(new Error("Failed query"), { cause: { code } });

describe("a transaction Postgres aborts for another's timing runs again", () => {
  it("deadlock and serialization failures are retried until it goes through; other errors are not", async () => {
    let calls = 0;
    const flaky = await retryTransient(async () => {
      calls++;
      if (calls === 1) throw pgError("40P01");
      if (calls === 2) throw pgError("40001");
      return "saved";
    });
    expect(flaky).toBe("saved");
    expect(calls).toBe(3);

    calls = 0;
    const broken = retryTransient(async () => {
      calls++;
      throw pgError("23505");
    });
    await expect(broken).rejects.toThrow("Failed query");
    expect(calls).toBe(1);
  });

  it("still deadlocked after every attempt: a refusal to try again, not an internal error", async () => {
    let calls = 0;
    const error = await retryTransient(async () => {
      calls++;
      throw pgError("40P01");
    }).catch((e: unknown) => e);
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "conflict:busy" });
  });

  it("two writes locking two trips in opposite orders both go through (on Postgres one is aborted and run again)", async () => {
    const a = (await newTrip("Trip A")).tripId;
    const b = (await newTrip("Trip B")).tripId;
    let attempts = 0;
    // Each holds its first trip until the other holds its own (at most 300 ms: PGlite runs one at a time).
    const holding = new Set<string>();
    const bothHolding = async () => {
      for (let i = 0; i < 30 && holding.size < 2; i++) await new Promise((r) => setTimeout(r, 10));
    };
    const rename = (first: string, second: string, name: string) =>
      transaction(async (tx) => {
        attempts++;
        await lockTripRow(tx, first);
        holding.add(first);
        await bothHolding();
        await lockTripRow(tx, second);
        await tx.update(trips).set({ name }).where(eq(trips.id, first));
        await tx.update(trips).set({ name }).where(eq(trips.id, second));
      });
    await Promise.all([rename(a, b, "Renamed by one"), rename(b, a, "Renamed by two")]);

    // Both committed, one after the other: the trips carry the same name, the later writer's.
    const names = [(await getTrip({ tripId: a }))?.name, (await getTrip({ tripId: b }))?.name];
    expect(names[0]).toBe(names[1]);
    expect(["Renamed by one", "Renamed by two"]).toContain(names[0]);
    expect(attempts).toBeGreaterThanOrEqual(databaseDriver() === "postgres" ? 3 : 2);
  });
});
