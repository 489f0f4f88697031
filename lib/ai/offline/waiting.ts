/**
 * Waiting the way a real model call waits: for the offline latency, and until the caller's
 * time limit aborts it (both offline models, the planner and the assistant, share these).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) {
    // Already aborted: the wait ends now, as a real call would (whatever the latency).
    return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    // The listener goes when the wait ends: a call that waits per word would otherwise leave
    // one on its signal for every word.
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}

export function waitForAbort(signal?: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return; // never settles: only a caller without a timeout could hang here
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
