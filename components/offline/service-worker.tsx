"use client";

import { useEffect } from "react";
import { tripCacheName } from "@/lib/offline/cache-names";

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

/** Forgets what this device cached of a trip (the member left it here): the worker's copy of its pages. */
export function ForgetTrip({ tripId }: { tripId: string }) {
  useEffect(() => {
    if ("caches" in window) void caches.delete(tripCacheName(tripId));
    navigator.serviceWorker?.controller?.postMessage({ type: "forget-trip", tripId });
  }, [tripId]);
  return null;
}
