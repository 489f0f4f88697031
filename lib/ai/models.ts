import { createGoogle } from "@ai-sdk/google";
import type { LanguageModel, ToolSet } from "ai";
import { OfflineModel, type OfflineModelOptions } from "@/lib/ai/offline/model";
import { readEnv } from "@/lib/env";

/**
 * The one place models come from. Agents ask for a role; the set decides which model
 * plays it: Gemini when `GOOGLE_GENERATIVE_AI_API_KEY` is set, otherwise the offline
 * planner that answers from our catalog. Tests and benchmarks pass their own set
 * (an offline model with latency or faults, or Gemini over a recorded `fetch`).
 */

export const MODEL_ROLES = ["guard", "normalizer", "explainer", "planner", "researcher", "ranker"] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

export interface ModelSet {
  readonly kind: "gemini" | "offline";
  model(role: ModelRole): LanguageModel;
  /** Tools for the research call: Google Search grounding on Gemini, none offline. */
  researchTools(): ToolSet | undefined;
  /** Per call; a call that takes longer is aborted and counts as a failure. */
  readonly timeoutMs: number;
}

/** Flash for the high-volume roles; the ranker writes what the group reads, so it gets the stronger model. */
const GEMINI_MODEL_BY_ROLE: Record<ModelRole, string> = {
  guard: "gemini-2.5-flash",
  normalizer: "gemini-2.5-flash",
  explainer: "gemini-2.5-flash",
  planner: "gemini-2.5-flash",
  researcher: "gemini-2.5-flash",
  ranker: "gemini-2.5-pro",
};

export function geminiModels(options: { apiKey: string; fetch?: typeof fetch; timeoutMs?: number }): ModelSet {
  const google = createGoogle({ apiKey: options.apiKey, fetch: options.fetch });
  return {
    kind: "gemini",
    model: (role) => google(GEMINI_MODEL_BY_ROLE[role]),
    researchTools: () => ({ google_search: google.tools.googleSearch({}) }),
    timeoutMs: options.timeoutMs ?? 60_000,
  };
}

export function offlineModels(options: OfflineModelOptions & { timeoutMs?: number } = {}): ModelSet {
  const model = new OfflineModel(options);
  return {
    kind: "offline",
    model: () => model,
    researchTools: () => undefined,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
}

let defaults: ModelSet | undefined;

/** What the running product uses, chosen by the environment. */
export function defaultModels(): ModelSet {
  if (!defaults) {
    const { GOOGLE_GENERATIVE_AI_API_KEY: apiKey, OFFLINE_MODEL_LATENCY_MS: latencyMs } = readEnv();
    defaults = apiKey ? geminiModels({ apiKey }) : offlineModels({ latencyMs });
  }
  return defaults;
}

export function modelKind(): ModelSet["kind"] {
  return readEnv().GOOGLE_GENERATIVE_AI_API_KEY ? "gemini" : "offline";
}
