import "server-only";
import { getRun, latestRun, listProgressEvents } from "@/lib/db/queries/runs";

/**
 * Progress as Server-Sent Events: every progress row of the trip's latest run (or the
 * run asked for), starting after `Last-Event-ID`, then new rows as they are written,
 * until the run ends. Each event's id is the row id, so a reconnecting browser resumes
 * where it stopped. Parallel steps insert concurrently, and on Postgres a row with a
 * lower id can become visible after a higher one; so each poll re-reads the run's rows
 * after `afterId` and sends the ones not sent yet, instead of trusting "greater than the
 * last id sent" (a run has a few dozen rows; the re-read is cheap).
 */

const POLL_MS = 250;
const HEARTBEAT_MS = 15_000;

export async function progressStream({
  tripId,
  runId,
  afterId,
  signal,
}: {
  tripId: string;
  runId: string | null;
  afterId: number;
  signal: AbortSignal;
}): Promise<ReadableStream<Uint8Array> | null> {
  const run = runId ? await getRun({ runId }) : await latestRun({ tripId });
  if (!run || run.tripId !== tripId) return null;
  const encoder = new TextEncoder();
  const sent = new Set<number>();
  let lastWrite = Date.now();

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      const sendNew = async () => {
        for (const event of await listProgressEvents({ runId: run.id, afterId })) {
          if (sent.has(event.id)) continue;
          sent.add(event.id);
          send(`id: ${event.id}\nevent: progress\ndata: ${JSON.stringify(event)}\n\n`);
        }
      };
      send(`retry: 2000\n\n`);
      try {
        while (!signal.aborted) {
          await sendNew();
          const current = await getRun({ runId: run.id });
          if (current?.status !== "running") {
            // Rows written just before the status changed are read now.
            await sendNew();
            send(
              `event: end\ndata: ${JSON.stringify({ runId: run.id, status: current?.status ?? "failed", error: current?.error ?? null })}\n\n`,
            );
            break;
          }
          if (Date.now() - lastWrite > HEARTBEAT_MS) send(": keep-alive\n\n");
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      } catch (error) {
        console.error("[progress] stream failed", error);
      }
      try {
        controller.close();
      } catch {
        // The browser already went away.
      }
    },
  });
}
