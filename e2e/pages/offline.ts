import type { Page } from "@playwright/test";

/** Waits until the service worker controls the page (the first load installs it; clientsClaim takes over). */
export async function controlled(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** The trip's page cache names on this device. */
export const tripCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("tripsync-trip-")));

/** How many writes of the trip wait (or were refused) in this device's outbox (IndexedDB). */
export const outboxCount = (page: Page, tripId: string) =>
  page.evaluate(
    (trip) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("tripsync-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("writes")) return resolve(0);
          const count = db.transaction("writes").objectStore("writes").index("trip").count(trip);
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
    tripId,
  );
