/**
 * A doorbell between the writes that queue notifications and the drainer: a write rings it
 * once its rows are queued; the worker (started with the server) answers by draining soon
 * after. Without a worker (tests, scripts) nothing happens and the rows just wait.
 */
const key = Symbol.for("tripsync.notifications.wake");
type WithWake = typeof globalThis & { [key]?: () => void };

export function onWake(listener: (() => void) | null): void {
  (globalThis as WithWake)[key] = listener ?? undefined;
}

export function wakeDrainer(): void {
  (globalThis as WithWake)[key]?.();
}
