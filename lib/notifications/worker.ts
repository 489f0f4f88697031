import "server-only";
import { log } from "@/lib/log";
import { drainOutbox } from "./drain";
import { onWake } from "./wakeup";

/**
 * The background drainer of the Next.js server process: it drains every `intervalMs` (the
 * digest window opening, backoff ending) and shortly after a write queued something. One
 * drain at a time; two server processes are kept apart by the outbox's claims.
 */
const key = Symbol.for("tripsync.notifications.worker");
/** `stop` ends the timers and waits for a drain under way (tests close the database after it). */
type Worker = { stop(): Promise<void> };
type WithWorker = typeof globalThis & { [key]?: Worker };

export function startNotificationWorker({
  intervalMs = 30_000,
  wakeDelayMs = 1_000,
}: {
  intervalMs?: number;
  wakeDelayMs?: number;
} = {}): Worker {
  const g = globalThis as WithWorker;
  if (g[key]) return g[key];
  let running: Promise<void> | null = null;
  let again = false;
  let soon: ReturnType<typeof setTimeout> | undefined;
  const drain = () => {
    if (running) {
      again = true;
      return;
    }
    running = drainOutbox()
      .then((r) => {
        if (r.sent || r.failed) log.info(r, "notification outbox drained");
      })
      .catch((err: unknown) => log.error({ err }, "notification drain failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          drain();
        }
      });
  };
  const timer = setInterval(drain, intervalMs);
  timer.unref();
  onWake(() => {
    clearTimeout(soon);
    soon = setTimeout(drain, wakeDelayMs);
    soon.unref();
  });
  drain();
  const worker = {
    async stop() {
      clearInterval(timer);
      clearTimeout(soon);
      onWake(null);
      again = false;
      g[key] = undefined;
      await running;
    },
  };
  g[key] = worker;
  return worker;
}
