import { beforeEach, expect, it } from "vitest";
import { createRunOrGetActive, listRunSteps, saveRunStep } from "@/lib/db/queries/runs";
import { LocalSteps } from "@/lib/pipeline/local-runner";
import { MAX_ATTEMPTS } from "@/lib/pipeline/steps";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

/**
 * The local engine records a finished step behind the workflow (the next model call doesn't
 * wait for the database): these pin what that may and may not change. A step is recorded
 * only after its own rows, in the order the steps finished; a write that keeps failing
 * stops the execution at its next step with nothing recorded after it; results another
 * execution recorded first stop this one.
 */

withTestDatabase();

let runId: string;
beforeEach(async () => {
  const { tripId } = await newTrip();
  const { run } = await createRunOrGetActive({ tripId, kind: "recommendations", engine: "local", requestedBy: null });
  runId = run.id;
});

const options = { sleep: async () => {}, backoffMs: () => 0 };
const recorded = async () => (await listRunSteps({ runId })).map((s) => [s.stepId, s.result]);

it("returns each result at once and records the steps after their rows, in the order they finished", async () => {
  const steps = new LocalSteps(runId, options);
  const order: string[] = [];
  let release = () => {};
  const slowRow = new Promise<void>((resolve) => {
    release = resolve;
  });
  const a = await steps.run("a", async (_attempt, after) => {
    after(async () => {
      await slowRow;
      order.push("row a");
    });
    return { n: 1 };
  });
  // The workflow has A's result while A's row is still being written…
  expect(a).toEqual({ n: 1 });
  const b = await steps.run("b", async (_attempt, after) => {
    after(async () => {
      order.push("row b");
    });
    return { n: 2 };
  });
  expect(b).toEqual({ n: 2 });
  expect(await recorded()).toEqual([]);
  // …and nothing is recorded until A's row is in; then A, then B.
  release();
  await steps.settled();
  expect(order).toEqual(["row a", "row b"]);
  expect(await recorded()).toEqual([
    ["a", { n: 1 }],
    ["b", { n: 2 }],
  ]);
});

it("a write that keeps failing is tried like a step, then stops the execution: nothing after it is recorded", async () => {
  const steps = new LocalSteps(runId, options);
  let tries = 0;
  await steps.run("a", async () => ({ n: 1 }));
  await steps.run("b", async (_attempt, after) => {
    after(async () => {
      tries++;
      throw new Error("connection lost");
    });
    return { n: 2 };
  });
  await steps.run("c", async () => ({ n: 3 })).catch(() => {});
  await expect(steps.settled()).rejects.toThrow("connection lost");
  expect(tries).toBe(MAX_ATTEMPTS);
  await expect(steps.run("d", async () => ({ n: 4 }))).rejects.toThrow("connection lost");
  expect(await recorded()).toEqual([["a", { n: 1 }]]);
});

it("a write that fails once is tried again and the step is recorded once", async () => {
  const steps = new LocalSteps(runId, options);
  let tries = 0;
  await steps.run("a", async (_attempt, after) => {
    after(async () => {
      if (++tries === 1) throw new Error("blip");
    });
    return { n: 1 };
  });
  await steps.settled();
  expect(tries).toBe(2);
  expect(await recorded()).toEqual([["a", { n: 1 }]]);
});

it("a step another execution recorded first stops this one, which records nothing more", async () => {
  const steps = new LocalSteps(runId, options);
  await steps.run("a", async () => ({ n: 1 }));
  await saveRunStep({ runId, stepId: "b", result: { n: "theirs" }, attempts: 1 });
  await steps.run("b", async () => ({ n: "ours" }));
  await expect(steps.settled()).rejects.toThrow(/another process/);
  await expect(steps.run("c", async () => ({ n: 3 }))).rejects.toThrow(/another process/);
  expect(await recorded()).toEqual([
    ["a", { n: 1 }],
    ["b", { n: "theirs" }],
  ]);
});
