/**
 * How long a Gemini call takes, per model, for the projection in bench/projection.ts.
 *
 * Sources: Artificial Analysis' public measurements of the Gemini API
 * (artificialanalysis.ai/models/gemini-2-5-flash and …/gemini-2-5-pro, 2025):
 * - 2.5 Flash: ≈ 270 output tokens/s; ≈ 0.4 s to the first token with thinking off;
 *   ≈ 11 s median to the first answer token with its default (dynamic) thinking.
 * - 2.5 Pro: ≈ 150 output tokens/s; ≈ 30 s to the first answer token (it always thinks).
 * Estimates, labelled as such (no public figure): Pro's first token under a small bounded
 * budget, before the thinking itself (2 s); the search a grounded call makes before it
 * answers (2 s); prefill of the prompt (≈ 10k input tokens/s).
 *
 * Thinking tokens are produced at the output speed before the answer; a bounded budget is
 * assumed to be spent in full (the worst case for a budget).
 */

export type ModelProfile = {
  /** First token with no thinking (or the smallest the model allows). */
  firstTokenMs: number;
  outputTokensPerSecond: number;
  /** First answer token with the model's default dynamic thinking (no budget set). */
  dynamicThinkingMs: number;
  /** The smallest budget the model accepts (Pro can't turn thinking off). */
  minThinkingBudget: number;
};

export const LATENCY_PROFILE: Record<string, ModelProfile> = {
  "gemini-2.5-flash": {
    firstTokenMs: 400,
    outputTokensPerSecond: 270,
    dynamicThinkingMs: 11_000,
    minThinkingBudget: 0,
  },
  "gemini-2.5-pro": {
    firstTokenMs: 2_000,
    outputTokensPerSecond: 150,
    dynamicThinkingMs: 30_000,
    minThinkingBudget: 128,
  },
};

const SEARCH_MS = 2_000;
const PREFILL_TOKENS_PER_SECOND = 10_000;

type ProjectedCall = {
  modelId: string;
  /** null = dynamic thinking (no budget set). */
  thinkingBudget: number | null;
  inputTokens: number;
  outputTokens: number;
  grounded: boolean;
};

/** Projected time of one call: first token, thinking, prefill, the answer at the model's speed, and a search when grounded. */
export function projectedCallMs(call: ProjectedCall): number {
  const stream = projectedStream(call);
  return stream.firstPartMs + call.outputTokens * stream.outputTokenMs;
}

/**
 * The same call as it streams: when its first part arrives (first token, thinking, prefill
 * and a search when grounded, before any of the answer), then each output token's time.
 */
export function projectedStream(call: Omit<ProjectedCall, "outputTokens">): {
  firstPartMs: number;
  outputTokenMs: number;
} {
  const profile = LATENCY_PROFILE[call.modelId];
  if (!profile) throw new Error(`No latency profile for ${call.modelId}: add one to bench/latency-profile.ts`);
  const perToken = 1000 / profile.outputTokensPerSecond;
  const first =
    call.thinkingBudget === null
      ? profile.dynamicThinkingMs
      : profile.firstTokenMs + Math.max(call.thinkingBudget, profile.minThinkingBudget) * perToken;
  return {
    firstPartMs: first + (call.inputTokens / PREFILL_TOKENS_PER_SECOND) * 1000 + (call.grounded ? SEARCH_MS : 0),
    outputTokenMs: perToken,
  };
}
