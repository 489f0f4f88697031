import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build (`next build` runs first, see
 * `npm run test:e2e`) on a fresh embedded database. Browser: Playwright's own Chromium,
 * or the one at CHROMIUM_PATH (on machines without Playwright's download, Debian's
 * `chromium` package at /usr/bin/chromium is picked up automatically).
 */
import { EXPOSED_LOG, EXPOSED_PORT, PORT, SIGNED_LOG, SIGNED_PORT, SIGNED_PUBLIC_URL } from "./e2e/http/servers";

/**
 * Two more production servers for the hardening suite (e2e/hardening.http.spec.ts), each
 * logging to a file the tests read:
 * - "exposed": INNGEST_DEV set on a production server bound to loopback behind "a reverse
 *   proxy on the same host" — the test runner plays that proxy (TRUST_PROXY=1, it writes
 *   X-Forwarded-For), small rate limits, and real Postgres when E2E_POSTGRES_URL names a
 *   server (CI does; a fresh database is made for the run), else PGlite;
 * - "signed": Inngest configured with event and signing keys, on loopback, no trusted
 *   proxy (clients are told apart by their socket) and a configured PUBLIC_URL.
 * The main server has neither TRUST_PROXY nor PUBLIC_URL.
 */
const exposedDatabase = process.env.E2E_POSTGRES_URL
  ? `DATABASE_URL=$(node_modules/.bin/tsx scripts/fresh-database.ts "$E2E_POSTGRES_URL" tripsync_e2e_${EXPOSED_PORT})`
  : `PGLITE_DIR=.data/http-exposed`;
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  // One browser test at a time on CI's 2 cores: the multi-browser live tests measure "on
  // everyone's page within 2 s", which a second test's browsers and runs on the same cores distort.
  workers: process.env.CI ? 1 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf .data/e2e && node_modules/.bin/next start -p ${PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/`,
      // Simulated model latency, so a run lasts a few seconds and its live timeline is really seen
      // working (on every member's page, and across a reload mid-run). Every browser test comes
      // from this one address, so trip creation is limited generously.
      env: {
        PGLITE_DIR: ".data/e2e",
        NEXT_TELEMETRY_DISABLED: "1",
        OFFLINE_MODEL_LATENCY_MS: "1000",
        RATE_LIMIT_CREATE: "1000/600",
        RATE_LIMIT_JOIN: "1000/600",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `rm -rf .data/http-exposed && mkdir -p .data && ${exposedDatabase} exec node_modules/.bin/next start -p ${EXPOSED_PORT} -H 127.0.0.1 > ${EXPOSED_LOG} 2>&1`,
      url: `http://127.0.0.1:${EXPOSED_PORT}/`,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        INNGEST_DEV: "1",
        TRUST_PROXY: "1",
        RATE_LIMIT_CREATE: "3/600",
        RATE_LIMIT_SAVE: "5/60",
        RATE_LIMIT_READ: "5/60",
        LOG_LEVEL: "info",
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `rm -rf .data/http-signed && mkdir -p .data && exec node_modules/.bin/next start -p ${SIGNED_PORT} -H 127.0.0.1 > ${SIGNED_LOG} 2>&1`,
      url: `http://127.0.0.1:${SIGNED_PORT}/`,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        PGLITE_DIR: ".data/http-signed",
        INNGEST_EVENT_KEY: "e2e-event-key",
        INNGEST_SIGNING_KEY: "signkey-test-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        INNGEST_BASE_URL: "http://127.0.0.1:9",
        PUBLIC_URL: SIGNED_PUBLIC_URL,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
