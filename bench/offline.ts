/**
 * The trip on a phone with no network: a production server (`next start` on the build in
 * .next) seeded with the demo group's finalized 5-day plan; Chromium at 390 × 844 signs in as
 * the organizer, opens the dashboard, the plan and the share page once with the service worker
 * in control, then goes offline. Prints what the worker keeps for the trip (bytes of every
 * cached response, goal ≤ 2 MB) and the time to open the plan offline (navigation start →
 * load, median and worst of 5, goal ≤ 1 s). Needs `npm run build` first.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { chromium } from "@playwright/test";
import { tripCookieName } from "@/lib/auth/session";
import { percentile } from "./aggregation";
import { freePort, seedSharedPlan, waitUntilUp } from "./share";

const DATA_DIR = ".data/bench-offline";
const OPENS = 5;
const PHONE = { width: 390, height: 844 };

export async function benchOffline(): Promise<void> {
  console.log(
    `\nthe trip offline: service worker cache after one visit, plan opened offline at ${PHONE.width}×${PHONE.height}`,
  );
  if (!existsSync(".next/BUILD_ID") || !existsSync("public/sw.js")) {
    console.log("  skipped: needs a production build (run `npm run build` first)");
    return;
  }
  const { tripId, organizerToken, token } = await seedSharedPlan(DATA_DIR);
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const server = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PGLITE_DIR: DATA_DIR,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/api/health`, server);
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // Signed in as the organizer's first device (its token in the trip's cookie, as after joining).
    await context.addCookies([{ name: tripCookieName(tripId), value: organizerToken, url: base }]);
    await page.goto(`${base}/`);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    for (const path of [`/trips/${tripId}`, `/trips/${tripId}/plan`, `/s/${token}`]) {
      const response = await page.goto(`${base}${path}`);
      if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    }
    const cached = await page.evaluate(async () => {
      const out: { cache: string; entries: number; bytes: number }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        let bytes = 0;
        const requests = await cache.keys();
        for (const request of requests) bytes += (await (await cache.match(request))?.blob())?.size ?? 0;
        out.push({
          cache: name.startsWith("tripsync-trip-")
            ? "the trip's pages"
            : name.startsWith("tripsync-share-")
              ? "the share page"
              : name === "tripsync-static"
                ? "scripts, styles, icons"
                : name,
          entries: requests.length,
          bytes,
        });
      }
      return out;
    });
    const total = cached.reduce((n, c) => n + c.bytes, 0);
    for (const c of cached.filter((x) => x.entries > 0)) {
      console.log(
        `  ${c.cache.padEnd(24)} ${String(c.entries).padStart(3)} responses ${(c.bytes / 1024).toFixed(0).padStart(6)} KB`,
      );
    }
    console.log(`  cache total              ${(total / 1024 / 1024).toFixed(2)} MB (goal ≤ 2 MB)`);

    await context.setOffline(true);
    const times: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      await page.goto(`${base}/trips/${tripId}`);
      const started = performance.now();
      await page.goto(`${base}/trips/${tripId}/plan`, { waitUntil: "load" });
      times.push(performance.now() - started);
      // The page says it is offline (once hydrated; not counted in the time to open).
      await page.getByText("offline since").waitFor({ timeout: 10_000 });
    }
    times.sort((a, b) => a - b);
    console.log(
      `  plan opened offline      median ${percentile(times, 50).toFixed(0)} ms, worst ${(times.at(-1) ?? 0).toFixed(0)} ms of ${OPENS} (goal ≤ 1,000 ms)`,
    );
    await context.close();
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}
