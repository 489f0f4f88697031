import type { ModelSet } from "@/lib/ai/models";
import { UsageMeter } from "@/lib/ai/usage";
import type { DecisionLogEntry, PipelineState, StateKey } from "@/lib/schemas/pipeline";

/**
 * An agent reads some pipeline state keys and writes others. One invocation is one
 * durable step: it gets only what it declared in `reads`, may return only what it
 * declared in `writes` (checked at runtime), and leaves one decision-log entry.
 * Dependencies are injected, so tests run agents with fake models and clocks.
 */

export type AgentDeps = {
  models: ModelSet;
  now: () => Date;
  /** Waits between in-agent retries (research); tests make it instant. */
  sleep: (ms: number) => Promise<void>;
};

export type AgentContext = AgentDeps & { meter: UsageMeter };

export type AgentResult<W extends StateKey> = {
  patch: Pick<PipelineState, W>;
  inputSummary: string;
  keyEvidence: string[];
  outputSummary: string;
  riskFlags?: string[];
};

export type Agent<R extends StateKey, W extends StateKey, A> = {
  name: string;
  reads: readonly R[];
  writes: readonly W[];
  invoke(
    state: Partial<PipelineState>,
    deps: AgentDeps,
    options: { stepId: string; arg: A },
  ): Promise<{ patch: Pick<PipelineState, W>; log: DecisionLogEntry }>;
};

export function defineAgent<R extends StateKey, W extends StateKey, A = undefined>(def: {
  name: string;
  reads: readonly R[];
  writes: readonly W[];
  run(input: Pick<PipelineState, R>, ctx: AgentContext, arg: A): Promise<AgentResult<W>>;
}): Agent<R, W, A> {
  return {
    name: def.name,
    reads: def.reads,
    writes: def.writes,
    async invoke(state, deps, { stepId, arg }) {
      const input = {} as Pick<PipelineState, R>;
      for (const key of def.reads) {
        if (state[key] === undefined) throw new Error(`${def.name} reads "${key}", which no earlier step wrote`);
        input[key] = state[key] as PipelineState[R];
      }
      const meter = new UsageMeter();
      const startedAt = deps.now();
      const started = performance.now();
      const result = await def.run(input, { ...deps, meter }, arg);
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
