import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build (`next build` runs first, see
 * `npm run test:e2e`) on a fresh embedded database. Browser: Playwright's own Chromium,
 * or the one at CHROMIUM_PATH (on machines without Playwright's download, Debian's
 * `chromium` package at /usr/bin/chromium is picked up automatically).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
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
  webServer: {
    command: `rm -rf .data/e2e && node_modules/.bin/next start -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    // A little simulated model latency, so the live timeline is really seen working.
    env: { PGLITE_DIR: ".data/e2e", NEXT_TELEMETRY_DISABLED: "1", OFFLINE_MODEL_LATENCY_MS: "120" },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
