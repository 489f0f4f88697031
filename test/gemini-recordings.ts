import { existsSync, readFileSync } from "node:fs";
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

/** Which recording answers a request: by the agent's system prompt (and a card's destination). */
export function recordingFor(body: GeminiRequest["body"]): string | null {
  const system = body.systemInstruction?.parts.map((p) => p.text).join("") ?? "";
  const role = (Object.keys(SYSTEM) as (keyof typeof SYSTEM)[]).find((r) => SYSTEM[r] === system);
  if (!role) return null;
  // One recorded card per destination: the card writer's prompt names the slug it writes for.
  // Researching a place in the world (research, then extraction) is recorded per place too, in world/.
  const perSlug = role === "card" || role === "placeResearcher" || role === "extractor";
  const slug = perSlug ? /slug \\?"([a-z0-9-]+)/.exec(JSON.stringify(body.contents))?.[1] : undefined;
  if (role === "placeResearcher" || role === "extractor") return slug ? `world/${role}-${slug}.json` : null;
  return slug ? `card-${slug}.json` : `${role}.json`;
}

/**
 * @ai-sdk/google over a `fetch` that answers from the recordings, keeping every request.
 * `replace` may answer a request with another body (a page that tries to instruct the model).
 */
export function recordedGemini(
  replace?: (file: string, request: GeminiRequest) => unknown,
  /** A folder of recordings for another group (world/): its files answer first, the rest from here. */
  overlay?: string,
) {
  const requests: GeminiRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as GeminiRequest["body"];
    const request = { url: String(input), body };
    requests.push(request);
    const file = recordingFor(body);
    if (!file)
      return new Response(JSON.stringify({ error: { code: 400, message: "unknown prompt" } }), { status: 400 });
    const replaced = replace?.(file, request);
    const own = overlay ? path.join(RECORDINGS_DIR, overlay, file) : null;
    const recorded = replaced
      ? JSON.stringify(replaced)
      : readFileSync(own && existsSync(own) ? own : path.join(RECORDINGS_DIR, file), "utf8");
    return new Response(recorded, { status: 200, headers: { "content-type": "application/json" } });
  };
  return { requests, models: geminiModels({ apiKey: "test-key", fetch: fetch as typeof globalThis.fetch }) };
}

export function readRecording(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(RECORDINGS_DIR, file), "utf8"));
}
