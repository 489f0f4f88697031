import { describe, expect, it } from "vitest";
import { pageCacheName, tripOfPath } from "./cache-names";

/** Which cache the service worker keeps a page in: one per trip on this device, one per share link, else none. */
const TRIP = "0b9e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the offline caches", () => {
  it("keeps a trip's own pages in that trip's cache", () => {
    expect(pageCacheName(`/trips/${TRIP}`)).toBe(`tripsync-trip-${TRIP}`);
    expect(pageCacheName(`/trips/${TRIP}/plan`)).toBe(`tripsync-trip-${TRIP}`);
    expect(tripOfPath(`/trips/${TRIP}/plan`)).toBe(TRIP);
  });

  it("keeps a share page in its link's cache, apart from any trip", () => {
    expect(pageCacheName("/s/AbC_def-123456")).toBe("tripsync-share-AbC_def-123456");
    expect(tripOfPath("/s/AbC_def-123456")).toBeNull();
  });

  it("keeps nothing else: the home page, downloads, APIs, a path that isn't a trip id", () => {
    for (const path of ["/", `/trips/${TRIP}/me/export`, `/api/trips/${TRIP}/snapshot`, "/trips/not-a-trip/plan"]) {
      expect(pageCacheName(path), path).toBeNull();
    }
  });
});
