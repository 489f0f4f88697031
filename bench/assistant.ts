/**
 * Ask TripSync, demo trip, in-memory PGlite.
 *
 * Offline: the time to the first streamed part of an answer a person sees (p50/p95 over a
 * read request), and a whole read → write → read back → complete request (asking, then
 * approving), p50/p95; and the size of the instructions and of a turn's input in tokens
 * (about four characters a token), which is what a Gemini turn would be sent.
 *
 * Projected on Gemini: the same requests on the offline assistant, each model call delayed
 * as the model playing the assistant role (`modelId("assistant")`, its thinking budget from
 * the role's settings) would take per bench/latency-profile.ts: its first part after first
 * token + prefill of what the call is sent (messages and tool declarations), then its
 * answer's tokens at the model's output speed. Unscaled, so everything the server does
 * (auth, loading the thread and the trip's context, tools, storing the thread) is measured
 * as it is. Figures only, never a pass/fail.
 */

import * as actions from "@/lib/actions";
import { type ModelSet, offlineModels } from "@/lib/ai/models";
import type { OfflineAssistantCall, OfflineAssistantOptions } from "@/lib/ai/offline/assistant-model";
import { classify, corpus, ready } from "@/lib/ai/offline/understanding";
import { postAssistant } from "@/lib/assistant/http";
import { instructionsFor } from "@/lib/assistant/instructions";
import { requireMember } from "@/lib/auth/guards";
import { closeDb } from "@/lib/db/client";
import { readEnv } from "@/lib/env";
import { waitForSaved } from "@/test/assistant";
import { browser } from "@/test/browser";
import { percentile } from "./aggregation";
import { projectedCallMs, projectedStream } from "./latency-profile";

const ROUNDS = 20;
/** Projected rounds take seconds each (real waits): fewer of them. */
const PROJECTED_ROUNDS = 10;
const SIMPLE = "What do we still disagree on?";

/** One round: a simple request (one read, then complete), then a write asked and approved. */
type Round = {
  /** To the first part with content the person sees (words, or a tool at work). */
  firstMs: number;
  simpleMs: number;
  simpleCalls: OfflineAssistantCall[];
  wholeMs: number;
  wholeCalls: OfflineAssistantCall[];
};

export async function benchAssistant(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  process.env.RATE_LIMIT_ASSISTANT = "100000/60";
  process.env.MODEL_BUDGET_TRIP_CALLS = "1000000";
  process.env.MODEL_BUDGET_TRIP_TOKENS = "1000000000";
  console.log(`\nassistant, offline model, demo trip: ${ROUNDS} rounds`);
  await understandingLoad();

  const sent = { promptChars: 0, toolChars: 0 };
  const offline = await rounds(ROUNDS, (onCall) => measuredModels(offlineModels({ assistant: { onCall } }), sent));
  const line = (name: string, xs: number[], goal: string) => {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms  (goal ${goal})`,
    );
  };
  line(
    "first streamed part",
    offline.map((r) => r.firstMs),
    "p95 ≤ 100 ms",
  );
  line(
    "read → write → read back → complete",
    offline.map((r) => r.wholeMs),
    "p95 ≤ 500 ms",
  );
  console.log(`  instructions: about ${Math.ceil(instructionsFor([]).length / 4)} tokens (goal ≤ 1,500)`);
  console.log(
    `  largest turn input sent to the model: about ${Math.ceil((sent.promptChars + sent.toolChars) / 4)} tokens (goal ≤ 16,000), of which the tools' schemas about ${Math.ceil(sent.toolChars / 4)}`,
  );

  const env = readEnv();
  const probe = offlineModels({ ids: { fast: env.GEMINI_FAST_MODEL, strong: env.GEMINI_STRONG_MODEL } });
  const gemini = {
    modelId: probe.modelId("assistant"),
    thinkingBudget: probe.settings("assistant").thinkingBudget,
    grounded: false,
  };
  const pace = (inputTokens: number) => projectedStream({ ...gemini, inputTokens });
  console.log(
    `\nassistant, projected on Gemini (bench/latency-profile.ts): ${gemini.modelId}, thinking budget ${gemini.thinkingBudget}, demo trip: ${PROJECTED_ROUNDS} rounds`,
  );
  const projected = await rounds(PROJECTED_ROUNDS, (onCall) =>
    offlineModels({
      ids: { fast: env.GEMINI_FAST_MODEL, strong: env.GEMINI_STRONG_MODEL },
      assistant: {
        latencyMs: (call) => pace(call.inputTokens).firstPartMs,
        outputTokenMs: pace(0).outputTokenMs,
        onCall,
      },
    }),
  );
  line(
    "first streamed part",
    projected.map((r) => r.firstMs),
    "p50 ≤ 1 s",
  );
  line(
    `simple request ("${SIMPLE}")`,
    projected.map((r) => r.simpleMs),
    "p50 ≤ 4 s",
  );
  line(
    "read → write → read back → complete",
    projected.map((r) => r.wholeMs),
    "—",
  );
  const callMs = (c: OfflineAssistantCall) => projectedCallMs({ ...gemini, ...c });
  // The first part a person sees is the first call's: its first token, the prefill of what it is
  // sent, and its few tokens (a tool call) — after the server's own work, which is the rest.
  const firstCalls = projected.map((r) => r.simpleCalls[0] as OfflineAssistantCall);
  const server = projected
    .map((r, i) => r.firstMs - callMs(firstCalls[i] as OfflineAssistantCall))
    .sort((a, b) => a - b);
  const firstInputs = firstCalls.map((c) => c.inputTokens);
  console.log(
    `  first part = server's own work (p50 ${percentile(server, 50).toFixed(0)} ms) + first token (${pace(0).firstPartMs.toFixed(0)} ms) + prefill of the first call's input (${firstInputs[0]} tokens in round 1 → ${firstInputs.at(-1)} in round ${PROJECTED_ROUNDS}, as the thread grows)`,
  );
  console.log(
    `  with a turn's input at its 16,000-token cap the first part would take about ${((percentile(server, 50) + pace(16_000).firstPartMs) / 1000).toFixed(1)} s`,
  );
  const breakdown = (name: string, pick: (r: Round) => { ms: number; calls: OfflineAssistantCall[] }) => {
    const counts = [...new Set(projected.map((r) => pick(r).calls.length))].sort((a, b) => a - b);
    const middle = Math.floor(projected.length / 2);
    const { ms, calls } = pick(projected[middle] as Round);
    const each = calls.map((c) => `${c.inputTokens} in / ${c.outputTokens} out ${(callMs(c) / 1000).toFixed(2)} s`);
    const models = calls.reduce((t, c) => t + callMs(c), 0);
    console.log(`  ${name}: ${counts.join(" or ")} model calls; in round ${middle + 1}: ${each.join(" → ")}`);
    console.log(
      `  ${"".padEnd(name.length)}  the model calls ${(models / 1000).toFixed(2)} s of its ${(ms / 1000).toFixed(2)} s; the rest is the server's own work`,
    );
  };
  breakdown("simple request", (r) => ({ ms: r.simpleMs, calls: r.simpleCalls }));
  breakdown("read → write → read back → complete", (r) => ({ ms: r.wholeMs, calls: r.wholeCalls }));
  await closeDb();
}

/** `count` rounds on a new demo trip's organizer (one thread that grows, as a person's does). */
async function rounds(
  count: number,
  models: (onCall: NonNullable<OfflineAssistantOptions["onCall"]>) => ModelSet,
): Promise<Round[]> {
  const organizer = browser();
  const demo = await actions.createDemoTrip(organizer.ctx, {});
  if (!demo.ok) throw new Error(demo.message);
  const tripId = demo.data.tripId;
  const { member } = await requireMember(organizer.ctx, tripId);
  // The thread is stored just after the stream ends: the next message waits for it.
  const settle = () => waitForSaved(tripId, member.id);
  let calls: OfflineAssistantCall[] = [];
  const set = models((call) => calls.push({ inputTokens: call.inputTokens, outputTokens: call.outputTokens }));
  const post = (body: unknown) => postAssistant({ ctx: organizer.ctx, tripId, body, models: set });

  const out: Round[] = [];
  for (let i = 0; i < count; i++) {
    calls = [];
    const started = performance.now();
    const { firstAt } = await readStream(await post({ text: SIMPLE }));
    const simpleMs = performance.now() - started;
    const simpleCalls = calls;
    await settle();

    calls = [];
    const writeStarted = performance.now();
    const asked = await readStream(await post({ text: `Remember that we meet at the station at ${i + 7}` }));
    await settle();
    const approvalId = /"approvalId":"([^"]+)"/.exec(asked.text)?.[1];
    await readStream(await post({ approval: { id: approvalId, approved: true } }));
    out.push({
      firstMs: (firstAt ?? performance.now()) - started,
      simpleMs,
      simpleCalls,
      wholeMs: performance.now() - writeStarted,
      wholeCalls: calls,
    });
    await settle();
  }
  return out;
}

/**
 * Reads a UI message stream to its end, noting when the first part with content arrived: words,
 * or a tool (the panel shows "Working: …" from its first part). The stream's start and step
 * markers, and empty text, show nothing.
 */
async function readStream(response: Response): Promise<{ text: string; firstAt: number | null }> {
  if (!response.ok) throw new Error(`The assistant refused the request: ${response.status} ${await response.text()}`);
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let firstAt: number | null = null;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (firstAt === null && hasContent(text)) firstAt = performance.now();
  }
  if (!text.includes('"type":"finish"')) throw new Error(`The answer did not finish: ${text.slice(-300)}`);
  return { text, firstAt };
}

function hasContent(stream: string): boolean {
  for (const line of stream.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    let part: { type?: string; delta?: string };
    try {
      part = JSON.parse(line.slice(6));
    } catch {
      continue; // the rest of this part is in the next chunk
    }
    const type = part.type ?? "";
    if ((type === "text-delta" || type === "reasoning-delta") && part.delta) return true;
    if (type.startsWith("tool-")) return true;
  }
  return false;
}

/** Notes the largest input a call is sent: the messages and every tool's name, description and schema. */
function measuredModels(models: ModelSet, sent: { promptChars: number; toolChars: number }): ModelSet {
  return {
    ...models,
    model: (role) => {
      const model = models.model(role) as unknown as {
        doStream: (o: { prompt: unknown; tools?: unknown }) => Promise<unknown>;
      };
      return new Proxy(model, {
        get(target, key) {
          if (key !== "doStream") return Reflect.get(target, key);
          return (o: { prompt: unknown; tools?: unknown }) => {
            const tools = JSON.stringify(o.tools ?? []).length;
            const prompt = JSON.stringify(o.prompt).length;
            if (prompt + tools > sent.promptChars + sent.toolChars)
              Object.assign(sent, { promptChars: prompt, toolChars: tools });
            return target.doStream(o);
          };
        },
      }) as unknown as ReturnType<ModelSet["model"]>;
    },
  };
}

/**
 * What loading the offline understanding adds to a server's start (training its classifier
 * from the registry's examples, once per process) and to its memory.
 */
async function understandingLoad(): Promise<void> {
  const before = process.memoryUsage();
  const started = performance.now();
  await ready();
  const ms = performance.now() - started;
  await classify("who is coming?");
  const after = process.memoryUsage();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `  understanding: trained in ${ms.toFixed(0)} ms at first use (goal ≤ 1,000 ms), ${corpus().size} intents; memory +${mb(after.rss - before.rss)} MB resident, +${mb(after.heapUsed - before.heapUsed)} MB heap (goal ≤ 50 MB)`,
  );
}
