import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, rmSync } from "node:fs";
import postgres from "postgres";

/**
 * Production servers (`next start` on the build in .next) sharing one fresh PostgreSQL
 * database, for tests and benchmarks of what holds across processes (the two-instance suite,
 * `npm run bench -- instances`). Each logs to its own file; `stop()` ends them (by their pid)
 * and drops the database. No imports from lib/: this runs outside the app.
 */

export interface ProductionServers {
  /** `http://127.0.0.1:<port>` of each server, in order. */
  bases: string[];
  logs: string[];
  databaseUrl: string;
  /** A connection of its own to the servers' database (for faults and checks). */
  admin: postgres.Sql;
  stop(): Promise<void>;
}

/** The Postgres server to make the database on: E2E_POSTGRES_URL (CI), else the local one. */
export function postgresServerUrl(): string {
  return process.env.E2E_POSTGRES_URL ?? process.env.CI_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

export function hasBuild(): boolean {
  return existsSync(".next/BUILD_ID");
}

export async function startProductionServers({
  name,
  ports,
  env = {},
  serverUrl = postgresServerUrl(),
}: {
  /** Database and log names: `tripsync_<name>`, `.data/<name>-<i>.log`. */
  name: string;
  ports: number[];
  env?: Record<string, string>;
  serverUrl?: string;
}): Promise<ProductionServers> {
  const database = `tripsync_${name}`;
  const maintenance = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await maintenance.unsafe(`drop database if exists "${database}" with (force)`);
  await maintenance.unsafe(`create database "${database}"`);
  await maintenance.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  mkdirSync(".data", { recursive: true });
  const logs = ports.map((_, i) => `.data/${name}-${String.fromCharCode(97 + i)}.log`);
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    await admin.end({ timeout: 1 }).catch(() => {});
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists "${database}" with (force)`);
    await cleanup.end();
  };
  const admin = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    // One after the other: the first migrates the database, the second finds it migrated.
    for (const [i, port] of ports.entries()) {
      const log = openSync(logs[i] as string, "w");
      const child = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          LOG_LEVEL: "info",
          ...env,
          DATABASE_URL: databaseUrl,
        },
        stdio: ["ignore", log, log],
      });
      children.push(child);
      await waitUntilHealthy(`http://127.0.0.1:${port}`, child);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { bases: ports.map((port) => `http://127.0.0.1:${port}`), logs, databaseUrl, admin, stop };
}

/**
 * One production server (`next start` on the build in .next) on an embedded database of its
 * own (PGlite in `.data/<name>`, emptied first), logging to `.data/<name>.log`.
 */
export async function startEmbeddedServer({
  name,
  port,
  env = {},
}: {
  name: string;
  port: number;
  env?: Record<string, string>;
}): Promise<{ base: string; log: string; stop(): Promise<void> }> {
  const dir = `.data/${name}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(".data", { recursive: true });
  const log = `.data/${name}.log`;
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "info",
      ...env,
      PGLITE_DIR: dir,
    },
    stdio: ["ignore", openSync(log, "w"), openSync(log, "a")],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(base, child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, log, stop: () => stopChild(child) };
}

async function waitUntilHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${base} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server for ${base} did not answer within 2 minutes`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
