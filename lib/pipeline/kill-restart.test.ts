import { type ChildProcess, spawn } from "node:child_process";
import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun, listProgressEvents, listRunSteps } from "@/lib/db/queries/runs";
import { itineraries, pipelineRuns, recommendations } from "@/lib/db/schema";
import { resumeExpiredRuns, settleLocalRuns } from "@/lib/pipeline/local-runner";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { planningTrip } from "@/test/itinerary";
import { testDeps } from "@/test/pipeline";

/**
 * The local runner's crash recovery, for real: a child process runs a pipeline and is
 * killed with SIGKILL mid-run; this process then takes it over once the dead process's lease
 * has expired (as instrumentation.ts's sweep does) and it finishes with every step, progress row and recommendation exactly once,
 * and no finished step done again. Works on Postgres (DATABASE_URL) and on a PGlite
 * directory (the child and this process take turns, as PGlite allows one process at a time).
 */

withTestDatabase({ onDisk: true });

function startChild(runId: string): { child: ChildProcess; stepsRun: string[] } {
  const stepsRun: string[] = [];
  const child = spawn(
    // node itself with tsx as a loader (not the tsx CLI, which would run the script in a grandchild
    // that SIGKILL on the CLI leaves running).
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "test/pipeline-child.ts"],
    {
      env: { ...process.env, RUN_ID: runId, LATENCY_MS: "150", LEASE_SECONDS: "6" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.startsWith("step ")) stepsRun.push(line.slice(5));
  });
  return { child, stepsRun };
}

/**
 * Starts a run of `kind`, kills the child once a step with `killAfter` in its id has
 * started, resumes it here, and checks nothing was redone or stored twice.
 */
async function killAndResume(runId: string, killAfter: string) {
  await closeDb(); // PGlite: one process per directory; the child takes over
  const { child, stepsRun } = startChild(runId);
  // Kill it once the fan-out has started: well past the first steps, well before the end
  // (on a busy machine the child's start alone can take a minute).
  const deadline = Date.now() + 150_000;
  while (!stepsRun.some((s) => s.startsWith(killAfter)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGKILL");
  const [, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.once("exit", (code, sig) => resolve([code, sig])),
  );
  expect(signal).toBe("SIGKILL");
  expect(stepsRun.some((s) => s.startsWith(killAfter))).toBe(true);

  await getDb();
  expect((await getRun({ runId }))?.status).toBe("running"); // the dead process couldn't record anything
  const finishedBeforeKill = await listRunSteps({ runId });
  expect(finishedBeforeKill.length).toBeGreaterThanOrEqual(3);
  expect(finishedBeforeKill.map((s) => s.stepId)).not.toContain("store");

  const redone: string[] = [];
  const resume = () => resumeExpiredRuns(testDeps(), { backoffMs: () => 0, onStepRun: (id) => redone.push(id) });
  // The dead process's lease (6 s) still holds for a moment: nothing is taken over until it expires…
  const killedAt = performance.now();
  let resumed = await resume();
  while (resumed.length === 0 && performance.now() - killedAt < 20_000) {
    await new Promise((r) => setTimeout(r, 100));
    resumed = await resume();
  }
  // …then this process takes the run over.
  expect(resumed).toEqual([runId]);
  await settleLocalRuns();

  expect((await getRun({ runId }))?.status).toBe("succeeded");
  // Nothing finished before the kill ran again…
  const done = new Set(finishedBeforeKill.map((s) => s.stepId));
  expect(redone.filter((id) => done.has(id))).toEqual([]);
  expect(redone).toContain("store");
  // …and kept its original result and time.
  const after = await listRunSteps({ runId });
  for (const step of finishedBeforeKill) {
    expect(after.find((s) => s.stepId === step.stepId)).toEqual(step);
  }
  expect(new Set(after.map((s) => s.stepId)).size).toBe(after.length);

  const events = await listProgressEvents({ runId });
  const keys = events.map((e) => `${e.stepId}/${e.kind}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(events.filter((e) => e.stepId === "store" && e.kind === "finished")).toHaveLength(1);
  const db = await getDb();
  const [active] = await db.select({ n: count() }).from(pipelineRuns).where(eq(pipelineRuns.status, "running"));
  expect(active?.n).toBe(0);
}

it("a recommendation run killed mid-way resumes after a restart with no duplicate steps, progress rows or packs", async () => {
  const trip = await tripWithAnswers([
    { name: "Olga", answers: answers({ vibes: ["food", "culture"] }) },
    { name: "Ben", answers: answers({ vibes: ["beach"] }) },
  ]);
  const { run } = await createRunOrGetActive({
    tripId: trip.tripId,
    kind: "recommendations",
    engine: "local",
    requestedBy: null,
  });
  await killAndResume(run.id, "research:");
  const db = await getDb();
  const [stored] = await db.select({ n: count() }).from(recommendations).where(eq(recommendations.runId, run.id));
  expect(stored?.n).toBe(1);
  expect((await latestRecommendations({ tripId: trip.tripId }))?.pack.status).toBe("ready");
}, 240_000);

it("an itinerary run killed while drafting the days resumes with no duplicate steps, progress rows or versions", async () => {
  const trip = await planningTrip([MemberPreferences.parse(answers({ vibes: ["food"], origin: "Boston" }))], {
    slug: "rome",
    start: "2027-05-10",
    end: "2027-05-15",
  });
  const { run } = await createRunOrGetActive({
    tripId: trip.tripId,
    kind: "itinerary",
    engine: "local",
    requestedBy: null,
  });
  await killAndResume(run.id, "draft:");
  const db = await getDb();
  const [stored] = await db.select({ n: count() }).from(itineraries).where(eq(itineraries.tripId, trip.tripId));
  expect(stored?.n).toBe(1);
  expect((await currentItinerary({ tripId: trip.tripId }))?.version).toBe(1);
}, 240_000);
