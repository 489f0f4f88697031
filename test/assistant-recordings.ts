import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { geminiModels } from "@/lib/ai/models";
import { type GeminiRequest, RECORDINGS_DIR } from "@/test/gemini-recordings";

/**
 * Gemini's streamed answers to the assistant's evaluation set (test/assistant-evals.ts), one
 * file per row in test/fixtures/gemini/assistant (see its README): for each model call of the
 * row's turn, the `streamGenerateContent?alt=sse` chunks Gemini sent, and fingerprints of what
 * the request carried (each tool's declaration, the instructions), so a replay can say which
 * recordings were made with an older definition.
 */

export const ASSISTANT_RECORDINGS = path.join(RECORDINGS_DIR, "assistant");

/** One chunk of Gemini's SSE stream, as the REST API sends it. */
export type GeminiChunk = {
  candidates?: {
    content?: { role?: string; parts: GeminiPart[] };
    finishReason?: string;
    index?: number;
  }[];
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; totalTokenCount?: number };
  modelVersion?: string;
  responseId?: string;
};
export type GeminiPart = { text?: string; functionCall?: { name: string; args?: Record<string, unknown> } };

export type Fingerprints = {
  /** sha256 of the system instruction's text. */
  instructions: string;
  /** sha256 per tool name, over its description and parameters as sent (`tools[].functionDeclarations`). */
  tools: Record<string, string>;
};

export type RecordedCall = Fingerprints & {
  /** The model the request went to (from its URL). */
  model: string;
  /**
   * The chunks, with each id in a function call's arguments replaced by `{ "$idFrom": pointer }`:
   * a JSON pointer to where that id first appears (under an id-named field) in the request's
   * `contents`, resolved against the replayed request's body.
   */
  chunks: GeminiChunk[];
};

export type AssistantRecording = {
  /** Who recorded it, from which model and when, or that it was written without network. */
  recording: string;
  /** The evaluation row it answers (its title at recording time). */
  row: string;
  calls: RecordedCall[];
};

export type Declaration = { name: string; description?: string; parametersJsonSchema?: unknown; parameters?: unknown };

/** The function declarations a request carried. */
export function declarationsOf(body: GeminiRequest["body"]): Declaration[] {
  return ((body.tools ?? []) as { functionDeclarations?: Declaration[] }[]).flatMap(
    (t) => t.functionDeclarations ?? [],
  );
}

export function fingerprints(body: GeminiRequest["body"]): Fingerprints {
  const tools: Record<string, string> = {};
  for (const d of declarationsOf(body)) {
    tools[d.name] = sha256(
      stableJson({ description: d.description ?? "", parameters: d.parametersJsonSchema ?? d.parameters ?? null }),
    );
  }
  const instructions = sha256((body.systemInstruction?.parts ?? []).map((p) => p.text).join(""));
  return { instructions, tools };
}

/**
 * What differs between the request a recording answered and the request replayed now: a tool
 * both carry whose declaration changed, a tool only one of them carries, the instructions.
 */
export function drift(recorded: Fingerprints, body: GeminiRequest["body"]): string[] {
  const now = fingerprints(body);
  const flags: string[] = [];
  for (const [name, hash] of Object.entries(recorded.tools)) {
    if (!(name in now.tools)) flags.push(`recorded with ${name}, which the request no longer carries`);
    else if (now.tools[name] !== hash) flags.push(`recorded with an older definition of ${name}`);
  }
  for (const name of Object.keys(now.tools)) {
    if (!(name in recorded.tools)) flags.push(`recorded without ${name}, which the request now carries`);
  }
  if (now.instructions !== recorded.instructions) flags.push("recorded with older instructions");
  return flags;
}

const ID_FIELD = /^(id|key)$|(Id|Key)$/;

/** Each string under an id-named field in the request's contents, with the pointer to its first place. */
function idsIn(body: GeminiRequest["body"]): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, pointer: string, field: string) => {
    if (typeof value === "string") {
      if (ID_FIELD.test(field) && !found.has(value)) found.set(value, pointer);
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${pointer}/${i}`, field);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${escapePointer(k)}`, k);
    }
  };
  walk(body.contents, "/contents", "");
  return found;
}

/** The chunks with every id in a function call's arguments replaced by a reference into the request. */
export function withIdRefs(chunks: GeminiChunk[], body: GeminiRequest["body"]): GeminiChunk[] {
  const ids = idsIn(body);
  const refer = (value: unknown): unknown => {
    if (typeof value === "string") return ids.has(value) ? { $idFrom: ids.get(value) } : value;
    if (Array.isArray(value)) return value.map(refer);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, refer(v)]));
    }
    return value;
  };
  return mapCalls(chunks, (args) => refer(args) as Record<string, unknown>);
}

/** The chunks with every `{ "$idFrom": pointer }` replaced by what the pointer finds in this request. */
export function resolveIdRefs(chunks: GeminiChunk[], body: GeminiRequest["body"]): GeminiChunk[] {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === "object") {
      const ref = (value as { $idFrom?: unknown }).$idFrom;
      if (typeof ref === "string") {
        const found = atPointer(body, ref);
        if (typeof found !== "string") throw new Error(`The recorded id at ${ref} is not in this request`);
        return found;
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    }
    return value;
  };
  return mapCalls(chunks, (args) => resolve(args) as Record<string, unknown>);
}

function mapCalls(
  chunks: GeminiChunk[],
  map: (args: Record<string, unknown>) => Record<string, unknown>,
): GeminiChunk[] {
  return chunks.map((chunk) => ({
    ...chunk,
    candidates: chunk.candidates?.map((c) => ({
      ...c,
      content: c.content && {
        ...c.content,
        parts: c.content.parts.map((p) =>
          p.functionCall ? { ...p, functionCall: { ...p.functionCall, args: map(p.functionCall.args ?? {}) } } : p,
        ),
      },
    })),
  }));
}

function atPointer(root: unknown, pointer: string): unknown {
  let at = root;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The chunks as Gemini's streaming endpoint sends them (`alt=sse`). */
export function sse(chunks: GeminiChunk[]): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join("");
}

/** The chunks of an SSE body (the inverse of `sse`). */
export function chunksOf(body: string): GeminiChunk[] {
  return body
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5).trim()) as GeminiChunk);
}

/** The model a request went to: `…/models/<id>:streamGenerateContent…`. */
export function modelOf(url: string): string {
  return url.split("/models/")[1]?.split(":")[0] ?? "";
}

/** A recorded call: the request's fingerprints and the answer's chunks with their ids made references. */
export function recordCall(url: string, body: GeminiRequest["body"], chunks: GeminiChunk[]): RecordedCall {
  return { model: modelOf(url), ...fingerprints(body), chunks: withIdRefs(chunks, body) };
}

export function recordingPath(key: string): string {
  return path.join(ASSISTANT_RECORDINGS, `${key}.json`);
}

export function readAssistantRecording(key: string): AssistantRecording | null {
  const file = recordingPath(key);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as AssistantRecording) : null;
}

/**
 * @ai-sdk/google over a `fetch` that answers each assistant request from the recording of the
 * row set with `use(key)`, call by call, as Gemini's SSE stream; it writes nothing. Each
 * request's fingerprints are compared with the recording's: `flags` holds what differs, by row.
 * `seen` keeps each request with the call that answered it (the drift unit test reuses them).
 */
export function replayAssistant() {
  let key = "";
  let recording: AssistantRecording | null = null;
  let call = 0;
  const flags = new Map<string, string[]>();
  const seen: { key: string; call: RecordedCall; body: GeminiRequest["body"] }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as GeminiRequest["body"];
    const recorded = recording?.calls[call];
    call++;
    if (!recorded) {
      const message = recording
        ? `the recording ${key} has ${recording.calls.length} model call(s); this is call ${call}`
        : `no recording for ${key}`;
      return new Response(JSON.stringify({ error: { code: 400, message, status: "INVALID_ARGUMENT" } }), {
        status: 400,
        headers: { "content-type": "application/json" },
      });
    }
    if (!String(input).includes(":streamGenerateContent")) throw new Error(`not a streaming request: ${input}`);
    seen.push({ key, call: recorded, body });
    const found = drift(recorded, body);
    if (found.length) flags.set(key, [...new Set([...(flags.get(key) ?? []), ...found])]);
    return new Response(sse(resolveIdRefs(recorded.chunks, body)), {
      status: 200,
      headers: { "content-type": "text/event-stream" },
    });
  };
  return {
    models: geminiModels({ apiKey: "recorded", fetch: fetch as typeof globalThis.fetch }),
    /** Answers the next requests from this row's recording, from its first call. */
    use(next: string) {
      key = next;
      recording = readAssistantRecording(next);
      call = 0;
    },
    /** How many calls the current row made, and how many its recording holds. */
    calls: () => ({ made: call, recorded: recording?.calls.length ?? 0 }),
    flags,
    seen,
  };
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** JSON with object keys sorted, so a fingerprint doesn't depend on key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The offline assistant's answer to one call in Gemini's streamed shape (for files written
 * without network): its words a sentence a chunk, then its tool calls as `functionCall` parts
 * in the last chunk with `finishReason: "STOP"`, as Gemini sends them. Token counts are
 * estimated from length (4 characters a token): the prompt from the request body, the answer
 * from its words and calls.
 */
export function offlineChunks(
  content: (
    | { type: "text"; text: string }
    | { type: "tool-call"; toolName: string; input: string }
    | { type: string }
  )[],
  body: GeminiRequest["body"],
  model: string,
): GeminiChunk[] {
  const words = content.flatMap((c) => (c.type === "text" && "text" in c && c.text ? [c.text] : []));
  const calls: GeminiPart[] = content.flatMap((c) =>
    c.type === "tool-call" && "toolName" in c
      ? [{ functionCall: { name: c.toolName, args: JSON.parse(c.input || "{}") as Record<string, unknown> } }]
      : [],
  );
  const pieces = words.flatMap((text) => text.match(/[^.!?]+[.!?]*\s*/g) ?? [text]);
  const prompt = Math.ceil(
    JSON.stringify({ systemInstruction: body.systemInstruction, contents: body.contents, tools: body.tools }).length /
      4,
  );
  const answer = Math.ceil((words.join("").length + JSON.stringify(calls).length) / 4);
  // Stable across runs (the request holds run-specific ids): from the answer's words and tools.
  const responseId = `offline-${sha256(JSON.stringify([words, calls.map((c) => c.functionCall?.name)])).slice(0, 16)}`;
  const chunk = (parts: GeminiPart[]): GeminiChunk => ({
    candidates: [{ content: { role: "model", parts }, index: 0 }],
    modelVersion: model,
    responseId,
  });
  const chunks = pieces.map((text) => chunk([{ text }]));
  if (calls.length || chunks.length === 0) chunks.push(chunk(calls.length ? calls : [{ text: "" }]));
  const lastChunk = chunks.at(-1) as GeminiChunk;
  const candidate = lastChunk.candidates?.[0];
  if (candidate) candidate.finishReason = "STOP";
  lastChunk.usageMetadata = {
    promptTokenCount: prompt,
    candidatesTokenCount: answer,
    totalTokenCount: prompt + answer,
  };
  return chunks;
}

/**
 * What Gemini's function declarations accept, for `parametersJsonSchema` (what @ai-sdk/google
 * sends: the tool's JSON Schema as is, no conversion). Gemini documents this JSON Schema subset:
 * the types string, number, integer, boolean, object, array and null; title and description;
 * properties, required and additionalProperties; enum and format; minimum and maximum; items,
 * prefixItems, minItems and maxItems; anyOf; $ref with $defs.
 */
export const GEMINI_SCHEMA_KEYWORDS = new Set([
  "type",
  "title",
  "description",
  "properties",
  "required",
  "additionalProperties",
  "enum",
  "format",
  "minimum",
  "maximum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "anyOf",
]);

/**
 * Keywords zod writes that aren't in that list, each allowed for a reason: they only narrow what
 * a valid value is, and the action validates its input again (its field errors go back to the
 * model), so Gemini skipping them can't let a wrong value through. Anything else outside the
 * list (exclusiveMinimum, uniqueItems, oneOf, allOf, not, $ref...) is reported.
 */
export const TOLERATED_KEYWORDS: Record<string, string> = {
  $schema: "zod's draft marker at the root, names the dialect only",
  pattern: "string patterns (dates, times), checked again by the action",
  minLength: "string lengths, checked again by the action",
  maxLength: "string lengths, checked again by the action",
  const: "a literal (a branch of a union), checked again by the action",
  default: "an annotation; the action applies its own default",
};

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
/** The string formats Gemini documents, and one zod writes for ids that it doesn't (allowed for the same reason as above). */
const FORMATS = new Set(["date-time", "date", "time", "enum"]);
export const TOLERATED_FORMATS: Record<string, string> = {
  uuid: "ids the model copies from a tool's result; the action checks the id again",
};

/** Why Gemini would refuse (or misread) this declaration; empty when it's in the subset. */
export function geminiSchemaProblems(d: Declaration): string[] {
  const problems: string[] = [];
  if (!/^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(d.name)) problems.push(`${d.name}: the name isn't one Gemini accepts`);
  if (!d.description?.trim()) problems.push(`${d.name}: no description`);
  if (d.parameters !== undefined) problems.push(`${d.name}: sent as OpenAPI "parameters", not parametersJsonSchema`);
  const root = d.parametersJsonSchema as Record<string, unknown> | undefined;
  if (root?.type !== "object" || typeof root.properties !== "object") {
    problems.push(`${d.name}: the parameters are not an object with properties`);
  }
  const walk = (schema: unknown, at: string) => {
    if (!schema || typeof schema !== "object" || Array.isArray(schema)) {
      problems.push(`${d.name}${at}: not a schema`);
      return;
    }
    const s = schema as Record<string, unknown>;
    for (const key of Object.keys(s)) {
      if (GEMINI_SCHEMA_KEYWORDS.has(key) || key in TOLERATED_KEYWORDS) continue;
      problems.push(`${d.name}${at}: "${key}" is not in Gemini's schema subset`);
    }
    if (at !== "" && "$schema" in s) problems.push(`${d.name}${at}: "$schema" below the root`);
    const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
    for (const t of types) if (!TYPES.has(t as string)) problems.push(`${d.name}${at}: type ${String(t)}`);
    if (s.type === undefined && !Array.isArray(s.anyOf) && !("const" in s) && !Array.isArray(s.enum)) {
      problems.push(`${d.name}${at}: no type`);
    }
    if (Array.isArray(s.enum) && !s.enum.every((v) => typeof v === "string")) {
      problems.push(`${d.name}${at}: an enum of something other than strings`);
    }
    if (typeof s.format === "string" && !FORMATS.has(s.format) && !(s.format in TOLERATED_FORMATS))
      problems.push(`${d.name}${at}: format ${s.format}`);
    if (types.includes("array") && s.items === undefined) problems.push(`${d.name}${at}: an array without items`);
    if (s.properties && typeof s.properties === "object") {
      const names = Object.keys(s.properties);
      for (const r of (s.required as string[] | undefined) ?? []) {
        if (!names.includes(r)) problems.push(`${d.name}${at}: requires ${r}, which it doesn't define`);
      }
      for (const [name, sub] of Object.entries(s.properties)) walk(sub, `${at}.${name}`);
    }
    if (s.items !== undefined) walk(s.items, `${at}[]`);
    if (Array.isArray(s.anyOf)) for (const [i, sub] of s.anyOf.entries()) walk(sub, `${at}|${i}`);
    if (s.additionalProperties !== undefined && typeof s.additionalProperties !== "boolean") {
      walk(s.additionalProperties, `${at}{}`);
    }
  };
  if (root) walk(root, "");
  return problems;
}
