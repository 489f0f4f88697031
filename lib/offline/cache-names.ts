/**
 * Which of the service worker's caches a page goes in (lib/offline/sw.ts): one per trip on
 * this device (the member's own pages: dashboard, plan, before-you-go, packing list, costs) and
 * one per share link (no member data). Shared by the worker and the pages that clear a trip's
 * cache when the member leaves it.
 */

const TRIP_PAGE = /^\/trips\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/[a-z-]+)?\/?$/;
const SHARE_PAGE = /^\/s\/([A-Za-z0-9_-]{8,})\/?$/;

export const STATIC_CACHE = "tripsync-static";
export const tripCacheName = (tripId: string) => `tripsync-trip-${tripId}`;
export const shareCacheName = (token: string) => `tripsync-share-${token}`;

/** The cache a page's address belongs in, or null for pages kept only online. */
export function pageCacheName(pathname: string): string | null {
  const trip = TRIP_PAGE.exec(pathname);
  if (trip?.[1]) return tripCacheName(trip[1]);
  const share = SHARE_PAGE.exec(pathname);
  if (share?.[1]) return shareCacheName(share[1]);
  return null;
}

/** The trip a page belongs to, for clearing its cache when the server no longer opens it for this device. */
export function tripOfPath(pathname: string): string | null {
  return TRIP_PAGE.exec(pathname)?.[1] ?? null;
}
