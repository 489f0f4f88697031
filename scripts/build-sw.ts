import { build } from "esbuild";

/**
 * Builds the service worker (lib/offline/sw.ts, with Serwist) to public/sw.js, which Next
 * serves as a static file at /sw.js (headers in next.config.ts). Run before `next build`
 * (npm run build): Serwist's Next integration needs webpack, and this build is Turbopack's.
 */
await build({
  entryPoints: ["lib/offline/sw.ts"],
  outfile: "public/sw.js",
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2022",
  platform: "browser",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
