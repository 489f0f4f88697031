import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, StaleWhileRevalidate } from "serwist";
import { pageCacheName, STATIC_CACHE, tripCacheName, tripOfPath } from "@/lib/offline/cache-names";
import { forgetTripWrites } from "@/lib/offline/outbox";

/**
 * TripSync's service worker (built to public/sw.js by scripts/build-sw.ts with esbuild; Serwist
 * does the routing and caching). What it keeps, per device:
 * - the app's own hashed scripts and styles (/_next/static, immutable) and icons: cache first;
 * - the pages a member opened of their trip (dashboard, plan, …) in that trip's cache, and a
 *   share page in its link's cache: network first, the cached copy when there is no network
 *   (after 4 s of waiting, or at once when offline). Pages carry the time they were rendered,
 *   which the offline notice shows (components/offline/offline-notice.tsx).
 * A trip page the server answers with a refusal (this device signed out, the member left or
 * was removed) clears that trip's cache and the device's unsent writes for it (lib/offline/outbox.ts). Nothing else is cached: no other origin, no API, no
 * server action.
 */

type WorkerScope = {
  addEventListener(
    type: "message",
    listener: (event: { data: unknown; waitUntil?(p: Promise<unknown>): void }) => void,
  ): void;
};
const sw = self as unknown as WorkerScope;

/** A trip page answered by a refusal, or by a redirect elsewhere: this device no longer opens the trip. */
async function forgetIfRefused(request: Request, response: Response): Promise<void> {
  const tripId = tripOfPath(new URL(request.url).pathname);
  if (!tripId) return;
  const landedOn = response.url ? tripOfPath(new URL(response.url).pathname) : tripId;
  const refused = [401, 403, 404, 410].includes(response.status) || (response.redirected && landedOn !== tripId);
  if (refused) await forgetTrip(tripId);
}

/** Nothing of the trip stays on this device: its saved pages and its unsent writes. */
async function forgetTrip(tripId: string): Promise<void> {
  await Promise.all([caches.delete(tripCacheName(tripId)), forgetTripWrites(tripId).catch(() => {})]);
}

const pageStrategies = new Map<string, NetworkFirst>();
function pageStrategy(cacheName: string): NetworkFirst {
  let strategy = pageStrategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 4,
      plugins: [
        {
          fetchDidSucceed: async ({ request, response }) => {
            await forgetIfRefused(request, response);
            return response;
          },
          // Only a page as it was shown to this member: no redirect, no error page.
          cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
        },
      ],
    });
    pageStrategies.set(cacheName, strategy);
  }
  return strategy;
}

const serwist = new Serwist({
  precacheEntries: [],
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/_next/static/"),
      handler: new CacheFirst({ cacheName: STATIC_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300 })] }),
    },
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && (url.pathname.startsWith("/icons/") || url.pathname === "/manifest.webmanifest"),
      handler: new StaleWhileRevalidate({ cacheName: STATIC_CACHE }),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === "navigate" && request.method === "GET" && pageCacheName(url.pathname) !== null,
      handler: (options) => {
        const cacheName = pageCacheName(options.url.pathname) as string;
        return pageStrategy(cacheName).handle(options);
      },
    },
  ],
});

// A page asks to forget a trip (the member left it on this device): its cache goes.
sw.addEventListener("message", (event) => {
  const data = event.data as { type?: string; tripId?: string } | null;
  if (data?.type === "forget-trip" && typeof data.tripId === "string") {
    event.waitUntil?.(forgetTrip(data.tripId));
  }
});

serwist.addEventListeners();
