import type { Page } from "@playwright/test";

/**
 * Counts the whole-page renders a page asks for: document loads and React Server Component
 * requests (an `RSC` header or an `_rsc` parameter), which is what `router.refresh()` costs;
 * Next's link prefetches (`Next-Router-Prefetch`) fetch other pages' shells and are left out.
 */
export function countPageRenders(page: Page): { count: number; urls: string[] } {
  const counted = { count: 0, urls: [] as string[] };
  page.on("request", (request) => {
    const isDocument = request.resourceType() === "document";
    const headers = request.headers();
    const isRsc = headers.rsc !== undefined || new URL(request.url()).searchParams.has("_rsc");
    // Link prefetches (of other pages' shells, after a render) are not renders of this page.
    const isPrefetch = headers["next-router-prefetch"] !== undefined;
    if (isDocument || (isRsc && !isPrefetch)) {
      counted.count++;
      counted.urls.push(`${request.method()} ${request.url()} ${JSON.stringify(request.headers())}`);
    }
  });
  return counted;
}
