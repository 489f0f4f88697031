import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geminiModels } from "@/lib/ai/models";
import { ask } from "@/test/assistant";
import { askRow, checkRow, EVAL_ROWS, type EvalTrip, evalTrip, rowKey, rowTitle } from "@/test/assistant-evals";
import {
  ASSISTANT_RECORDINGS,
  chunksOf,
  type Declaration,
  declarationsOf,
  drift,
  fingerprints,
  geminiSchemaProblems,
  offlineChunks,
  readAssistantRecording,
  replayAssistant,
  resolveIdRefs,
  sse,
  withIdRefs,
} from "@/test/assistant-recordings";
import { withTestDatabase } from "@/test/db";
import type { GeminiRequest } from "@/test/gemini-recordings";

withTestDatabase();

/**
 * The assistant's evaluation set (test/assistant-evals.ts, the same rows and expectations as
 * the offline run) on Gemini's recorded answers: @ai-sdk/google builds each real request and
 * parses the recorded SSE stream (test/fixtures/gemini/assistant, one file per row).
 *
 * Drift only flags: a recording made with an older tool definition or older instructions is
 * listed in the report at the end, and the row still has to pass on it. It doesn't fail the
 * test because only a key and network can refresh a recording (`npm run record:gemini --
 * --assistant`), and a description reworded without one must not turn the suite red; a change
 * that does break the recorded answers (a renamed tool, a new required argument) fails its row.
 */

const replay = replayAssistant();
let trip: EvalTrip & { restore(): void };
const results = new Map<number, "passed" | "failed">();

beforeAll(async () => {
  trip = await evalTrip();
});

afterAll(() => {
  trip?.restore();
  console.log(report());
});

/** category: passed/total, then each recording whose request differs from what it was recorded with. */
function report(): string {
  const lines = ["The assistant's evaluation set on recorded Gemini answers:"];
  const categories = [...new Set(EVAL_ROWS.map((r) => r.category))];
  for (const category of categories) {
    const rows = [...EVAL_ROWS.keys()].filter((i) => EVAL_ROWS[i]?.category === category);
    const passed = rows.filter((i) => results.get(i) === "passed").length;
    lines.push(`  ${category}: ${passed}/${rows.length}`);
  }
  const passed = [...results.values()].filter((r) => r === "passed").length;
  lines.push(`  all: ${passed}/${EVAL_ROWS.length}`);
  const label = readAssistantRecording(rowKey(0))?.recording;
  if (label) lines.push(`Recordings: ${label}`);
  if (replay.flags.size === 0) lines.push("No recording was made with an older tool definition or older instructions.");
  else {
    lines.push(`Flagged (${replay.flags.size} recordings):`);
    for (const [key, flags] of replay.flags) lines.push(`  ${key}: ${flags.join("; ")}`);
  }
  return lines.join("\n");
}

describe("the assistant's evaluation set on recorded Gemini answers", () => {
  it("has one recording per row, and none for a row that isn't in the set", () => {
    const files = readdirSync(ASSISTANT_RECORDINGS).filter((f) => f.endsWith(".json"));
    const keys = [...EVAL_ROWS.keys()].map(rowKey);
    expect(new Set(keys).size).toBe(EVAL_ROWS.length);
    expect(files.map((f) => f.slice(0, -5)).sort()).toEqual([...keys].sort());
  });

  for (const i of EVAL_ROWS.keys()) {
    it(rowTitle(i), async () => {
      results.set(i, "failed");
      expect(readAssistantRecording(rowKey(i)), `no recording for ${rowKey(i)}`).not.toBeNull();
      replay.use(rowKey(i));
      const answer = await askRow(trip, i, replay.models);
      // Every recorded model call was asked for, and no more.
      const { made, recorded } = replay.calls();
      expect(made).toBe(recorded);
      await checkRow(trip, i, answer);
      results.set(i, "passed");
    });
  }

  it("flags exactly the recordings whose requests carried a tool whose description changed", () => {
    // The requests just replayed, with deleteContextEntry's description reworded as a change to the tool would.
    // Compared with their recordings: the flag for it, and nothing else the unchanged request wasn't already flagged for.
    const changed = "deleteContextEntry";
    const flag = `recorded with an older definition of ${changed}`;
    const flagged = new Set<string>();
    for (const { key, call, body } of replay.seen) {
      const reworded = structuredClone(body);
      for (const d of declarationsOf(reworded)) if (d.name === changed) d.description = `${d.description} Reworded.`;
      const before = drift(call, body);
      const after = drift(call, reworded);
      expect(after.filter((f) => f !== flag && !before.includes(f))).toEqual([]);
      if (after.includes(flag)) flagged.add(key);
    }
    // Which recordings carried it, read from the files' own fingerprints.
    const carried = [...EVAL_ROWS.keys()]
      .map(rowKey)
      .filter((key) => readAssistantRecording(key)?.calls.some((c) => changed in c.tools));
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.length).toBeLessThan(EVAL_ROWS.length);
    expect([...flagged].sort()).toEqual([...carried].sort());
    // By hand: "agreed" opens the area of the agreed entries, which holds it; a question about
    // one's budget opens no area and carries only the reads and the turn's own tools.
    expect(flagged.has("context--member--what-have-we-agreed-so-far")).toBe(true);
    expect(flagged.has("own-answers--member--what-s-my-budget")).toBe(false);
  });
});

describe("ids in recorded tool calls", () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  const body = (id: string): GeminiRequest["body"] => ({
    contents: [
      { role: "user", parts: [{ text: "Delete the entry about Friday" }] },
      {
        role: "user",
        parts: [{ functionResponse: { name: "readAgreed", response: { content: { entries: [{ entryId: id }] } } } }],
      },
    ],
  });
  const chunks = (id: string) => [
    { candidates: [{ content: { parts: [{ functionCall: { name: "deleteContextEntry", args: { entryId: id } } }] } }] },
  ];

  it("are kept as a reference to where the request first carried them, resolved in the next request", () => {
    const recorded = withIdRefs(chunks(uuid(1)), body(uuid(1)));
    expect(recorded[0]?.candidates?.[0]?.content?.parts[0]?.functionCall?.args).toEqual({
      entryId: { $idFrom: "/contents/1/parts/0/functionResponse/response/content/entries/0/entryId" },
    });
    // Replayed on another run, where the same entry has another id.
    expect(resolveIdRefs(recorded, body(uuid(2)))).toEqual(chunks(uuid(2)));
  });

  it("leave words that aren't ids as they are, and fail loudly when the request has no such place", () => {
    const words = [
      { candidates: [{ content: { parts: [{ functionCall: { name: "renameTrip", args: { name: "Lisbon" } } }] } }] },
    ];
    expect(withIdRefs(words, body(uuid(1)))).toEqual(words);
    const recorded = withIdRefs(chunks(uuid(1)), body(uuid(1)));
    expect(() => resolveIdRefs(recorded, { contents: [] })).toThrow(/not in this request/);
  });

  it("in the recorded deletion are references, not the recording run's ids", () => {
    const recording = readAssistantRecording("context--organizer--delete-the-entry-about-friday--approve");
    const deletion = readAssistantRecording("context--organizer--delete-the-entry-about-friday");
    const text = JSON.stringify([recording, deletion]);
    expect(text).toContain('"entryId":{"$idFrom":"/contents/');
    expect(text).not.toMatch(/"entryId":"[0-9a-f-]{36}"/);
  });

  it("stream as Gemini's SSE events, and are read back from them as recorded", () => {
    expect(sse(chunks("x"))).toBe(`data: ${JSON.stringify(chunks("x")[0])}\r\n\r\n`);
    expect(chunksOf(sse([...chunks("x"), ...chunks("y")]))).toEqual([...chunks("x"), ...chunks("y")]);
    // Line feeds alone, as some servers send them.
    expect(chunksOf(`data: {"responseId":"a"}\n\ndata: {"responseId":"b"}\n\n`)).toEqual([
      { responseId: "a" },
      { responseId: "b" },
    ]);
  });
});

describe("the requests the assistant sends Gemini", () => {
  it("declare every tool in the JSON Schema subset Gemini's function declarations accept", async () => {
    // Each person's whole tool set: a message that speaks of every area opens them all.
    const everyArea = "Fix my answers, the plan, a note, destinations, rename the trip, my devices";
    const sent = new Map<string, Declaration>();
    const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as GeminiRequest["body"];
      for (const d of declarationsOf(body)) sent.set(d.name, d);
      const end = [{ type: "tool-call", toolName: "complete_task", input: '{"summary":"Looked","status":"success"}' }];
      return new Response(sse(offlineChunks(end, body, "gemini-2.5-flash")), {
        headers: { "content-type": "text/event-stream" },
      });
    };
    const models = geminiModels({ apiKey: "schema-check", fetch: fetch as typeof globalThis.fetch });
    for (const who of ["organizer", "member"] as const) {
      const answer = await ask(trip.people[who], trip.tripId, everyArea, { models });
      expect(answer.tools.map((t) => t.name)).toEqual(["complete_task"]);
    }
    // Both roles' tools: the organizer's writes, a member's leaving, the turn's own four.
    for (const name of ["renameTrip", "deleteTrip", "leaveTrip", "savePreferences", "moveItineraryItem"]) {
      expect(sent.has(name)).toBe(true);
    }
    for (const name of ["complete_task", "ask_clarification", "record_unmet_request", "open_tools"]) {
      expect(sent.has(name)).toBe(true);
    }
    expect([...sent.values()].flatMap(geminiSchemaProblems)).toEqual([]);
  });

  it("would be refused for what Gemini refuses (the check itself)", () => {
    const declaration = (schema: Record<string, unknown>) => ({
      name: "pick",
      description: "Picks one.",
      parametersJsonSchema: { type: "object", properties: { choice: schema }, required: ["choice"] },
    });
    expect(geminiSchemaProblems(declaration({ type: "string", enum: ["a", "b"] }))).toEqual([]);
    expect(geminiSchemaProblems(declaration({ type: "integer", enum: [1, 2] }))).toEqual([
      "pick.choice: an enum of something other than strings",
    ]);
    expect(geminiSchemaProblems(declaration({ $ref: "#/$defs/Choice" }))).toEqual([
      'pick.choice: "$ref" is not in Gemini\'s schema subset',
      "pick.choice: no type",
    ]);
    expect(geminiSchemaProblems(declaration({ type: "integer", exclusiveMinimum: 0 }))).toEqual([
      'pick.choice: "exclusiveMinimum" is not in Gemini\'s schema subset',
    ]);
    expect(geminiSchemaProblems(declaration({ type: "array" }))).toEqual(["pick.choice: an array without items"]);
    expect(geminiSchemaProblems(declaration({ type: "string", format: "email" }))).toEqual([
      "pick.choice: format email",
    ]);
    expect(geminiSchemaProblems({ ...declaration({ type: "string" }), name: "pick one" })).toEqual([
      "pick one: the name isn't one Gemini accepts",
    ]);
  });
});

describe("what a replayed request is compared on", () => {
  const declaration = (name: string, description: string) => ({
    name,
    description,
    parametersJsonSchema: { type: "object", properties: {} },
  });
  const body = (instructions: string, ...tools: ReturnType<typeof declaration>[]): GeminiRequest["body"] => ({
    systemInstruction: { parts: [{ text: instructions }] },
    contents: [],
    tools: [{ functionDeclarations: tools }],
  });
  const recorded = fingerprints(body("Be brief.", declaration("readTrip", "Reads the trip."), declaration("x", "X.")));

  it("flags each difference: a reworded tool, one dropped, one added, other instructions", () => {
    expect(
      drift(recorded, body("Be brief.", declaration("readTrip", "Reads the trip."), declaration("x", "X."))),
    ).toEqual([]);
    // Keys in another order are the same declaration.
    const reordered = body("Be brief.", declaration("x", "X."));
    reordered.tools = [
      {
        functionDeclarations: [
          {
            parametersJsonSchema: { properties: {}, type: "object" },
            description: "Reads the trip.",
            name: "readTrip",
          },
          declaration("x", "X."),
        ],
      },
    ];
    expect(drift(recorded, reordered)).toEqual([]);
    expect(
      drift(recorded, body("Be brief.", declaration("readTrip", "Reads the whole trip."), declaration("x", "X."))),
    ).toEqual(["recorded with an older definition of readTrip"]);
    expect(
      drift(recorded, body("Be short.", declaration("readTrip", "Reads the trip."), declaration("y", "Y."))),
    ).toEqual([
      "recorded with x, which the request no longer carries",
      "recorded without y, which the request now carries",
      "recorded with older instructions",
    ]);
  });
});
