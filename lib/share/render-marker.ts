/**
 * How the share page's stored rendering (lib/share/rendered-page.ts) asks this server for the
 * page itself: a header that makes the request render as any page, with its nonce (next.config.ts
 * sends a browser's visit to the stored copy only without it). A client that sends it gets the
 * page rendered for it, as before the copy existed — nothing else.
 */
export const RENDER_HEADER = "x-tripsync-share-render";

/** The stored rendering's own path segment, under /s/<token>/ (next.config.ts rewrites to it). */
export const RENDERED_SHARE_PAGE = "rendered";

/** Request headers that make Next render the page itself rather than serve it whole (client navigations). */
export const RENDERS_ITSELF = ["rsc", "next-router-state-tree", RENDER_HEADER];
