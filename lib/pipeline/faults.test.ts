import { describe, expect, it } from "vitest";
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

async function runWith(options: Parameters<typeof testDeps>[0], group = GROUP) {
  const trip = await tripWithAnswers(group);
  const calls: string[] = [];
  const run = await runPipeline(trip.tripId, testDeps({ ...options, onCall: (c) => calls.push(c.task) }));
  const outcome = await storedOutcome(trip.tripId, run.id);
  const events = await listProgressEvents({ runId: run.id });
  return { run, calls, events, ...outcome };
}

describe("model faults", () => {
  it("invalid JSON once: repaired in the same step, the run succeeds", async () => {
    const { run, calls, stored, violations, steps } = await runWith({
      faults: [{ task: "card", kind: "invalid-json" }],
    });
    expect(run.status).toBe("succeeded");
    const cards = steps.filter((s) => s.stepId.startsWith("card:"));
    expect(calls.filter((t) => t === "card")).toHaveLength(cards.length + 1);
    expect(cards.every((s) => s.attempts === 1)).toBe(true);
    expect(stored?.pack.status).toBe("ready");
    expect(violations).toEqual([]);
    const writers = stored?.decisionLog.filter((d) => d.agent === "Card writer") ?? [];
    expect(writers.filter((d) => /1 repair round/.test(d.keyEvidence.join(" ")))).toHaveLength(1);
  });

  it("invalid JSON every time: 2 repairs, then a structured, retryable error and nothing stored", async () => {
    const { run, calls, stored, events, steps } = await runWith({
      faults: [{ task: "card", kind: "invalid-json", times: 99 }],
    });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "model:invalid-output", retryable: true });
    expect(run.error?.message).toMatch(/Try generating again/);
    // Permanent: no step-level retries on top of the bounded repairs (3 calls per card at most).
    const cards = steps.filter((s) => s.stepId.startsWith("card:"));
    expect(calls.filter((t) => t === "card").length).toBeGreaterThanOrEqual(3);
    expect(calls.filter((t) => t === "card").length).toBeLessThanOrEqual(3 * Math.max(cards.length, 5));
    expect(stored).toBeNull();
    expect(events.some((e) => e.kind === "failed" && e.stage === "cards" && e.level === "error")).toBe(true);
  });

  it("a rule-breaking card once (schema-valid): the validator sends it back, the repair passes, nothing bad is stored", async () => {
    const { run, calls, stored, violations, steps } = await runWith({
      faults: [{ task: "card", kind: "rule-breaking" }],
    });
    expect(run.status).toBe("succeeded");
    const cards = steps.filter((s) => s.stepId.startsWith("card:"));
    expect(calls.filter((t) => t === "card")).toHaveLength(cards.length + 1);
    expect(stored?.pack.status).toBe("ready");
    expect(violations).toEqual([]);
    const writers = stored?.decisionLog.filter((d) => d.agent === "Card writer") ?? [];
    expect(writers.filter((d) => /1 repair round/.test(d.keyEvidence.join(" ")))).toHaveLength(1);
  });

  it("rule-breaking cards every time: each breaking card is dropped, never shown; what is stored is compliant", async () => {
    const { run, stored, violations } = await runWith({ faults: [{ task: "card", kind: "rule-breaking", times: 99 }] });
    expect(run.status).toBe("succeeded");
    expect(violations).toEqual([]);
    const dropped = stored?.decisionLog.filter((d) => d.riskFlags.includes("options dropped by validators")) ?? [];
    expect(dropped.length).toBeGreaterThan(0);
    const pack = stored?.pack;
    if (pack?.status === "ready") expect(pack.options.length).toBeGreaterThanOrEqual(3);
    else expect(pack?.explanation).toMatch(/Too few options passed our checks/);
  });

  it("a rule-breaking ranking once: a destination that isn't a candidate is refused and repaired", async () => {
    const { run, calls, stored, violations, candidates } = await runWith({
      faults: [{ task: "shortlist", kind: "rule-breaking" }],
    });
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "shortlist")).toHaveLength(2);
    expect(violations).toEqual([]);
    const slugs = new Set(candidates.map((c) => c.slug));
    expect(stored?.pack.options.every((o) => slugs.has(o.slug))).toBe(true);
  });

  it("rule-breaking shortlist once: an ineligible destination is refused and repaired", async () => {
    // Olga's "no beaches" rules the beach places out: the broken shortlist slips one back in.
    const group = [{ ...GROUP[0], answers: answers({ hardNos: ["no beaches"] }) }, GROUP[1]] as typeof GROUP;
    const { run, calls, candidates, violations, stored } = await runWith(
      { faults: [{ task: "candidates", kind: "rule-breaking" }] },
      group,
    );
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "candidates")).toHaveLength(2);
    expect(violations).toEqual([]);
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    const excluded = new Set(stored?.pack.excluded.map((x) => x.slug));
    expect(candidates.filter((c) => excluded.has(c.slug))).toEqual([]);
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
    const { run, calls, stored } = await runWith({ faults: [{ task: "shortlist", kind: "outage" }] });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "model:unavailable", retryable: true });
    expect(run.error?.message).toMatch(/try again in a minute/);
    expect(calls.filter((t) => t === "shortlist")).toHaveLength(4);
    expect(stored).toBeNull();
  });

  it("research down: every option is marked unverified, the run still succeeds and stays compliant", async () => {
    const { run, stored, violations, events } = await runWith({ faults: [{ task: "research", kind: "outage" }] });
    expect(run.status).toBe("succeeded");
    const pack = stored?.pack;
    expect(pack?.status).toBe("ready");
    for (const option of pack?.options ?? []) {
      expect(option).toMatchObject({ verified: false, sources: [], confidence: "low" });
      expect(option.tradeoffs.map((t) => t.summary).join(" ")).toMatch(/couldn't verify/);
    }
    expect(violations).toEqual([]);
    expect(events.some((e) => e.kind === "degraded" && e.stage === "research")).toBe(true);
  });
});
