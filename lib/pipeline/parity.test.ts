import { NonRetriableError } from "inngest";
import { expect, it } from "vitest";
import { createWorkflowFunction, inngestSteps } from "@/inngest/functions";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun, listProgressEvents } from "@/lib/db/queries/runs";
import { PermanentError } from "@/lib/errors";
import { MAX_ATTEMPTS } from "@/lib/pipeline/steps";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { driveInngestFunction } from "@/test/inngest-driver";
import { planningTrip, runItinerary } from "@/test/itinerary";
import { runPipeline, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * One workflow, two engines: the same input through the local durable runner and
 * through the real Inngest function (driven one step per request, as the Inngest server
 * does, running the real step code) stores identical recommendations.
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
  const { result, error } = await driveInngestFunction(
    createWorkflowFunction(() => testDeps()),
    {
      name: "trip/run.requested",
      data: { tripId: trip.tripId, runId: run.id, kind: "recommendations" },
    },
  );
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
}, 90_000);

it("on Inngest a permanent failure becomes NonRetriableError (no retries); anything else stays retryable", async () => {
  const step = { run: <T>(_id: string, fn: () => Promise<T>) => fn() };
  const steps = inngestSteps(step, 0);
  await expect(
    steps.run("rank", async () => {
      throw new PermanentError("model:invalid-output", "The AI model kept answering in a shape we can't use.");
    }),
  ).rejects.toBeInstanceOf(NonRetriableError);
  const flaky = new Error("HTTP 503");
  const thrown = await steps
    .run("rank", async () => {
      throw flaky;
    })
    .catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Error);
  expect(thrown).not.toBeInstanceOf(NonRetriableError);
  // Inngest counts attempts from 0; the workflow sees them from 1, like on the local runner.
  expect(await inngestSteps(step, 2).run("x", async (attempt) => attempt)).toBe(3);
});

it("a step error sent back to Inngest carries a message fit to show, never SQL, values or a stack", async () => {
  const step = { run: <T>(_id: string, fn: () => Promise<T>) => fn() };
  const database = Object.assign(
    new Error('Failed query: select * from members where trip_id = $1\nparams: 8b3c,"vegan","wheelchair"'),
    {
      name: "DrizzleQueryError",
      cause: Object.assign(new Error("invalid input syntax for type uuid"), { code: "22P02" }),
    },
  );
  const thrown = (await inngestSteps(step, 0)
    .run("load-preferences", async () => {
      throw database;
    })
    .catch((error: unknown) => error)) as Error;
  const sent = JSON.stringify({ name: thrown.name, message: thrown.message, stack: thrown.stack, cause: thrown.cause });
  for (const leak of ["select", "params", "vegan", "wheelchair", "uuid", "    at "]) expect(sent).not.toContain(leak);
  expect(thrown.message).toMatch(/try again/i);
});

it("the Inngest function retries like the local runner and runs one trip at a time", () => {
  const { opts } = createWorkflowFunction(() => testDeps());
  expect(opts).toMatchObject({
    id: "run-trip-workflow",
    retries: MAX_ATTEMPTS - 1,
    concurrency: { key: "event.data.tripId", limit: 1 },
  });
  expect(typeof opts.onFailure).toBe("function");
});

it("the itinerary workflow stores the same plan on both engines", async () => {
  const group = [
    MemberPreferences.parse(
      answers({ vibes: ["food", "culture"], dietary: ["vegetarian"], pace: "relaxed", origin: "Boston" }),
    ),
    MemberPreferences.parse(answers({ vibes: ["city"], accessibility: ["step-free"], origin: "Chicago" })),
  ];
  const trip = await planningTrip(group, { slug: "paris", start: "2027-05-10", end: "2027-05-13" });
  const local = await runItinerary(trip.tripId);
  expect(local.status).toBe("succeeded");
  const viaLocal = await currentItinerary({ tripId: trip.tripId });

  const { run } = await createRunOrGetActive({
    tripId: trip.tripId,
    kind: "itinerary",
    engine: "inngest",
    requestedBy: null,
  });
  const { result, error } = await driveInngestFunction(
    createWorkflowFunction(() => testDeps()),
    {
      name: "trip/run.requested",
      data: { tripId: trip.tripId, runId: run.id, kind: "itinerary" },
    },
  );
  expect(error).toBeUndefined();
  expect(result).toMatchObject({ version: 2 });
  const viaInngest = await currentItinerary({ tripId: trip.tripId });
  expect(viaInngest?.runId).toBe(run.id);
  expect(viaInngest?.itinerary).toEqual(viaLocal?.itinerary);
  expect(viaInngest?.decisionLog.map((d) => [d.agent, d.outputSummary])).toEqual(
    viaLocal?.decisionLog.map((d) => [d.agent, d.outputSummary]),
  );
});
