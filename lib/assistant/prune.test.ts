import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { summarizeOld } from "./loop";

describe("what older turns send the model", () => {
  const long = `What we've agreed (30):\n${"- Decided: We meet at the station\n".repeat(30)}`;
  const thread = [
    { id: "1", role: "user", parts: [{ type: "text", text: "What have we agreed?" }] },
    {
      id: "2",
      role: "assistant",
      parts: [
        { type: "tool-readAgreed", toolCallId: "c1", state: "output-available", input: {}, output: { ok: true } },
        { type: "text", text: long },
      ],
    },
    { id: "3", role: "user", parts: [{ type: "text", text: "And now?" }] },
    { id: "4", role: "assistant", parts: [{ type: "text", text: long }] },
  ] as UIMessage[];

  const textOf = (m: UIMessage | undefined, i: number) => (m?.parts[i] as { text?: string } | undefined)?.text;

  it("sends an older reply's first 400 characters and its tools as one line; the latest turn whole", () => {
    const sent = summarizeOld(thread);
    const older = sent[1]?.parts ?? [];
    expect(older[0]).toMatchObject({ output: { summary: "readAgreed ran" } });
    // 24 + 30 × 34 = 1,044 characters, cut to 400 and an ellipsis.
    expect(long).toHaveLength(1044);
    expect(textOf(sent[1], 1)).toBe(`${long.slice(0, 400)}…`);
    expect(textOf(sent[3], 0)).toBe(long);
    // The stored thread is untouched.
    expect(textOf(thread[1], 1)).toBe(long);
  });

  it("sends the last six of the person's messages with their answers, however long the thread", () => {
    // 10 exchanges: user messages "q0".."q9", answers "a0".."a9". The last six questions are q4..q9,
    // so the model gets 12 messages starting at q4.
    const long10 = Array.from({ length: 10 }, (_, n) => [
      { id: `u${n}`, role: "user", parts: [{ type: "text", text: `q${n}` }] },
      { id: `a${n}`, role: "assistant", parts: [{ type: "text", text: `a${n}` }] },
    ]).flat() as UIMessage[];
    const sent = summarizeOld(long10);
    expect(sent.map((m) => m.id)).toEqual(["u4", "a4", "u5", "a5", "u6", "a6", "u7", "a7", "u8", "a8", "u9", "a9"]);
    // A short thread goes whole.
    expect(summarizeOld(long10.slice(0, 4)).map((m) => m.id)).toEqual(["u0", "a0", "u1", "a1"]);
  });
});
