import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { geminiModels } from "@/lib/ai/models";
import { SYSTEM } from "@/lib/ai/prompts";

/**
 * Gemini REST responses for GEMINI_GROUP (test/gemini-group.ts), one file per agent role
 * (a card per destination), in test/fixtures/gemini: see its README for what they are and
 * how `npm run record:gemini` records them again with a key.
 */

export const RECORDINGS_DIR = path.join(process.cwd(), "test/fixtures/gemini");

export type GeminiRequest = {
  url: string;
  body: {
    systemInstruction?: { parts: { text: string }[] };
    contents: unknown[];
    tools?: unknown[];
    generationConfig?: { thinkingConfig?: { thinkingBudget?: number } };
  };
};

/** The roles that research a place in the world (lib/agents/place-research.ts), answered from world/<role>-<slug>.json. */
const WORLD_ROLES = new Set<keyof typeof SYSTEM>([
  "placeResearcher",
  "extractor",
  "activityExtractor",
  "mealExtractor",
]);

/** Which recording answers a request: by the agent's system prompt (and a card's destination). */
export function recordingFor(body: GeminiRequest["body"]): string | null {
  const role = roleOf(body);
  if (!role) return null;
  // One recorded card per destination: the card writer's prompt names the slug it writes for.
  // Researching a place in the world (research, then the three extractions) is recorded per place too, in world/.
  const world = WORLD_ROLES.has(role);
  const slug = role === "card" || world ? /slug \\?"([a-z0-9-]+)/.exec(JSON.stringify(body.contents))?.[1] : undefined;
  if (world) return slug ? `world/${role}-${slug}.json` : null;
  return slug ? `card-${slug}.json` : `${role}.json`;
}

/** What a recorded call took, for the latency projection (bench/projection.ts). */
export type RecordedCall = {
  role: keyof typeof SYSTEM;
  startedAt: number;
  endedAt: number;
  inputTokens: number;
  outputTokens: number;
};

/** The agent role whose system prompt the request carries. */
function roleOf(body: GeminiRequest["body"]): keyof typeof SYSTEM | undefined {
  const system = body.systemInstruction?.parts.map((p) => p.text).join("") ?? "";
  return (Object.keys(SYSTEM) as (keyof typeof SYSTEM)[]).find((r) => SYSTEM[r] === system);
}

/**
 * @ai-sdk/google over a `fetch` that answers from the recordings, keeping every request.
 * `replace` may answer a request with another body (a page that tries to instruct the model), or
 * with a whole `Response` (an outage).
 * `overlay` is a folder of recordings for another group (world/): its files answer first, the
 * rest from here. `latencyMs`, given the call's role and recorded token counts, delays each
 * answer, and `onCall` sees each call's timing (the benchmark's projection).
 */
export function recordedGemini(
  replace?: (file: string, request: GeminiRequest) => unknown,
  options: {
    overlay?: string;
    latencyMs?: (call: Pick<RecordedCall, "role" | "inputTokens" | "outputTokens">) => number;
    onCall?: (call: RecordedCall) => void;
  } = {},
) {
  const requests: GeminiRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const startedAt = performance.now();
    const body = JSON.parse(String(init?.body)) as GeminiRequest["body"];
    const request = { url: String(input), body };
    requests.push(request);
    const file = recordingFor(body);
    if (!file)
      return new Response(JSON.stringify({ error: { code: 400, message: "unknown prompt" } }), { status: 400 });
    const replaced = replace?.(file, request);
    // A replacement may be a whole response (an outage: a 503).
    if (replaced instanceof Response) return replaced;
    const own = options.overlay
      ? path.join(RECORDINGS_DIR, options.overlay, overlayFile(options.overlay, file, body))
      : null;
    const recorded = replaced
      ? JSON.stringify(replaced)
      : readFileSync(own && existsSync(own) ? own : path.join(RECORDINGS_DIR, file), "utf8");
    if (options.latencyMs || options.onCall) {
      const role = roleOf(body) as keyof typeof SYSTEM;
      const usage = (
        JSON.parse(recorded) as { usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number } }
      ).usageMetadata;
      const tokens = { inputTokens: usage?.promptTokenCount ?? 0, outputTokens: usage?.candidatesTokenCount ?? 0 };
      const wait = options.latencyMs?.({ role, ...tokens }) ?? 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      options.onCall?.({ role, startedAt, endedAt: performance.now(), ...tokens });
    }
    return new Response(recorded, { status: 200, headers: { "content-type": "application/json" } });
  };
  return { requests, models: geminiModels({ apiKey: "test-key", fetch: fetch as typeof globalThis.fetch }) };
}

/**
 * The overlay's file for a request. The shortlist is asked twice when a place is researched:
 * first over the catalog alone (the first cards don't wait for the research), then with the
 * place. The first asking, which names no place the overlay has a card for, is answered by
 * `ranker-catalog.json` (the overlay's ranking without the researched place; see the README).
 */
function overlayFile(overlay: string, file: string, body: GeminiRequest["body"]): string {
  if (file !== "ranker.json") return file;
  const dir = path.join(RECORDINGS_DIR, overlay);
  const researched = readdirSync(dir).flatMap((f) => /^card-(.+)\.json$/.exec(f)?.[1] ?? []);
  const prompt = JSON.stringify(body.contents);
  const catalogOnly = !researched.some((slug) => prompt.includes(slug));
  return catalogOnly && existsSync(path.join(dir, "ranker-catalog.json")) ? "ranker-catalog.json" : file;
}

export function readRecording(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(RECORDINGS_DIR, file), "utf8"));
}

/**
 * What a page might bring in, planted by the tests on top of the recorded activities for São
 * Miguel (the recording itself stays as Gemini answered): a price with no source (Caldeira
 * Velha, `costSource` 0), a venue citing a source that doesn't exist (Gruta do Carvão,
 * `source` 9), and a venue put in a part of the day it is closed (the Gorreana Tea Factory,
 * open 09:00–18:00, in the evening). Answers only that file; pass it as `replace`.
 */
export function withPlantedFaults(file: string): unknown {
  if (file !== "world/activityExtractor-sao-miguel-azores-pt.json") return undefined;
  const recording = readRecording(file) as { candidates: { content: { parts: { text: string }[] } }[] };
  const part = recording.candidates[0]?.content.parts[0];
  if (!part) throw new Error("no answer in the recording");
  const answer = JSON.parse(part.text) as {
    activities: { title: string; source: number; costSource: number; bestTime: string }[];
  };
  const planted = (title: string, change: Partial<(typeof answer.activities)[number]>) => {
    const activity = answer.activities.find((a) => a.title === title);
    if (!activity) throw new Error(`the recording has no "${title}": re-check the planted faults after re-recording`);
    Object.assign(activity, change);
  };
  planted("Caldeira Velha thermal waterfall", { costSource: 0 });
  planted("Gruta do Carvão lava tube", { source: 9 });
  planted("Gorreana Tea Factory", { bestTime: "evening" });
  part.text = JSON.stringify(answer);
  return recording;
}
