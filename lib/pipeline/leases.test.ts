import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createRunOrGetActive, getRun, listProgressEvents, listRunSteps } from "@/lib/db/queries/runs";
import { recommendations } from "@/lib/db/schema";
import { resumeExpiredRuns, runLocal, settleLocalRuns } from "@/lib/pipeline/local-runner";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { testDeps } from "@/test/pipeline";

/**
 * Run leases, with two "processes" played by two owner ids on one database (real
 * concurrent transactions on Postgres): a run another process holds is left alone; a run
 * whose owner stopped renewing is taken over once its lease expires, by one process only;
 * the old owner stops at its next step and records nothing more; the run ends once, whole.
 */

withTestDatabase();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function twoMemberRun() {
  const trip = await tripWithAnswers([
    { name: "Olga", answers: answers({ vibes: ["food", "culture"] }) },
    { name: "Ben", answers: answers({ vibes: ["beach"] }) },
  ]);
  return trip.tripId;
}

it("a run whose owner holds its lease is left alone; once the lease expires one process takes it over and finishes it", async () => {
  const tripId = await twoMemberRun();
  // A process that started the run and died at once: its lease runs 1.5 s.
  const { run } = await createRunOrGetActive({
    tripId,
    kind: "recommendations",
    engine: "local",
    requestedBy: null,
    lease: { owner: "dead-process", seconds: 1.5 },
  });
  const ran: string[] = [];
  const options = { backoffMs: () => 0, leaseSeconds: 5, onStepRun: (id: string) => ran.push(id) };
  // While its lease holds, a starting process leaves it alone (it used to run it again at once).
  expect(await resumeExpiredRuns(testDeps(), { ...options, owner: "b" })).toEqual([]);
  await runLocal(run.id, testDeps(), { ...options, owner: "b" });
  expect(ran).toEqual([]);
  expect((await getRun({ runId: run.id }))?.leaseOwner).toBe("dead-process");

  await sleep(1700);
  // Two live processes sweep at the same moment: one takes it, the other finds it held.
  const [byB, byC] = await Promise.all([
    resumeExpiredRuns(testDeps(), { ...options, owner: "b" }),
    resumeExpiredRuns(testDeps(), { ...options, owner: "c" }),
  ]);
  // (A sweep that lists it after the other claimed it doesn't find it at all.)
  expect([...byB, ...byC]).toContain(run.id);
  await settleLocalRuns();
  const ended = await getRun({ runId: run.id });
  expect(ended?.status).toBe("succeeded");
  expect(["b", "c"]).toContain(ended?.leaseOwner);
  // Every step ran once (one process executed it), and one pack was stored.
  expect(new Set(ran).size).toBe(ran.length);
  expect(ran).toContain("store");
  const db = await getDb();
  const [packs] = await db.select({ n: count() }).from(recommendations).where(eq(recommendations.runId, run.id));
  expect(packs?.n).toBe(1);
}, 60_000);

it("an owner that can't renew stops before its lease ends; the process that takes over finishes the run with each step stored once", async () => {
  const tripId = await twoMemberRun();
  const { run } = await createRunOrGetActive({ tripId, kind: "recommendations", engine: "local", requestedBy: null });
  const starts: { owner: string; id: string; at: number }[] = [];
  const as = (owner: string) => ({
    owner,
    backoffMs: () => 0,
    leaseSeconds: 1,
    onStepRun: (id: string) => starts.push({ owner, id, at: performance.now() }),
  });
  // Process A: model calls of 600 ms, so the run outlasts A's 1 s lease however fast the machine (on a
  // quiet one, calls of 150 ms finished the whole run inside the lease), and its heartbeat never gets
  // through (it lost the database, or froze).
  const t0 = performance.now();
  const a = runLocal(run.id, testDeps({ latencyMs: 600 }), { ...as("a"), heartbeat: false });
  // Process B sweeps every 100 ms until the lease has expired.
  let taken: string[] = [];
  while (taken.length === 0) {
    expect((await getRun({ runId: run.id }))?.status, "A finished the run inside its lease").toBe("running");
    await sleep(100);
    taken = await resumeExpiredRuns(testDeps({ latencyMs: 150 }), as("b"));
  }
  const takenAt = performance.now();
  await a;
  await settleLocalRuns();

  expect((await getRun({ runId: run.id }))?.status).toBe("succeeded");
  const byA = starts.filter((s) => s.owner === "a");
  const byB = starts.filter((s) => s.owner === "b");
  expect(byA.length).toBeGreaterThan(0);
  expect(byB.length).toBeGreaterThan(0);
  // Taken over only after A's 1 s lease ran out…
  expect(takenAt - t0).toBeGreaterThanOrEqual(1000);
  // …and A started nothing after it: no step ran in both at once.
  const lastByA = Math.max(...byA.map((s) => s.at));
  expect(lastByA - t0).toBeLessThan(1000);
  expect(lastByA).toBeLessThan(Math.min(...byB.map((s) => s.at)));
  // B redid only what A hadn't recorded: no step finished by A ran again.
  const steps = await listRunSteps({ runId: run.id });
  expect(new Set(steps.map((s) => s.stepId)).size).toBe(steps.length);
  const redoneByB = new Set(byB.map((s) => s.id));
  expect(new Set(byB.map((s) => s.id)).size).toBe(byB.length);
  // The timeline has each step's rows once, and one end.
  const events = await listProgressEvents({ runId: run.id });
  const keys = events.map((e) => `${e.stepId}/${e.kind}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(redoneByB.has("store")).toBe(true);
  const db = await getDb();
  const [packs] = await db.select({ n: count() }).from(recommendations).where(eq(recommendations.runId, run.id));
  expect(packs?.n).toBe(1);
}, 60_000);
