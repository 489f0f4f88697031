/**
 * Ask TripSync on the offline model, demo trip, in-memory PGlite: the time to the first
 * streamed part of an answer (p50/p95 over a read request), and a whole read → write →
 * read back → complete request (asking, then approving), p50/p95; and the size of the
 * instructions and of a turn's input in tokens (about four characters a token), which is
 * what a Gemini turn would be sent.
 */
import * as actions from "@/lib/actions";
import { offlineModels } from "@/lib/ai/models";
import { postAssistant } from "@/lib/assistant/http";
import { instructionsFor } from "@/lib/assistant/instructions";
import { closeDb } from "@/lib/db/client";
import { browser } from "@/test/browser";
import { percentile } from "./aggregation";

const ROUNDS = 20;

export async function benchAssistant(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  process.env.RATE_LIMIT_ASSISTANT = "100000/60";
  process.env.MODEL_BUDGET_TRIP_CALLS = "1000000";
  process.env.MODEL_BUDGET_TRIP_TOKENS = "1000000000";
  console.log(`\nassistant, offline model, demo trip: ${ROUNDS} rounds`);

  const organizer = browser();
  const demo = await actions.createDemoTrip(organizer.ctx, {});
  if (!demo.ok) throw new Error(demo.message);
  const tripId = demo.data.tripId;
  let promptChars = 0;
  let toolChars = 0;
  const models = offlineModels({ assistant: { onCall: () => {} } });
  const wrapped = {
    ...models,
    model: (role: Parameters<typeof models.model>[0]) => {
      const model = models.model(role) as unknown as {
        doStream: (o: { prompt: unknown; tools?: unknown }) => Promise<unknown>;
      };
      return new Proxy(model, {
        get(target, key) {
          if (key !== "doStream") return Reflect.get(target, key);
          return (o: { prompt: unknown; tools?: unknown }) => {
            // What a real model is sent: the messages and every tool's name, description and schema.
            const tools = JSON.stringify(o.tools ?? []).length;
            const total = JSON.stringify(o.prompt).length + tools;
            if (total > promptChars) [promptChars, toolChars] = [total, tools];
            return target.doStream(o);
          };
        },
      }) as unknown as ReturnType<typeof models.model>;
    },
  };

  const first: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const response = await postAssistant({
      ctx: organizer.ctx,
      tripId,
      body: { text: "What do we still disagree on?" },
      models: wrapped,
    });
    const reader = response.body?.getReader();
    let firstAt: number | null = null;
    while (reader) {
      const { done } = await reader.read();
      if (firstAt === null) firstAt = performance.now();
      if (done) break;
    }
    first.push((firstAt ?? performance.now()) - started);
    await settle();

    const writeStarted = performance.now();
    const asked = await (
      await postAssistant({
        ctx: organizer.ctx,
        tripId,
        body: { text: `Remember that we meet at the station at ${i + 7}` },
        models: wrapped,
      })
    ).text();
    await settle();
    const approvalId = /"approvalId":"([^"]+)"/.exec(asked)?.[1];
    await (
      await postAssistant({
        ctx: organizer.ctx,
        tripId,
        body: { approval: { id: approvalId, approved: true } },
        models: wrapped,
      })
    ).text();
    whole.push(performance.now() - writeStarted);
    await settle();
  }
  first.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  const line = (name: string, xs: number[], goal: number) =>
    console.log(
      `  ${name.padEnd(44)} p50 ${percentile(xs, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(xs, 95).toFixed(1).padStart(7)} ms  (goal p95 ≤ ${goal} ms)`,
    );
  line("first streamed part", first, 150);
  line("read → write → read back → complete", whole, 500);
  console.log(`  instructions: about ${Math.ceil(instructionsFor([]).length / 4)} tokens (goal ≤ 1,500)`);
  console.log(
    `  largest turn input sent to the model: about ${Math.ceil(promptChars / 4)} tokens (goal ≤ 16,000), of which the tools' schemas about ${Math.ceil(toolChars / 4)}`,
  );
  await closeDb();
}

/** The thread is stored just after the stream ends: the next message waits for it. */
async function settle() {
  await new Promise((r) => setTimeout(r, 20));
}
