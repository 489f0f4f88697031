import { createGoogle } from "@ai-sdk/google";
import type { LanguageModel, ToolSet } from "ai";
import pLimit from "p-limit";
import { OfflineAssistantModel, type OfflineAssistantOptions } from "@/lib/ai/offline/assistant-model";
import { OfflineModel, type OfflineModelOptions } from "@/lib/ai/offline/model";
import { readEnv } from "@/lib/env";

/**
 * The one place models come from. Agents ask for a role; the set decides which model
 * plays it, how much it may think and how long it may take: Gemini when
 * `GOOGLE_GENERATIVE_AI_API_KEY` is set, otherwise the offline planner that answers from
 * our catalog. Tests and benchmarks pass their own set (an offline model with latency or
 * faults, or Gemini over a recorded `fetch`).
 */

export const MODEL_ROLES = [
  "guard",
  "normalizer",
  "explainer",
  "planner",
  "researcher",
  "ranker",
  "card",
  "writer",
  "polisher",
  "coster",
  "extractor",
  "assistant",
] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

export type ModelTier = "fast" | "strong";

export type RoleSettings = {
  /** Which configured model plays it (`GEMINI_FAST_MODEL` / `GEMINI_STRONG_MODEL`). */
  tier: ModelTier;
  /** Thinking tokens it may spend (Gemini `thinkingBudget`): 0 where it classifies, extracts or rewords. */
  thinkingBudget: number;
  /** Per call: a slower call is aborted and fails into the step's retry. */
  timeoutMs: number;
  /** Why this setting (the README's table is generated from nothing else). */
  why: string;
};

/**
 * Each role's model, thinking and time limit, chosen for its task. Thinking is what makes
 * Gemini slow (dynamic thinking ≈ 11 s before the first token on 2.5 Flash), so only the
 * one real judgement — which destinations, in what order — gets a bounded budget.
 */
export const ROLE_SETTINGS: Record<ModelRole, RoleSettings> = {
  guard: { tier: "fast", thinkingBudget: 0, timeoutMs: 8_000, why: "classifies member text as safe or not" },
  normalizer: {
    tier: "fast",
    thinkingBudget: 0,
    timeoutMs: 10_000,
    why: "extracts vibes and aversions from one member's notes",
  },
  explainer: { tier: "fast", thinkingBudget: 0, timeoutMs: 10_000, why: "words conflicts computed in code" },
  planner: {
    tier: "fast",
    thinkingBudget: 0,
    timeoutMs: 12_000,
    why: "shortlists from an eligible list code already filtered",
  },
  researcher: {
    tier: "fast",
    thinkingBudget: 0,
    timeoutMs: 20_000,
    why: "summarises what Google Search finds (grounded)",
  },
  ranker: {
    tier: "strong",
    thinkingBudget: 1_024,
    timeoutMs: 20_000,
    why: "the one real judgement: which 3–5 destinations, in what order",
  },
  card: {
    tier: "fast",
    thinkingBudget: 0,
    timeoutMs: 12_000,
    why: "writes one card's words from facts given (cards are written in parallel)",
  },
  writer: { tier: "fast", thinkingBudget: 0, timeoutMs: 12_000, why: "writes one day's words from a fixed plan" },
  polisher: { tier: "fast", thinkingBudget: 0, timeoutMs: 10_000, why: "titles days and words assumptions" },
  coster: { tier: "fast", thinkingBudget: 0, timeoutMs: 10_000, why: "names the cost assumptions most likely off" },
  extractor: {
    tier: "fast",
    thinkingBudget: 0,
    timeoutMs: 20_000,
    why: "extracts a researched place's facts, each with its source number, from grounded text (three calls at once: the place, its activities, its meals)",
  },
  assistant: {
    tier: "fast",
    thinkingBudget: 0,
    timeoutMs: 15_000,
    why: "Ask TripSync: picks the next tool call and words short replies (a person is waiting on each step)",
  },
};

export interface ModelSet {
  readonly kind: "gemini" | "offline";
  model(role: ModelRole): LanguageModel;
  /** The model id that plays `role` (for the trace and the latency projection). */
  modelId(role: ModelRole): string;
  settings(role: ModelRole): RoleSettings;
  /** Provider options for a call in `role` (Gemini's thinking budget). */
  providerOptions(role: ModelRole): Record<string, Record<string, unknown>>;
  /** Tools for the research call: Google Search grounding on Gemini, none offline. */
  researchTools(): ToolSet | undefined;
  /** Every call goes through this: at most `MODEL_CONCURRENCY` calls in flight per process. */
  limit<T>(call: () => Promise<T>): Promise<T>;
  /** Aborts every call made with this set (the local runner's execution lost its run's lease). */
  readonly signal?: AbortSignal;
}

export type ModelIds = Record<ModelTier, string>;

export function geminiModels(options: {
  apiKey: string;
  fetch?: typeof fetch;
  ids?: Partial<ModelIds>;
  concurrency?: number;
  /** Overrides every role's time limit (tests). */
  timeoutMs?: number;
}): ModelSet {
  const google = createGoogle({ apiKey: options.apiKey, fetch: options.fetch });
  const ids: ModelIds = { fast: DEFAULT_MODEL_IDS.fast, strong: DEFAULT_MODEL_IDS.strong, ...options.ids };
  const settings = settingsWith(options.timeoutMs);
  const limiter = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  return {
    kind: "gemini",
    model: (role) => google(ids[ROLE_SETTINGS[role].tier]),
    modelId: (role) => ids[ROLE_SETTINGS[role].tier],
    settings,
    providerOptions: (role) => ({ google: { thinkingConfig: { thinkingBudget: settings(role).thinkingBudget } } }),
    researchTools: () => ({ google_search: google.tools.googleSearch({}) }),
    limit: (call) => limiter(call),
  };
}

export function offlineModels(
  options: OfflineModelOptions & {
    timeoutMs?: number;
    ids?: Partial<ModelIds>;
    concurrency?: number;
    /** The assistant's offline model (its latency, word pace and faults). */
    assistant?: OfflineAssistantOptions;
  } = {},
): ModelSet {
  const model = new OfflineModel(options);
  const assistant = new OfflineAssistantModel(
    options.assistant ?? { latencyMs: typeof options.latencyMs === "number" ? options.latencyMs : 0 },
  );
  const settings = settingsWith(options.timeoutMs);
  const ids: ModelIds = { fast: DEFAULT_MODEL_IDS.fast, strong: DEFAULT_MODEL_IDS.strong, ...options.ids };
  const limiter = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  return {
    kind: "offline",
    model: (role) => (role === "assistant" ? assistant : model),
    // The model a Gemini run would use for the role: the latency projection reads it.
    modelId: (role) => ids[ROLE_SETTINGS[role].tier],
    settings,
    providerOptions: () => ({}),
    researchTools: () => undefined,
    limit: (call) => limiter(call),
  };
}

export const DEFAULT_MODEL_IDS: ModelIds = { fast: "gemini-2.5-flash", strong: "gemini-2.5-flash" };
/** Model calls in flight per server process (Gemini's requests-per-minute limits are per project). */
export const DEFAULT_CONCURRENCY = 16;

function settingsWith(timeoutMs: number | undefined): (role: ModelRole) => RoleSettings {
  return (role) => (timeoutMs ? { ...ROLE_SETTINGS[role], timeoutMs } : ROLE_SETTINGS[role]);
}

let defaults: ModelSet | undefined;

/** What the running product uses, chosen by the environment. */
export function defaultModels(): ModelSet {
  if (!defaults) {
    const env = readEnv();
    const ids = { fast: env.GEMINI_FAST_MODEL, strong: env.GEMINI_STRONG_MODEL };
    defaults = env.GOOGLE_GENERATIVE_AI_API_KEY
      ? geminiModels({ apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY, ids, concurrency: env.MODEL_CONCURRENCY })
      : offlineModels({ latencyMs: env.OFFLINE_MODEL_LATENCY_MS, ids, concurrency: env.MODEL_CONCURRENCY });
  }
  return defaults;
}

export function modelKind(): ModelSet["kind"] {
  return readEnv().GOOGLE_GENERATIVE_AI_API_KEY ? "gemini" : "offline";
}
