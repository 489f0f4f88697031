import "server-only";
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { pipelineRuns } from "@/lib/db/schema";

/**
 * Leases of local runs (lib/pipeline/leases.ts): which process executes a running local run,
 * and until when. Times are the database's clock, so every process judges expiry alike.
 */

/** `now() + seconds`, on the database's clock. */
export const leaseUntil = (seconds: number): SQL<Date> => sql<Date>`now() + ${seconds}::float8 * interval '1 second'`;

/** A running local run nobody holds: never leased, released, or its owner stopped renewing. */
const takeable = or(isNull(pipelineRuns.leaseExpiresAt), lt(pipelineRuns.leaseExpiresAt, sql`now()`));
const runningLocally = and(eq(pipelineRuns.status, "running"), eq(pipelineRuns.engine, "local"));

/**
 * Takes (or keeps) the lease of a running local run for `owner`, in one statement: it
 * succeeds when the run has no live lease or `owner` holds it already. Two processes
 * claiming one run at once: the second waits on the row and then finds it held.
 */
export async function claimRunLease({
  runId,
  owner,
  seconds,
}: {
  runId: string;
  owner: string;
  seconds: number;
}): Promise<boolean> {
  const db = await getDb();
  const claimed = await db
    .update(pipelineRuns)
    .set({ leaseOwner: owner, leaseExpiresAt: leaseUntil(seconds) })
    .where(and(eq(pipelineRuns.id, runId), runningLocally, or(eq(pipelineRuns.leaseOwner, owner), takeable)))
    .returning({ id: pipelineRuns.id });
  return claimed.length > 0;
}

/** The heartbeat: extends `owner`'s lease. False when the run ended or another process holds it now. */
export async function renewRunLease({
  runId,
  owner,
  seconds,
}: {
  runId: string;
  owner: string;
  seconds: number;
}): Promise<boolean> {
  const db = await getDb();
  const renewed = await db
    .update(pipelineRuns)
    .set({ leaseExpiresAt: leaseUntil(seconds) })
    .where(and(eq(pipelineRuns.id, runId), runningLocally, eq(pipelineRuns.leaseOwner, owner)))
    .returning({ id: pipelineRuns.id });
  return renewed.length > 0;
}

/** Gives up `owner`'s leases (a process shutting down), so another process takes those runs over at once. */
export async function releaseRunLeases({ owner, runIds }: { owner: string; runIds: string[] }): Promise<number> {
  if (runIds.length === 0) return 0;
  const db = await getDb();
  const released = await db
    .update(pipelineRuns)
    .set({ leaseExpiresAt: null })
    .where(and(runningLocally, eq(pipelineRuns.leaseOwner, owner), inArray(pipelineRuns.id, runIds)))
    .returning({ id: pipelineRuns.id });
  return released.length;
}

/** Running local runs whose lease has expired (or that never had one): a live process takes them over. */
export async function listRunsToTakeOver(): Promise<{ id: string }[]> {
  const db = await getDb();
  return db.select({ id: pipelineRuns.id }).from(pipelineRuns).where(and(runningLocally, takeable));
}
