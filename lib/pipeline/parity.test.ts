import { InngestTestEngine } from "@inngest/test";
import { NonRetriableError } from "inngest";
import { expect, it } from "vitest";
import { createRecommendationsFunction, inngestSteps } from "@/inngest/functions";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun, listProgressEvents } from "@/lib/db/queries/runs";
import { PermanentError } from "@/lib/errors";
import { MAX_ATTEMPTS } from "@/lib/pipeline/steps";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * One workflow, two engines: the same input through the local durable runner and
 * through the real Inngest function (executed by @inngest/test, which runs the real
 * step code) stores identical recommendations.
 */
it("the local runner and the Inngest function store identical recommendations", async () => {
  const trip = await tripWithAnswers([
    { name: "Olga", answers: answers({ vibes: ["food", "culture"], dietary: ["vegetarian"] }) },
    { name: "Ben", answers: answers({ vibes: ["beach", "food"], budget: { min: 700, max: 1800, hardLimit: true } }) },
    { name: "Cleo", answers: null },
  ]);

  const local = await runPipeline(trip.tripId);
  expect(local.status).toBe("succeeded");
  const viaLocal = await latestRecommendations({ tripId: trip.tripId });

  const { run } = await createRunOrGetActive({
    tripId: trip.tripId,
    kind: "recommendations",
    engine: "inngest",
    requestedBy: null,
  });
  const engine = new InngestTestEngine({
    function: createRecommendationsFunction(() => testDeps()),
    events: [{ name: "trip/recommendations.requested", data: { tripId: trip.tripId, runId: run.id } }],
  });
  const { result, error } = await engine.execute();
  expect(error).toBeUndefined();
  expect(result).toMatchObject({ recommendationId: expect.any(String) });
  expect((await getRun({ runId: run.id }))?.status).toBe("succeeded");
  const viaInngest = await latestRecommendations({ tripId: trip.tripId });

  expect(viaInngest?.runId).toBe(run.id);
  expect(viaInngest?.id).not.toBe(viaLocal?.id);
  expect(viaInngest?.pack.status).toBe("ready");
  expect(viaInngest?.pack).toEqual(viaLocal?.pack);
  expect(viaInngest?.decisionLog.map((d) => [d.agent, d.outputSummary])).toEqual(
    viaLocal?.decisionLog.map((d) => [d.agent, d.outputSummary]),
  );
  // Progress rows are written by the same step code on Inngest too.
  const stages = (await listProgressEvents({ runId: run.id })).map((e) => `${e.stepId}/${e.kind}`);
  expect(stages).toContain("store/finished");
});

it("on Inngest a permanent failure becomes NonRetriableError (no retries); anything else stays retryable", async () => {
  const step = { run: <T>(_id: string, fn: () => Promise<T>) => fn() };
  const steps = inngestSteps(step, 0);
  await expect(
    steps.run("rank", async () => {
      throw new PermanentError("model:invalid-output", "The AI model kept answering in a shape we can't use.");
    }),
  ).rejects.toBeInstanceOf(NonRetriableError);
  const flaky = new Error("HTTP 503");
  await expect(
    steps.run("rank", async () => {
      throw flaky;
    }),
  ).rejects.toBe(flaky);
  // Inngest counts attempts from 0; the workflow sees them from 1, like on the local runner.
  expect(await inngestSteps(step, 2).run("x", async (attempt) => attempt)).toBe(3);
});

it("the Inngest function retries like the local runner and runs one trip at a time", () => {
  const { opts } = createRecommendationsFunction(() => testDeps());
  expect(opts).toMatchObject({
    id: "generate-recommendations",
    retries: MAX_ATTEMPTS - 1,
    concurrency: { key: "event.data.tripId", limit: 1 },
  });
  expect(typeof opts.onFailure).toBe("function");
});
