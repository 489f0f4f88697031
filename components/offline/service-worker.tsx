"use client";

import { useEffect } from "react";
import { tripCacheName } from "@/lib/offline/cache-names";
import { forgetTripWrites } from "@/lib/offline/outbox";

/**
 * Registers the service worker (public/sw.js, built from lib/offline/sw.ts) on the production
 * build, so the pages a member opened open again with no network. Not in development: a
 * worker caching pages would hide changes while working on them.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => {
      // No worker (a private window, storage refused): the app works online as before.
    });
  }, []);
  return null;
}

/**
 * Forgets what this device kept of a trip: the worker's copy of its pages and the outbox's
 * unsent writes. For a device that is out of the trip (left it here, signed out, removed):
 * nothing of the trip stays on it.
 */
export async function forgetTripOnDevice(tripId: string): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: "forget-trip", tripId });
  await Promise.all([
    "caches" in window ? caches.delete(tripCacheName(tripId)) : null,
    "indexedDB" in window ? forgetTripWrites(tripId).catch(() => {}) : null,
  ]);
}

/** Forgets what this device kept of a trip, once shown (the member left it here). */
export function ForgetTrip({ tripId }: { tripId: string }) {
  useEffect(() => {
    void forgetTripOnDevice(tripId);
  }, [tripId]);
  return null;
}
