import { describe, expect, it } from "vitest";
import { validateOptions } from "@/lib/agents/validators";
import { listProgressEvents } from "@/lib/db/queries/runs";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline, storedOutcome, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * Each fault the offline model can inject, and the documented outcome (PRD §11):
 * a bounded repair, a step retry, a degraded "unverified" answer, or a failed run with
 * an actionable, retryable error — never a broken or half-stored pack.
 */

const GROUP = [
  { name: "Olga", answers: answers({ vibes: ["food", "culture"], budget: { min: 800, max: 2500, hardLimit: false } }) },
  { name: "Ben", answers: answers({ vibes: ["beach", "food"], dietary: ["vegetarian"] }) },
];

async function runWith(options: Parameters<typeof testDeps>[0]) {
  const trip = await tripWithAnswers(GROUP);
  const calls: string[] = [];
  const run = await runPipeline(trip.tripId, testDeps({ ...options, onCall: (c) => calls.push(c.task) }));
  const outcome = await storedOutcome(trip.tripId, run.id);
  const events = await listProgressEvents({ runId: run.id });
  return { run, calls, events, ...outcome };
}

describe("model faults", () => {
  it("invalid JSON once: repaired in the same step, the run succeeds", async () => {
    const { run, calls, stored, ctx, steps } = await runWith({ faults: [{ task: "rank", kind: "invalid-json" }] });
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "rank")).toHaveLength(2);
    expect(steps.find((s) => s.stepId === "rank")?.attempts).toBe(1);
    expect(stored?.pack.status).toBe("ready");
    expect(validateOptions(stored?.pack.options ?? [], ctx)).toEqual([]);
    expect(stored?.decisionLog.find((d) => d.agent === "Ranker")?.keyEvidence.join(" ")).toMatch(/1 repair round/);
  });

  it("invalid JSON every time: 2 repairs, then a structured, retryable error and nothing stored", async () => {
    const { run, calls, stored, events } = await runWith({
      faults: [{ task: "rank", kind: "invalid-json", times: 99 }],
    });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "model:invalid-output", retryable: true });
    expect(run.error?.message).toMatch(/Try generating again/);
    // Permanent: no step-level retries on top of the bounded repairs.
    expect(calls.filter((t) => t === "rank")).toHaveLength(3);
    expect(stored).toBeNull();
    expect(events.at(-1)).toMatchObject({ kind: "failed", stage: "rank", level: "error" });
  });

  it("schema mismatch once: repaired, the shortlist is still built from eligible destinations", async () => {
    const { run, calls, stored } = await runWith({ faults: [{ task: "candidates", kind: "schema-mismatch" }] });
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "candidates")).toHaveLength(2);
    expect(stored?.pack.status).toBe("ready");
  });

  it("a timeout: the step is retried and the timeline says so", async () => {
    const { run, steps, events } = await runWith({
      timeoutMs: 50,
      faults: [{ task: "explain-conflicts", kind: "timeout" }],
    });
    expect(run.status).toBe("succeeded");
    expect(steps.find((s) => s.stepId === "conflicts")?.attempts).toBe(2);
    expect(events.find((e) => e.stepId === "conflicts" && e.kind === "retrying")?.level).toBe("warning");
  });

  it("a retryable 5xx: retried, then fine", async () => {
    const { run, steps } = await runWith({ faults: [{ task: "candidates", kind: "server-error", times: 2 }] });
    expect(run.status).toBe("succeeded");
    expect(steps.find((s) => s.stepId === "candidates")?.attempts).toBe(3);
  });

  it("a model that stays down: 4 attempts, then an actionable error", async () => {
    const { run, calls, stored } = await runWith({ faults: [{ task: "rank", kind: "outage" }] });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "model:unavailable", retryable: true });
    expect(run.error?.message).toMatch(/try again in a minute/);
    expect(calls.filter((t) => t === "rank")).toHaveLength(4);
    expect(stored).toBeNull();
  });

  it("research down: every option is marked unverified, the run still succeeds and stays compliant", async () => {
    const { run, stored, ctx, events } = await runWith({ faults: [{ task: "research", kind: "outage" }] });
    expect(run.status).toBe("succeeded");
    const pack = stored?.pack;
    expect(pack?.status).toBe("ready");
    for (const option of pack?.options ?? []) {
      expect(option).toMatchObject({ verified: false, sources: [], confidence: "low" });
      expect(option.tradeoffs.map((t) => t.summary).join(" ")).toMatch(/couldn't verify/);
    }
    expect(validateOptions(pack?.options ?? [], ctx)).toEqual([]);
    expect(events.some((e) => e.kind === "degraded" && e.stage === "research")).toBe(true);
  });
});
