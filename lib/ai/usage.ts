import type { Usage } from "@/lib/schemas/pipeline";

/** Counts one agent invocation's model calls and tokens (the decision log and run details show them). */
export class UsageMeter {
  private calls = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private readonly models = new Set<string>();

  record(call: { model: string; inputTokens?: number; outputTokens?: number }): void {
    this.calls++;
    this.inputTokens += call.inputTokens ?? 0;
    this.outputTokens += call.outputTokens ?? 0;
    this.models.add(call.model);
  }

  total(): Usage {
    return {
      calls: this.calls,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      models: [...this.models],
    };
  }
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    calls: a.calls + b.calls,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    models: [...new Set([...a.models, ...b.models])],
  };
}

export const NO_USAGE: Usage = { calls: 0, inputTokens: 0, outputTokens: 0, models: [] };
