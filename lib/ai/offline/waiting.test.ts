import { describe, expect, it } from "vitest";
import { sleep } from "./waiting";

describe("an offline model's wait", () => {
  it("ends at once, refused with the caller's reason, when the call was already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("time limit"));
    const started = performance.now();
    await expect(sleep(10_000, controller.signal)).rejects.toThrow("time limit");
    await expect(sleep(0, controller.signal)).rejects.toThrow("time limit");
    // Not the 10 s latency: it never started waiting.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("ends with the abort that comes while waiting, and leaves no listener behind when it runs out", async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(new Error("stopped")), 5);
    await expect(waiting).rejects.toThrow("stopped");

    const quiet = new AbortController();
    let added = 0;
    let removed = 0;
    const signal = quiet.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...a: Parameters<typeof add>) => {
      added++;
      add(...a);
    }) as typeof add;
    signal.removeEventListener = ((...a: Parameters<typeof remove>) => {
      removed++;
      remove(...a);
    }) as typeof remove;
    for (let i = 0; i < 3; i++) await sleep(1, signal);
    expect([added, removed]).toEqual([3, 3]);
  });
});
