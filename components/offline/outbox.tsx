"use client";

import { Check, Clock, Copy, TriangleAlert, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { addExpenseAction, flagItineraryItemAction, suggestAdditionAction } from "@/app/actions";
import { useOnline } from "@/components/offline/offline-notice";
import { forgetTripOnDevice } from "@/components/offline/service-worker";
import {
  keepForLater,
  OUTBOX_CHANGED,
  type OutboxEntry,
  removeWrite,
  type SendAnswer,
  sendWaiting,
  writesOf,
} from "@/lib/offline/outbox";

/** The server action that sends each kind of write the outbox keeps. */
const SEND: Record<OutboxEntry["kind"], (input: OutboxEntry["input"]) => Promise<SendAnswer>> = {
  flag: flagItineraryItemAction,
  suggestion: suggestAdditionAction,
  expense: addExpenseAction,
};

/**
 * Sends a write now, or keeps it in the device's outbox when there is no network (or the
 * network drops during the send: the write's key makes sending it again safe). "kept" tells
 * the form to clear itself: the member's words are in the outbox list, waiting to send.
 */
export async function sendOrKeep<R extends SendAnswer>(
  entry: Omit<OutboxEntry, "state" | "createdAt">,
  send: () => Promise<R>,
): Promise<R | "kept"> {
  if (navigator.onLine) {
    try {
      return await send();
    } catch {
      // Fell through to keeping it: the answer never came.
    }
  }
  await keepForLater(entry);
  return "kept";
}

/** A new key for one write (a form makes one per thing it sends). */
export const newWriteKey = () => crypto.randomUUID();

/**
 * What this device wrote for the trip and hasn't sent yet ("waiting to send"), and what the
 * server refused when it was sent, with why and the member's words to copy or redo. Sends the
 * waiting ones when the page opens online and whenever the network comes back.
 */
export function Outbox({ tripId }: { tripId: string }) {
  const online = useOnline();
  const router = useRouter();
  const [writes, setWrites] = useState<OutboxEntry[]>([]);
  const [copied, setCopied] = useState<string | null>(null);

  const reread = useCallback(() => {
    writesOf(tripId).then(setWrites, () => setWrites([]));
  }, [tripId]);

  useEffect(() => {
    reread();
    const onChange = () => reread();
    window.addEventListener(OUTBOX_CHANGED, onChange);
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(OUTBOX_CHANGED) : null;
    channel?.addEventListener("message", onChange);
    return () => {
      window.removeEventListener(OUTBOX_CHANGED, onChange);
      channel?.close();
    };
  }, [reread]);

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    sendWaiting(
      tripId,
      (entry) => SEND[entry.kind](entry.input),
      () => forgetTripOnDevice(tripId),
    ).then(
      ({ sent }) => {
        if (!cancelled && sent > 0) router.refresh();
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [online, tripId, router]);

  if (writes.length === 0) return null;
  const waiting = writes.filter((w) => w.state === "waiting");
  const refused = writes.filter((w) => w.state === "refused");
  return (
    <section
      data-works-offline
      aria-labelledby="outbox-title"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 text-sm print:hidden"
    >
      <h2 id="outbox-title" className="font-semibold text-slate-900">
        Written on this phone
      </h2>
      {waiting.length ? (
        <ul aria-label="Waiting to send" className="space-y-1">
          {waiting.map((w) => (
            <li key={w.key} className="flex items-start gap-2 rounded-lg bg-slate-50 px-2 py-1.5">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-600" />
              <span className="min-w-0 flex-1">
                <strong>Waiting to send</strong> — {w.summary}
                {w.text ? ` — “${w.text}”` : ""}
                <span className="block text-xs text-slate-600">
                  {online ? "Sending…" : "It goes as soon as this phone is back online."}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length ? (
        <ul aria-label="Not sent" className="space-y-2">
          {refused.map((w) => (
            <li key={w.key} className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-2 py-1.5 text-red-950">
              <p className="flex items-start gap-2">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  <strong>Not sent</strong> — {w.summary}: {w.reason}
                </span>
              </p>
              {w.text ? (
                <p className="rounded bg-white px-2 py-1 text-slate-900">
                  <span className="sr-only">What you wrote: </span>“{w.text}”
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {w.text ? (
                  <button
                    type="button"
                    data-works-offline
                    className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-xs font-medium hover:bg-red-100"
                    onClick={() =>
                      navigator.clipboard?.writeText(w.text).then(
                        () => setCopied(w.key),
                        () => setCopied(null),
                      )
                    }
                  >
                    {copied === w.key ? (
                      <Check aria-hidden className="size-3.5" />
                    ) : (
                      <Copy aria-hidden className="size-3.5" />
                    )}
                    {copied === w.key ? "Copied" : "Copy what I wrote"}
                  </button>
                ) : null}
                <button
                  type="button"
                  data-works-offline
                  className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-xs font-medium hover:bg-red-100"
                  onClick={() => void removeWrite(w)}
                >
                  <X aria-hidden className="size-3.5" />
                  Dismiss
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
