import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { type OfflineAssistantCall, OfflineAssistantModel } from "./assistant-model";

// A member asks for something no tool they have can do: the offline assistant says so and ends.
const prompt = [
  { role: "user", content: [{ type: "text", text: "Book us a flight" }] },
] as LanguageModelV4CallOptions["prompt"];

describe("the offline assistant's latency, priced per call", () => {
  it("tells the latency what the call is sent and answers, and streams the answer at the given pace", async () => {
    const seen: OfflineAssistantCall[] = [];
    const model = new OfflineAssistantModel({
      latencyMs: (call) => {
        seen.push(call);
        return 50;
      },
      outputTokenMs: 10,
    });
    const started = performance.now();
    const { stream } = await model.doStream({ prompt, tools: [] });
    const parts: { part: LanguageModelV4StreamPart; at: number }[] = [];
    for await (const part of stream as unknown as AsyncIterable<LanguageModelV4StreamPart>) {
      parts.push({ part, at: performance.now() - started });
    }

    // Sent: the message as JSON, [{"role":"user","content":[{"type":"text","text":"Book us a flight"}]}]
    // (71 characters), and no tools, [] (2): 73 characters ≈ 19 tokens.
    // Answered (no people named in the instructions, so no organizer's name): "Only the trip's organizer
    // can do that. Want me to ask them? … \"What we've agreed\" as an open question." (135 characters), then
    // complete_task (13) with {"summary":"Not allowed for this member: record_unmet_request","status":"blocked"} (82):
    // 230 characters ≈ 58 tokens.
    expect(seen).toEqual([{ inputTokens: 19, outputTokens: 58 }]);

    const firstWord = parts.find((p) => p.part.type === "text-delta");
    const end = parts.find((p) => p.part.type === "finish");
    const ended = parts.find((p) => p.part.type === "tool-call");
    expect(ended?.part).toMatchObject({ toolName: "complete_task" });
    // First word "Only " (5 characters, 1.25 tokens at 10 ms): 50 + 12.5 ms.
    expect(firstWord?.at).toBeGreaterThanOrEqual(62);
    // The whole answer: 50 ms, then 230 / 4 tokens × 10 ms = 575 ms (timers fire late, never early).
    expect(end?.at).toBeGreaterThanOrEqual(625);
    expect(end?.at).toBeLessThan(625 + 400);
  });
});
