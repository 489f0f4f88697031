import type { OfflineCall } from "@/lib/ai/offline/model";

/**
 * The critical-path lower bound of a run: the heaviest chain of model calls where each
 * call started after the previous one ended — what the run would take if everything but
 * the model calls were free and every call waited only for the calls it really waited
 * for. Calls that overlapped ran in parallel and can't both be on the chain.
 */
type Timed = Pick<OfflineCall, "startedAt" | "endedAt">;

export function criticalPathMs(calls: Timed[]): number {
  return criticalChain(calls).reduce((total, call) => total + (call.endedAt - call.startedAt), 0);
}

/** The calls on that heaviest chain, in order. */
export function criticalChain<C extends Timed>(calls: C[]): C[] {
  const sorted = [...calls].sort((a, b) => a.endedAt - b.endedAt);
  const best: number[] = [];
  const previous: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const call = sorted[i] as C;
    let before = 0;
    let from = -1;
    for (let j = 0; j < i; j++) {
      const prior = sorted[j] as C;
      if (prior.endedAt <= call.startedAt + 1 && (best[j] ?? 0) > before) {
        before = best[j] ?? 0;
        from = j;
      }
    }
    best.push(before + (call.endedAt - call.startedAt));
    previous.push(from);
  }
  let at = best.indexOf(Math.max(0, ...best));
  const chain: C[] = [];
  while (at >= 0 && sorted[at]) {
    chain.unshift(sorted[at] as C);
    at = previous[at] ?? -1;
  }
  return chain;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
