import { beforeEach, expect, it, vi } from "vitest";
import { createRunOrGetActive, listRunSteps, saveRunStep } from "@/lib/db/queries/runs";
import { log } from "@/lib/log";
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

/** An error as postgres.js raises it when the server has gone away. */
const connectionLost = () =>
  Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" });

it("a step retried after an error logs one warn line with its step, attempt and cause", async () => {
  const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
  try {
    const steps = new LocalSteps(runId, options);
    let calls = 0;
    const out = await steps.run("research:lisbon", async () => {
      if (++calls === 1) throw new Error("model answered 503");
      return { n: 1 };
    });
    expect(out).toEqual({ n: 1 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({
      stepId: "research:lisbon",
      attempt: 1,
      cause: "model answered 503",
    });
  } finally {
    warn.mockRestore();
  }
});

it("a database outage is waited out for more than 30 s before a step gives up (other errors: 4 attempts)", async () => {
  const waits: number[] = [];
  // The default backoff, recorded instead of slept: 1, 2, 4, 8, 8, 8, 8 s.
  const steps = new LocalSteps(runId, {
    ...options,
    backoffMs: undefined,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  let attempts = 0;
  const outage = steps.run("load", async () => {
    attempts++;
    throw connectionLost();
  });
  await expect(outage).rejects.toThrow("CONNECTION_CLOSED");
  expect(attempts).toBe(8);
  // 1 + 2 + 4 + 8 + 8 + 8 + 8 = 39 s of waiting: an outage of 30 s costs no step.
  expect(waits.reduce((a, b) => a + b, 0)).toBe(39_000);

  let other = 0;
  await expect(
    steps.run("rank", async () => {
      other++;
      throw new Error("bad answer");
    }),
  ).rejects.toThrow("bad answer");
  expect(other).toBe(MAX_ATTEMPTS);
});
