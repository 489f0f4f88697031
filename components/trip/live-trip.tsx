"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useRef } from "react";
import type { LiveMessage } from "@/lib/schemas/trip-events";
import { IGNORED, type LivePage, needsRender } from "./live-policy";
import { applyLiveMessage, forgetHeardBy, forgetTallies, listenToTrip, liveRunKind } from "./live-store";

/**
 * Keeps an open trip page current for every member: one EventSource on the trip's live
 * channel. Each message carries what changed, cut for this member on the server; it goes
 * into the live store (./live-store.ts), from which the parts of the page that own it
 * update (the run's timeline and cards, vote counts, flags, who is in and answered, the
 * conflicts and requests). The page is re-rendered on the server
 * (`router.refresh()`, which keeps client state such as open dialogs and typed text) only
 * when it must read again: a resync, a change of the trip's stage, a run whose results
 * this page shows has ended, or a kind no client part owns yet; at most once per burst,
 * and for a tab in the background once it is back in view. No timer polls.
 *
 * `after` is the trip's last event when the server rendered this page, so nothing that
 * happens between the render and the connection is missed. The browser resumes from the
 * last event it saw (`Last-Event-ID`) after a network drop; if the server refuses the
 * stream (too many open, or no longer a member) we try again later, sooner when the tab
 * comes back into view.
 */
export function LiveTrip({ tripId, after, page }: { tripId: string; after: number; page: LivePage }) {
  const router = useRouter();
  // Only the first render's cursor counts: later renders come from refreshes this channel caused.
  const start = useRef({ tripId, after });
  if (start.current.tripId !== tripId) start.current = { tripId, after };
  // Each render of the page (the first, and every refresh) is newer than what was heard before its cursor.
  useEffect(() => forgetHeardBy(after), [after]);

  useEffect(() => {
    let source: EventSource | null = null;
    let lastId = start.current.after;
    let retryMs = RETRY_FIRST_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshWhenVisible = false;
    listenToTrip(tripId);

    const refresh = () => {
      // A tab in the background re-renders once, when it comes back.
      if (document.visibilityState === "hidden") {
        refreshWhenVisible = true;
        return;
      }
      if (refreshTimer !== undefined) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        startTransition(() => router.refresh());
      }, REFRESH_GATHER_MS);
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
        const event = JSON.parse(message.data) as LiveMessage;
        lastId = Math.max(lastId, event.id);
        if (event.kind === "trip.deleted") {
          // Nothing of the trip is left to show: off to the start page, which says why.
          current.close();
          window.location.assign("/?notice=trip-deleted");
          return;
        }
        const taken = IGNORED[page].has(event.kind) || applyLiveMessage(event);
        if (needsRender(page, event, taken, liveRunKind)) refresh();
      };
      current.addEventListener("resync", (message) => {
        lastId = Math.max(lastId, Number((message as MessageEvent<string>).lastEventId) || 0);
        forgetTallies();
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
      clearTimeout(refreshTimer);
      source?.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [tripId, router, page]);

  return null;
}

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;
/** Events that arrive together (a run ending, its new version, the stage it moves to) cost one render. */
const REFRESH_GATHER_MS = 120;
