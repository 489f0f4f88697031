import { describe, expect, it } from "vitest";
import { projectedCallMs, projectedStream } from "./latency-profile";

describe("projected Gemini call times", () => {
  it("prices a flash call with thinking off as first token + prefill, then its answer at 270 tokens/s", () => {
    const call = { modelId: "gemini-2.5-flash", thinkingBudget: 0, inputTokens: 10_000, grounded: false };
    // 400 ms first token + 10,000 tokens / 10,000 per s = 1,000 ms prefill; 1,000 / 270 ≈ 3.704 ms a token.
    const stream = projectedStream(call);
    expect(stream.firstPartMs).toBeCloseTo(1_400, 6);
    expect(stream.outputTokenMs).toBeCloseTo(3.7037, 3);
    // 400 + 1,000 + 100 × 3.704 ≈ 370 ms of answer.
    expect(projectedCallMs({ ...call, outputTokens: 100 })).toBeCloseTo(1_770.37, 1);
  });

  it("puts a bounded budget's thinking and a grounded call's search before the first part", () => {
    // Pro: 2,000 ms + 1,024 thinking tokens at 150/s (6,826.7 ms) + 5,000 / 10,000 s prefill (500 ms) + 2,000 ms search.
    const stream = projectedStream({
      modelId: "gemini-2.5-pro",
      thinkingBudget: 1_024,
      inputTokens: 5_000,
      grounded: true,
    });
    expect(stream.firstPartMs).toBeCloseTo(11_326.67, 1);
    // Dynamic thinking: 11 s to the first answer token on flash, + 2,000 / 10,000 s prefill.
    const dynamic = projectedStream({
      modelId: "gemini-2.5-flash",
      thinkingBudget: null,
      inputTokens: 2_000,
      grounded: false,
    });
    expect(dynamic.firstPartMs).toBeCloseTo(11_200, 6);
  });
});
