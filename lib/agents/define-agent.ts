import type { GroundedResult } from "@/lib/ai/generate";
import type { ModelSet } from "@/lib/ai/models";
import { UsageMeter } from "@/lib/ai/usage";
import type { ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import type { DecisionLogEntry, KeptPlace, PipelineState, Usage } from "@/lib/schemas/pipeline";

/**
 * An agent reads some keys of its workflow's state and writes others. One invocation is
 * one durable step: it gets only what it declared in `reads`, may return only what it
 * declared in `writes` (checked at runtime), and leaves one decision-log entry.
 * Dependencies are injected, so tests run agents with fake models and clocks. Each
 * workflow's agents are typed by that workflow's own state (`agentsFor<State>()`).
 */

export type AgentDeps = {
  models: ModelSet;
  now: () => Date;
  /** Waits between in-agent retries (research); tests make it instant. */
  sleep: (ms: number) => Promise<void>;
  /**
   * Records what an invocation spent on models, for the model budgets (the product
   * writes it to `model_spend`; tests may leave it out). Called even when the agent fails.
   */
  recordSpend?: (spend: { tripId: string; agent: string; usage: Usage }) => Promise<void>;
  /**
   * Research already done for a destination and travel months, and a place to keep new
   * research (the product keeps it in `destination_research` on Gemini; left out, every
   * run looks everything up).
   */
  researchCache?: ResearchCache;
};

export type ResearchCache = {
  get(key: { slug: string; months: number[] }): Promise<{ found: GroundedResult; fetchedAt: Date } | null>;
  put(key: { slug: string; months: number[] }, found: GroundedResult, fetchedAt: Date): Promise<void>;
  /** A place researched beyond the catalog for these months: its sourced facts, research and what was left out. */
  getPlace(key: { slug: string; months: number[] }): Promise<{ place: KeptPlace; fetchedAt: Date } | null>;
  putPlace(key: { slug: string; months: number[] }, place: KeptPlace, fetchedAt: Date): Promise<void>;
};

export type AgentContext = AgentDeps & { meter: UsageMeter };

/** Any workflow's state: it knows which trip it is for (spend is recorded per trip). */
export type WorkflowState = { tripContext: { tripId: string } };

export type AgentResult<S, W extends keyof S> = {
  patch: Pick<S, W>;
  inputSummary: string;
  keyEvidence: string[];
  outputSummary: string;
  riskFlags?: string[];
};

export type Agent<S, R extends keyof S, W extends keyof S, A> = {
  name: string;
  reads: readonly R[];
  writes: readonly W[];
  invoke(
    state: Partial<S>,
    deps: AgentDeps,
    options: { stepId: string; arg: A },
  ): Promise<{ patch: Pick<S, W>; log: DecisionLogEntry }>;
};

/** `defineAgent` for the workflow whose state is `S`. */
export function agentsFor<S extends WorkflowState>() {
  return <R extends keyof S, W extends keyof S, A = undefined>(def: {
    name: string;
    reads: readonly R[];
    writes: readonly W[];
    run(input: Pick<S, R>, ctx: AgentContext, arg: A): Promise<AgentResult<S, W>>;
  }): Agent<S, R, W, A> => define<S, R, W, A>(def);
}

/** Agents of the recommendation workflow. */
export const defineAgent = agentsFor<PipelineState>();

function define<S extends WorkflowState, R extends keyof S, W extends keyof S, A>(def: {
  name: string;
  reads: readonly R[];
  writes: readonly W[];
  run(input: Pick<S, R>, ctx: AgentContext, arg: A): Promise<AgentResult<S, W>>;
}): Agent<S, R, W, A> {
  return {
    name: def.name,
    reads: def.reads,
    writes: def.writes,
    async invoke(state, deps, { stepId, arg }) {
      const input = {} as Pick<S, R>;
      for (const key of def.reads) {
        if (state[key] === undefined)
          throw new Error(`${def.name} reads "${String(key)}", which no earlier step wrote`);
        input[key] = state[key] as S[R];
      }
      const meter = new UsageMeter();
      const startedAt = deps.now();
      const started = performance.now();
      let result: AgentResult<S, W>;
      try {
        result = await def.run(input, { ...deps, meter }, arg);
      } finally {
        const usage = meter.total();
        const tripId = state.tripContext?.tripId;
        if (usage.calls > 0 && tripId && deps.recordSpend) {
          await deps.recordSpend({ tripId, agent: def.name, usage });
        }
      }
      const extra = Object.keys(result.patch).filter((key) => !(def.writes as readonly string[]).includes(key));
      if (extra.length) throw new Error(`${def.name} wrote undeclared state: ${extra.join(", ")}`);
      return {
        patch: result.patch,
        log: {
          agent: def.name,
          stepId,
          inputSummary: result.inputSummary,
          keyEvidence: result.keyEvidence,
          outputSummary: result.outputSummary,
          riskFlags: result.riskFlags ?? [],
          startedAt: startedAt.toISOString(),
          ms: Math.round(performance.now() - started),
          usage: meter.total(),
        },
      };
    },
  };
}

/** Agents of the itinerary workflow. */
export const defineItineraryAgent = agentsFor<ItineraryState>();
