/**
 * The share page and its calendar under load: a production server (`next start` on the
 * build in .next) on its own PGlite, seeded with a finalized 5-day plan and a share link;
 * 50 concurrent requests at a time to the share page, its .ics and the cheapest route
 * (/api/health: one `select 1`), measured in the same run. Prints p50/p95 per route and as
 * a ratio to the cheapest. Needs `npm run build` first (CI builds before the benchmarks).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { addDays } from "@/lib/dates";
import { closeDb } from "@/lib/db/client";
import { replaceShareTokenHash } from "@/lib/db/queries/share";
import { finalizeTripPlan } from "@/lib/db/queries/trips";
import { demoMembers } from "@/lib/demo-trip";
import { planningTrip, runItinerary } from "@/test/itinerary";
import { percentile } from "./aggregation";

const CONCURRENCY = 50;
const ROUNDS = 8;
const DATA_DIR = ".data/bench-share";

export async function benchShare(): Promise<void> {
  console.log(
    `\nshare page under load: ${CONCURRENCY} concurrent requests × ${ROUNDS} rounds per route, next start, PGlite`,
  );
  if (!existsSync(".next/BUILD_ID")) {
    console.log("  skipped: needs a production build (run `npm run build` first)");
    return;
  }
  const { token } = await seedSharedPlan(DATA_DIR);
  const port = await freePort();
  const server = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PGLITE_DIR: DATA_DIR,
      RATE_LIMIT_READ: "1000000/60",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/api/health`, server);
    const routes = [
      { name: "/api/health (cheapest)", url: `${base}/api/health` },
      { name: "/s/<token> (share page)", url: `${base}/s/${token}` },
      { name: "/s/<token>/calendar.ics", url: `${base}/s/${token}/calendar.ics` },
    ];
    for (const route of routes) await load(route.url, 1); // warm up each route once (compile caches, first query)
    const results = [];
    for (const route of routes) results.push({ ...route, ...(await load(route.url, ROUNDS)) });
    const cheapest = results[0];
    if (!cheapest) return;
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(26)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  ` +
          `×${(r.p50 / cheapest.p50).toFixed(1)} / ×${(r.p95 / cheapest.p95).toFixed(1)} the cheapest  ` +
          `${(r.bytes / 1024).toFixed(1)} KB, ${r.failures} failed`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

/**
 * The demo group's finalized plan for five days in New Orleans, with a share link, in a fresh
 * PGlite at `dir`: the trip, the organizer's personal link and the share link's token.
 */
export async function seedSharedPlan(dir: string): Promise<{ tripId: string; organizerToken: string; token: string }> {
  rmSync(dir, { recursive: true, force: true });
  const before = process.env.PGLITE_DIR;
  process.env.PGLITE_DIR = dir;
  await closeDb();
  try {
    const members = demoMembers(new Date()).map((m) => m.preferences);
    const start = members[0]?.dates.windows[0]?.start;
    if (!start) throw new Error("the demo group has no dates");
    const { tripId, organizerToken } = await planningTrip([null, ...members], {
      slug: "new-orleans",
      start,
      end: addDays(start, 4),
    });
    const run = await runItinerary(tripId);
    if (run.status !== "succeeded") throw new Error(`the plan didn't generate: ${JSON.stringify(run.error)}`);
    await finalizeTripPlan({ tripId });
    const token = newToken();
    await replaceShareTokenHash({ tripId, tokenHash: hashToken(token) });
    return { tripId, organizerToken, token };
  } finally {
    await closeDb();
    process.env.PGLITE_DIR = before;
  }
}

export async function load(url: string, rounds: number, init?: RequestInit) {
  const latencies: number[] = [];
  let bytes = 0;
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const started = performance.now();
        const response = await fetch(url, init);
        const body = await response.arrayBuffer();
        latencies.push(performance.now() - started);
        bytes = body.byteLength;
        if (!response.ok) failures++;
      }),
    );
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), bytes, failures };
}

export async function waitUntilUp(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("next start didn't come up within 2 minutes");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
