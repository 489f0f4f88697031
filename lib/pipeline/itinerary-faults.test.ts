import { describe, expect, it } from "vitest";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listProgressEvents } from "@/lib/db/queries/runs";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { itineraryOutcome, planningTrip, runItinerary } from "@/test/itinerary";
import { testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * The fault matrix for the itinerary workflow, each with its documented outcome: a
 * bounded repair in the same step, a step retried with the timeline saying so, or a failed
 * run with an actionable, retryable error — never a half-stored or violating plan. (The
 * itinerary has no research step: its facts come from the destination's facts, so "research
 * down" has no counterpart here.)
 */

async function runWith(options: Parameters<typeof testDeps>[0]) {
  const trip = await planningTrip(
    [MemberPreferences.parse(answers({ vibes: ["food", "culture"], pace: "balanced", origin: "Boston" }))],
    {
      slug: "lisbon",
      start: "2027-05-10",
      end: "2027-05-13",
    },
  );
  const calls: string[] = [];
  const run = await runItinerary(trip.tripId, "itinerary", testDeps({ ...options, onCall: (c) => calls.push(c.task) }));
  const outcome = await itineraryOutcome(trip.tripId, run.id);
  const events = await listProgressEvents({ runId: run.id });
  return { trip, run, calls, events, ...outcome };
}

describe("itinerary model faults", () => {
  it("invalid JSON once from a day writer: repaired in the same step, the plan passes", async () => {
    const { run, calls, violations, steps } = await runWith({ faults: [{ task: "draft-day", kind: "invalid-json" }] });
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "draft-day")).toHaveLength(4 + 1); // 4 days, one answered twice
    expect(steps.filter((s) => s.stepId.startsWith("draft:")).every((s) => s.attempts === 1)).toBe(true);
    expect(violations).toEqual([]);
  });

  it("invalid JSON every time: 2 repairs, then a retryable error, and no version stored", async () => {
    const { trip, run, events } = await runWith({ faults: [{ task: "polish", kind: "invalid-json", times: 99 }] });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "model:invalid-output", retryable: true });
    expect(await currentItinerary({ tripId: trip.tripId })).toBeNull();
    expect(events.at(-1)).toMatchObject({ kind: "failed", level: "error" });
  });

  it("a schema mismatch from the cost notes: repaired", async () => {
    const { run, calls, violations } = await runWith({ faults: [{ task: "cost-notes", kind: "schema-mismatch" }] });
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "cost-notes")).toHaveLength(2);
    expect(violations).toEqual([]);
  });

  it("a day written for an activity it doesn't have (schema-valid, rule-breaking): sent back and repaired", async () => {
    const { run, calls, violations, stored } = await runWith({
      faults: [{ task: "draft-day", kind: "rule-breaking" }],
    });
    expect(run.status).toBe("succeeded");
    expect(calls.filter((t) => t === "draft-day").length).toBeGreaterThan(4);
    expect(violations).toEqual([]);
    expect(stored?.itinerary.days.flatMap((d) => d.items).every((i) => !i.activityId?.endsWith("-elsewhere"))).toBe(
      true,
    );
  });

  it("a timeout: the step is retried and the timeline says so", async () => {
    const { run, steps, events } = await runWith({ timeoutMs: 50, faults: [{ task: "polish", kind: "timeout" }] });
    expect(run.status).toBe("succeeded");
    expect(steps.find((s) => s.stepId === "polish")?.attempts).toBe(2);
    expect(events.some((e) => e.stepId === "polish" && e.kind === "retrying")).toBe(true);
  });

  it("a retryable 5xx twice: retried, then fine", async () => {
    const { run, steps } = await runWith({ faults: [{ task: "cost-notes", kind: "server-error", times: 2 }] });
    expect(run.status).toBe("succeeded");
    expect(steps.find((s) => s.stepId === "cost")?.attempts).toBe(3);
  });

  it("a model that stays down: 4 attempts, then an actionable error and no version", async () => {
    const { trip, run } = await runWith({ faults: [{ task: "draft-day", kind: "outage" }] });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "model:unavailable", retryable: true });
    expect(await currentItinerary({ tripId: trip.tripId })).toBeNull();
  });
});
