"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useRef, useSyncExternalStore } from "react";
import type { TimelineEntry, TripEvent } from "@/lib/schemas/trip-events";

/**
 * Keeps an open trip page current for every member: one EventSource on the trip's live
 * channel. Run progress goes straight to the timeline (through the store below); any other
 * event re-renders the page on the server (`router.refresh()`, which keeps client state
 * such as open dialogs and typed text), at most once per burst of events, and for a tab in
 * the background once it is back in view. No timer polls: the page changes when the trip does.
 *
 * `after` is the trip's last event when the server rendered this page, so nothing that
 * happens between the render and the connection is missed. The browser resumes from the
 * last event it saw (`Last-Event-ID`) after a network drop; if the server refuses the
 * stream (too many open, or no longer a member) we try again later, sooner when the tab
 * comes back into view.
 */
export function LiveTrip({ tripId, after }: { tripId: string; after: number }) {
  const router = useRouter();
  // Only the first render's cursor counts: later renders come from refreshes this channel caused.
  const start = useRef({ tripId, after });
  if (start.current.tripId !== tripId) start.current = { tripId, after };

  useEffect(() => {
    let source: EventSource | null = null;
    let lastId = start.current.after;
    let retryMs = RETRY_FIRST_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshQueued = false;
    let refreshWhenVisible = false;

    const refresh = () => {
      // A tab in the background re-renders once, when it comes back.
      if (document.visibilityState === "hidden") {
        refreshWhenVisible = true;
        return;
      }
      if (refreshQueued) return;
      refreshQueued = true;
      // Events that arrive together (a run ending, its results) cost one refresh.
      queueMicrotask(() => {
        refreshQueued = false;
        startTransition(() => router.refresh());
      });
    };
    const connect = () => {
      clearTimeout(retryTimer);
      source?.close();
      const current = new EventSource(`/api/trips/${tripId}/events?after=${lastId}`);
      source = current;
      current.onopen = () => {
        retryMs = RETRY_FIRST_MS;
      };
      current.onmessage = (message: MessageEvent<string>) => {
        const event = JSON.parse(message.data) as TripEvent;
        lastId = Math.max(lastId, event.id);
        if (event.kind === "run.progress") {
          addProgress(event.runId, event.progress);
          // A card that passed its check is shown while the run goes on (the server cuts it per viewer),
          // once the shortlist has picked it.
          const { stage, stepId, kind } = event.progress;
          if ((stage === "cards" || stepId === "rank") && kind !== "started") refresh();
        } else if (event.kind === "trip.deleted") {
          // Nothing of the trip is left to show: off to the start page, which says why.
          current.close();
          window.location.assign("/?notice=trip-deleted");
        } else refresh();
      };
      current.addEventListener("resync", (message) => {
        lastId = Math.max(lastId, Number((message as MessageEvent<string>).lastEventId) || 0);
        refresh();
      });
      current.onerror = () => {
        // CONNECTING: the browser retries by itself. CLOSED: refused (429, 404); we retry.
        if (current.readyState !== EventSource.CLOSED) return;
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      if (source?.readyState === EventSource.CLOSED) connect();
      if (refreshWhenVisible) {
        refreshWhenVisible = false;
        refresh();
      }
    };

    connect();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(retryTimer);
      source?.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [tripId, router]);

  return null;
}

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

// The timeline's share of the channel: progress per run, kept for the life of the tab so a
// timeline that mounts after a refresh still sees what arrived before it.
const progressByRun = new Map<string, TimelineEntry[]>();
const listeners = new Set<() => void>();
const NONE: TimelineEntry[] = [];

function addProgress(runId: string, entry: TimelineEntry) {
  const known = progressByRun.get(runId) ?? NONE;
  if (known.some((e) => e.id === entry.id)) return;
  progressByRun.set(runId, [...known, entry]);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The progress of `runId` heard on the live channel since this tab opened (none during server rendering). */
export function useLiveProgress(runId: string): TimelineEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => progressByRun.get(runId) ?? NONE,
    () => NONE,
  );
}
