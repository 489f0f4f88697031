/**
 * Run leases on two production servers (`next start` twice on one fresh PostgreSQL database,
 * offline model at 300 ms a call, the default lease): model calls of a recommendation run
 * while the other instance restarts vs the same run alone (goal: equal), and seconds from
 * `kill -9` of the run's owner to the other instance carrying it on (goal: ≤ 30). For the
 * kill, the owner is started with model calls of KILLED_OWNER_LATENCY_MS, so its run is
 * still going when the other instance is up (a server takes seconds to start on a busy
 * machine) and the kill lands mid-run. Needs
 * `npm run build` first and a PostgreSQL server (BENCH_POSTGRES_URL, default the local one).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import postgres from "postgres";
import { freePort, waitUntilUp } from "./share";

const SERVER = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "tripsync_bench_leases";
const LATENCY_MS = 300;
const KILLED_OWNER_LATENCY_MS = 3000;

export async function benchLeases(): Promise<void> {
  console.log("\nrun leases: two next start instances on one PostgreSQL, model calls at 300 ms, default lease");
  if (!existsSync(".next/BUILD_ID")) {
    console.log("  skipped: needs a production build (run `npm run build` first)");
    return;
  }
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
    await admin.unsafe(`create database "${DB_NAME}"`);
  } catch (error) {
    console.log(`  skipped: no PostgreSQL server at ${SERVER} (${(error as Error).message})`);
    await admin.end();
    return;
  }
  const url = new URL(SERVER);
  url.pathname = `/${DB_NAME}`;
  const databaseUrl = url.toString();
  // The seeding below runs in this process, on the same database.
  process.env.DATABASE_URL = databaseUrl;
  const { closeDb } = await import("@/lib/db/client");
  const { createRunOrGetActive } = await import("@/lib/db/queries/runs");
  const { answers, tripWithAnswers } = await import("@/test/fixtures");
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const servers: ChildProcess[] = [];
  const start = async (port: number, latencyMs = LATENCY_MS) => {
    const server = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        OFFLINE_MODEL_LATENCY_MS: String(latencyMs),
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    servers.push(server);
    await waitUntilUp(`http://127.0.0.1:${port}/api/health`, server);
    return server;
  };
  const stop = async (server: ChildProcess, signal: NodeJS.Signals) => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill(signal);
    await exited;
  };
  const stepsDone = async (runId: string) =>
    (await sql<{ n: number }[]>`select count(*)::int as n from run_steps where run_id = ${runId}`)[0]?.n ?? 0;
  const status = async (runId: string) =>
    (await sql<{ status: string }[]>`select status from pipeline_runs where id = ${runId}`)[0]?.status;
  const calls = async (tripId: string) =>
    (await sql<{ n: number }[]>`select coalesce(sum(calls), 0)::int as n from model_spend where trip_id = ${tripId}`)[0]
      ?.n ?? 0;
  const until = async (check: () => Promise<boolean>, ms = 120_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** A run nobody holds yet: the one instance up takes it over at its next sweep, and owns it. */
  const newRun = async () => {
    const trip = await tripWithAnswers([
      { name: "Olga", answers: answers({ vibes: ["food", "culture"], origin: "Boston" }) },
      { name: "Ben", answers: answers({ vibes: ["beach"], origin: "Denver" }) },
    ]);
    const { run } = await createRunOrGetActive({
      tripId: trip.tripId,
      kind: "recommendations",
      engine: "local",
      requestedBy: null,
    });
    return { tripId: trip.tripId, runId: run.id };
  };
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    let a = await start(portA);
    let b = await start(portB);

    // Alone: B is down, A runs it.
    await stop(b, "SIGTERM");
    const first = await newRun();
    await until(async () => (await status(first.runId)) !== "running");
    const alone = await calls(first.tripId);

    // B stopped before and started during A's run (a restart): it leaves A's run alone.
    const second = await newRun();
    await until(async () => (await stepsDone(second.runId)) >= 2);
    b = await start(portB);
    await until(async () => (await status(second.runId)) !== "running");
    const withRestart = await calls(second.tripId);
    console.log(
      `  model calls: run alone ${alone}, with a restart of the other instance during it ${withRestart} (goal: equal)`,
    );

    // kill -9 of the owner: B carries the run on once A's lease runs out. A runs slowly this time
    // (KILLED_OWNER_LATENCY_MS a call), so its run outlasts B's start.
    await stop(b, "SIGTERM");
    await stop(a, "SIGTERM");
    a = await start(portA, KILLED_OWNER_LATENCY_MS);
    const third = await newRun();
    await until(async () => (await stepsDone(third.runId)) >= 2);
    b = await start(portB);
    if ((await status(third.runId)) !== "running") {
      console.log(
        `  kill -9 of the run's owner: not measured (the run was ${await status(third.runId)} before B was up)`,
      );
      return;
    }
    const before = await stepsDone(third.runId);
    const callsBeforeKill = await calls(third.tripId);
    await stop(a, "SIGKILL");
    const killed = performance.now();
    await until(async () => (await stepsDone(third.runId)) > before, 60_000);
    const takeover = (performance.now() - killed) / 1000;
    await until(async () => (await status(third.runId)) !== "running");
    console.log(
      `  kill -9 of the run's owner (after ${before} steps, ${callsBeforeKill} model calls): taken over after ` +
        `${takeover.toFixed(1)} s (goal: ≤ 30), run ${await status(third.runId)}, ${await stepsDone(third.runId)} steps`,
    );
    a = await start(portA);
    await stop(a, "SIGTERM");
  } finally {
    for (const server of servers) await stop(server, "SIGKILL");
    await sql.end();
    await closeDb();
    await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
    await admin.end();
  }
}
