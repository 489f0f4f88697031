/**
 * How the share page's stored rendering (lib/share/rendered-page.ts) asks this process for the
 * page itself: a header holding a secret made once per process, so the proxy (proxy.ts)
 * renders that request as usual instead of answering it from the stored copy. The secret lives
 * on globalThis: the proxy and the route handlers are separate bundles in one process.
 */
export const RENDER_HEADER = "x-tripsync-share-render";

/** The stored rendering's own path segment, under /s/<token>/ (reached by the proxy's rewrite only). */
export const RENDERED_SHARE_PAGE = "rendered";

const key = Symbol.for("tripsync.share-render-secret");
type WithSecret = typeof globalThis & { [key]?: string };

export function renderSecret(): string {
  const g = globalThis as WithSecret;
  g[key] ??= Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
  return g[key];
}

/** Whether a request is this process rendering the share page for its stored copy. */
export function isShareRender(headers: Headers): boolean {
  const value = headers.get(RENDER_HEADER);
  return value !== null && value === renderSecret();
}
