/**
 * `npm run record:gemini -- --assistant`: records Gemini's streamed answers to the assistant's
 * evaluation set (test/assistant-evals.ts) into test/fixtures/gemini/assistant, one file per
 * row, on an in-memory database: each model call's chunks, the fingerprints of the tools and
 * instructions the request carried, and each id in a tool call's arguments as a reference into
 * the request (test/assistant-recordings.ts). With `--offline` (no key, no network) the offline
 * assistant answers each request instead, converted to Gemini's stream shape, and the files say
 * so. A row whose expectations the answers miss is listed; its file is written all the same
 * (the replayed set then fails on it, as Gemini would).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import type { LanguageModelV4, LanguageModelV4Content } from "@ai-sdk/provider";
import { geminiModels, type ModelSet } from "@/lib/ai/models";
import { OfflineAssistantModel } from "@/lib/ai/offline/assistant-model";
import { askRow, checkRow, EVAL_ROWS, evalTrip, rowKey, rowTitle } from "@/test/assistant-evals";
import {
  ASSISTANT_RECORDINGS,
  type AssistantRecording,
  chunksOf,
  type GeminiChunk,
  modelOf,
  offlineChunks,
  recordCall,
  recordingPath,
  resolveIdRefs,
  sse,
  stableJson,
} from "@/test/assistant-recordings";
import type { GeminiRequest } from "@/test/gemini-recordings";

export const OFFLINE_LABEL =
  "Written to Gemini's shape from the offline assistant without network access; `npm run record:gemini -- --assistant` with a key replaces it";

export async function recordAssistant({ apiKey, offline }: { apiKey?: string; offline: boolean }): Promise<void> {
  const calls: AssistantRecording["calls"] = [];
  /** Requests Gemini didn't answer (no network, a bad key, a quota): nothing is written then. */
  const failures: string[] = [];
  /** The offline assistant's answer to the call in flight (--offline). */
  let pending: LanguageModelV4Content[] = [];

  const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body)) as GeminiRequest["body"];
    let chunks: GeminiChunk[];
    let response: Response;
    if (offline) {
      chunks = offlineChunks(pending, body, modelOf(url));
      response = new Response(sse(chunks), { status: 200, headers: { "content-type": "text/event-stream" } });
    } else {
      response = await fetch(input, init).catch((err: Error) => {
        failures.push(`${url.split("?")[0]}: ${err.message}`);
        throw err;
      });
      if (!response.ok) {
        failures.push(`${url.split("?")[0]}: ${response.status} ${await response.clone().text()}`);
        return response;
      }
      chunks = chunksOf(await response.clone().text());
    }
    const call = recordCall(url, body, chunks);
    // The references must lead back to the very ids Gemini sent.
    if (stableJson(resolveIdRefs(call.chunks, body)) !== stableJson(chunks)) {
      throw new Error("an id reference does not resolve to the id it replaced");
    }
    calls.push(call);
    return response;
  };

  const gemini = geminiModels({ apiKey: apiKey ?? "offline", fetch: recordingFetch as typeof fetch });
  let models: ModelSet = gemini;
  if (offline) {
    // Gemini's own provider builds each request (so the fingerprints are of what Gemini would
    // get); the offline assistant decides the answer to the same call first.
    const assistant = new OfflineAssistantModel();
    const google = gemini.model("assistant") as LanguageModelV4;
    const answering: LanguageModelV4 = Object.create(google);
    answering.doStream = async (options) => {
      pending = (await assistant.doGenerate(options)).content;
      return google.doStream(options);
    };
    models = { ...gemini, model: (role) => (role === "assistant" ? answering : gemini.model(role)) };
  }

  const trip = await evalTrip();
  const missed: string[] = [];
  const recordings = new Map<string, AssistantRecording>();
  for (const i of EVAL_ROWS.keys()) {
    calls.length = 0;
    try {
      await checkRow(trip, i, await askRow(trip, i, models));
    } catch (err) {
      missed.push(`${rowTitle(i)}: ${(err as Error).message.split("\n")[0]}`);
    }
    const model = calls[0]?.model ?? "";
    recordings.set(rowKey(i), {
      recording: offline
        ? OFFLINE_LABEL
        : `Recorded from ${model} on ${new Date().toISOString()} by npm run record:gemini -- --assistant`,
      row: rowTitle(i),
      calls: [...calls],
    });
  }
  trip.restore();
  if (failures.length) {
    console.error(`Gemini didn't answer ${failures.length} request(s); nothing was changed. The first: ${failures[0]}`);
    process.exitCode = 1;
    return;
  }
  for (const [key, recording] of recordings) {
    writeFileSync(recordingPath(key), `${JSON.stringify(recording, null, 2)}\n`);
  }
  const keys = new Set(recordings.keys());
  // A row that is gone leaves no recording behind.
  for (const file of readdirSync(ASSISTANT_RECORDINGS)) {
    if (file.endsWith(".json") && !keys.has(file.slice(0, -5))) rmSync(recordingPath(file.slice(0, -5)));
  }
  // In the repository's JSON style, so `npm run lint` passes on them as written.
  execFileSync("npx", ["biome", "format", "--write", ASSISTANT_RECORDINGS], { stdio: "ignore" });
  console.log(`Recorded ${keys.size} rows of the assistant's evaluation set in ${ASSISTANT_RECORDINGS}.`);
  if (missed.length) {
    console.log(`${missed.length} row(s) missed their expectations (their files are written all the same):`);
    for (const m of missed) console.log(`  ${m}`);
  }
}
