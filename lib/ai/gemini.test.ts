import { expect, it } from "vitest";
import type { ModelRole } from "@/lib/ai/models";
import { SYSTEM } from "@/lib/ai/prompts";
import { listProgressEvents } from "@/lib/db/queries/runs";
import { withTestDatabase } from "@/test/db";
import { tripWithAnswers } from "@/test/fixtures";
import { GEMINI_GROUP } from "@/test/gemini-group";
import { recordedGemini } from "@/test/gemini-recordings";
import { runPipeline, storedOutcome, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * The Gemini side of the model switch, without network: @ai-sdk/google talks to a
 * `fetch` that answers with recorded Gemini REST responses (test/fixtures/gemini),
 * chosen by the agent's system prompt. The research answers carry `groundingMetadata`
 * from Google Search grounding; their sources must reach the cards.
 */

it("drives the whole pipeline through @ai-sdk/google, and grounding sources flow into the cards", async () => {
  const trip = await tripWithAnswers(GEMINI_GROUP);
  const gemini = recordedGemini();
  const run = await runPipeline(trip.tripId, testDeps({}, { models: gemini.models }));
  expect(run.status).toBe("succeeded");

  const { stored, violations, candidates } = await storedOutcome(trip.tripId, run.id);
  const pack = stored?.pack;
  if (pack?.status !== "ready") throw new Error(`expected options, got ${pack?.status}`);
  expect(violations).toEqual([]);
  for (const option of pack.options) {
    expect(option.verified).toBe(true);
    expect(option.sources).toEqual([
      {
        title: "lonelyplanet.com",
        url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQE1travel-guide",
      },
      {
        title: "wikivoyage.org",
        url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQF2tourism-board",
      },
    ]);
  }
  expect(pack.conflictReport.headline).toMatch(/food-and-culture city break/);

  // Research asked Google Search for grounding; structured calls asked for JSON; member text was delimited.
  const research = gemini.requests.filter((r) => r.body.systemInstruction?.parts[0]?.text === SYSTEM.researcher);
  expect(research.length).toBe(candidates.length);
  expect(research.every((r) => JSON.stringify(r.body.tools).includes("googleSearch"))).toBe(true);
  expect(gemini.requests.every((r) => r.url.startsWith("https://generativelanguage.googleapis.com/"))).toBe(true);
  const normalizer = gemini.requests.find((r) => r.body.systemInstruction?.parts[0]?.text === SYSTEM.normalizer);
  expect(JSON.stringify(normalizer?.body.contents)).toContain(
    "<member_text>Love long lunches and museums.</member_text>",
  );

  // Each role asks for its own thinking budget: none where it classifies or writes from facts, a bounded one to rank.
  const budgetOf = (role: ModelRole) =>
    gemini.requests.find((r) => r.body.systemInstruction?.parts[0]?.text === SYSTEM[role as keyof typeof SYSTEM])?.body
      .generationConfig?.thinkingConfig?.thinkingBudget;
  expect(budgetOf("guard")).toBe(0);
  expect(budgetOf("normalizer")).toBe(0);
  expect(budgetOf("card")).toBe(0);
  expect(budgetOf("ranker")).toBe(1024);
  expect(gemini.requests.every((r) => r.url.includes("/models/gemini-2.5-flash:"))).toBe(true);

  // Run details name the Gemini models and count their tokens.
  const finished = (await listProgressEvents({ runId: run.id })).filter((e) => e.kind === "finished");
  const models = new Set(finished.flatMap((e) => e.detail?.models ?? []));
  expect([...models].some((m) => m.startsWith("gemini-2.5-flash"))).toBe(true);
  expect(finished.find((e) => e.stepId === "rank")?.detail?.inputTokens).toBe(812);
});
