/**
 * The itinerary and regeneration runs on the offline model with a simulated per-call
 * latency, on an in-memory PGlite, for the demo group planning 5 days in New Orleans.
 * Prints, per kind of run: wall time, the critical-path lower bound (bench/critical-path.ts)
 * and their ratio (goal ≤ 1.10), the same run with its fan-outs forced sequential, model
 * calls and tokens, and repair rounds used; then, over 30 generated groups × places, the
 * share of first drafts that pass the validator without a repair. Figures only.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { offlineModels } from "@/lib/ai/models";
import type { OfflineCall } from "@/lib/ai/offline/model";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb, getDb } from "@/lib/db/client";
import { addFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { createRunOrGetActive, getRun, listRunSteps } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { trips } from "@/lib/db/schema";
import { demoMembers } from "@/lib/demo-trip";
import { allFacts } from "@/lib/facts";
import { runLocal } from "@/lib/pipeline/local-runner";
import { DIETARY, emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";
import { criticalPathMs, median } from "./critical-path";

const LATENCY_MS = 200;
const RUNS = 7;

type Sample = {
  wallMs: number;
  boundMs: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  repairs: number;
};

export async function planningTrip(
  members: { name: string; preferences: MemberPreferences }[],
  slug: string,
  start: string,
  end: string,
) {
  const { trip } = await createTripWithOrganizer({
    name: "Benchmark trip",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(newToken()) },
    answeredMembers: members.map((m) => ({ ...m, tokenHash: hashToken(newToken()) })),
  });
  const db = await getDb();
  await db
    .update(trips)
    .set({ status: "planning", selectedDestination: slug, startDate: start, endDate: end })
    .where(eq(trips.id, trip.id));
  return trip.id;
}

async function oneRun(
  tripId: string,
  kind: "itinerary" | "regenerate",
  parallel: boolean,
  latencyMs = LATENCY_MS,
): Promise<Sample> {
  const calls: OfflineCall[] = [];
  const { run } = await createRunOrGetActive({ tripId, kind, engine: "local", requestedBy: null });
  const started = performance.now();
  await runLocal(run.id, {
    models: offlineModels({ latencyMs, onCall: (c) => calls.push(c) }),
    now: () => new Date("2026-11-23T12:00:00Z"),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    parallel,
  });
  const wallMs = performance.now() - started;
  const finished = await getRun({ runId: run.id });
  if (finished?.status !== "succeeded")
    throw new Error(`benchmark run ${finished?.status}: ${finished?.error?.message}`);
  const steps = await listRunSteps({ runId: run.id });
  return {
    wallMs,
    boundMs: criticalPathMs(calls),
    calls: calls.length,
    inputTokens: finished.usage?.inputTokens ?? 0,
    outputTokens: finished.usage?.outputTokens ?? 0,
    repairs: steps.filter((s) => s.stepId.startsWith("repair:")).length,
  };
}

async function demoPlan(): Promise<string> {
  const members = demoMembers(new Date("2026-11-23T00:00:00Z"));
  const tripId = await planningTrip(members, "new-orleans", "2027-03-13", "2027-03-17");
  return tripId;
}

/** A flag and a suggestion on the current plan, so a regeneration has feedback to answer. */
async function feedbackOn(tripId: string): Promise<void> {
  const current = await currentItinerary({ tripId });
  const item = current?.itinerary.days[1]?.items[0];
  const db = await getDb();
  const [trip] = await db.select().from(trips).where(eq(trips.id, tripId));
  if (!current || !item || !trip) throw new Error("no plan to give feedback on");
  const { listMembersWithPreferences } = await import("@/lib/db/queries/members");
  const member = (await listMembersWithPreferences({ tripId }))[1];
  if (!member) throw new Error("no member");
  const base = {
    tripId,
    memberId: member.id,
    itineraryVersion: current.version,
    reason: null,
    suggestedActivityId: null,
  };
  await addFeedback({ ...base, kind: "flag", itemKey: item.key, reason: "not-my-thing", text: "" });
  await addFeedback({ ...base, kind: "suggestion", itemKey: null, text: "live jazz in the evening" });
}

function report(title: string, parallel: Sample[], sequential: Sample[]) {
  const wall = median(parallel.map((s) => s.wallMs));
  const bound = median(parallel.map((s) => s.boundMs));
  const seq = median(sequential.map((s) => s.wallMs));
  const last = parallel.at(-1);
  console.log(`\n${title}, offline model at ${LATENCY_MS} ms per call (median of ${RUNS})`);
  console.log(`  wall time                 ${wall.toFixed(0)} ms`);
  console.log(`  critical-path lower bound ${bound.toFixed(0)} ms`);
  console.log(`  ratio                     ${(wall / bound).toFixed(3)}  (goal ≤ 1.10)`);
  console.log(`  fan-out sequential        ${seq.toFixed(0)} ms  (${(seq / wall).toFixed(2)}× the parallel run)`);
  console.log(`  LLM calls per run         ${last?.calls}`);
  console.log(`  tokens per run            ${last?.inputTokens} in / ${last?.outputTokens} out`);
  console.log(
    `  repair rounds used        ${parallel.reduce((n, s) => n + s.repairs, 0)} over ${parallel.length} runs`,
  );
}

export async function benchItinerary(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  await oneRun(await demoPlan(), "itinerary", true); // warm-up

  const plan: Sample[] = [];
  const planSeq: Sample[] = [];
  const regen: Sample[] = [];
  const regenSeq: Sample[] = [];
  // Each series on its own, so a parallel run doesn't pay for the garbage the slow
  // sequential one left behind.
  for (const [parallel, into, regenInto] of [
    [true, plan, regen],
    [false, planSeq, regenSeq],
  ] as const) {
    for (let i = 0; i < RUNS; i++) {
      const tripId = await demoPlan();
      into.push(await oneRun(tripId, "itinerary", parallel));
      await feedbackOn(tripId);
      regenInto.push(await oneRun(tripId, "regenerate", parallel));
    }
  }
  report("Itinerary run, demo group, 5 days in New Orleans", plan, planSeq);
  report("Regeneration with a flag and a suggestion", regen, regenSeq);

  // How often the first draft passes the validator as it is, over generated groups and places.
  const slugs = allFacts().map((d) => d.slug);
  const groups = fc.sample(
    fc.record({
      slug: fc.constantFrom(...slugs),
      days: fc.integer({ min: 2, max: 10 }),
      diets: fc.subarray([...DIETARY], { maxLength: 1 }),
      pace: fc.constantFrom("relaxed", "balanced", "packed" as const),
    }),
    { numRuns: 30, seed: 20261123 },
  );
  let passed = 0;
  let planned = 0;
  for (const g of groups) {
    const prefs = {
      ...emptyPreferences(),
      dates: { flexible: true, windows: [] },
      pace: g.pace,
      dietary: g.diets,
      origin: "Boston",
    };
    const end = new Date(Date.UTC(2027, 4, 10 + g.days - 1)).toISOString().slice(0, 10);
    const tripId = await planningTrip(
      [{ name: "Member", preferences: prefs as MemberPreferences }],
      g.slug,
      "2027-05-10",
      end,
    );
    try {
      const sample = await oneRun(tripId, "itinerary", true, 0);
      planned++;
      if (sample.repairs === 0) passed++;
    } catch {
      // A place that breaks the member's diet is explained, not planned: not a draft to count.
    }
  }
  console.log(
    `  first drafts passing the validator without repair: ${passed} of ${planned} planned (${((100 * passed) / Math.max(1, planned)).toFixed(0)}%)`,
  );
  await closeDb();
}
