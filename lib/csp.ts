import { mapTiles } from "@/lib/planning/map-tiles";

/**
 * The Content-Security-Policy of every page (set by proxy.ts): scripts only from our origin
 * and what the page itself rendered; no plugins, no framing, forms post only to us.
 */

/**
 * What a page's inline scripts and styles are allowed by: the request's nonce (with
 * 'strict-dynamic': the scripts it trusts load the rest), or, for a page rendered once and
 * served many times (the share page), the SHA-256 of each inline script and style it holds;
 * its script files then come from our origin ('self').
 */
export type InlineAllowance = string | { scripts: string[]; styles: string[] };

export function contentSecurityPolicy(allow: InlineAllowance, dev: boolean, tilesOrigin: string | null = null): string {
  const eval_ = dev ? " 'unsafe-eval'" : "";
  const sources = (hashes: string[]) => hashes.map((h) => ` 'sha256-${h}'`).join("");
  return [
    "default-src 'self'",
    typeof allow === "string"
      ? `script-src 'self' 'nonce-${allow}' 'strict-dynamic'${eval_}`
      : `script-src 'self'${sources(allow.scripts)}${eval_}`,
    typeof allow === "string" ? `style-src 'self' 'nonce-${allow}'` : `style-src 'self'${sources(allow.styles)}`,
    // React renders computed widths and positions (budget bars, heat map) as style attributes.
    "style-src-attr 'unsafe-inline'",
    // Map tiles from the operator's provider (MAP_TILES_URL, lib/planning/map-tiles.ts), its one
    // origin only; unset, the day maps draw a grid and load nothing from elsewhere.
    `img-src 'self' blob: data:${tilesOrigin ? ` ${tilesOrigin}` : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (public/sw.js, lib/offline/sw.ts) from our origin only: 'strict-dynamic'
    // in script-src would otherwise decide for workers too, and a worker has no nonce.
    "worker-src 'self'",
    // The web app manifest (app/manifest.ts) from our origin.
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Content security policy for a page served from its stored rendering (the share page). */
export function hashedPagePolicy(hashes: { scripts: string[]; styles: string[] }): string {
  return contentSecurityPolicy(hashes, process.env.NODE_ENV === "development", tilesOrigin());
}

let tiles: { origin: string | null } | undefined;
/** The tile provider's origin, read once (the environment doesn't change while the process runs). */
export function tilesOrigin(): string | null {
  tiles ??= { origin: mapTiles()?.origin ?? null };
  return tiles.origin;
}
