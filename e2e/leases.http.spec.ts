import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { openSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createParser } from "eventsource-parser";
import postgres from "postgres";
import { type Caller, callAction, callFormAction, redirectedTrip, resultOf } from "./http/action-client";
import { PORT, url } from "./http/servers";

/**
 * Issue 32, runs on two production servers (`next start` twice, started here so the test can
 * restart and kill them) on one fresh PostgreSQL database, with model calls of 300 ms so a
 * recommendation run lasts a few seconds, and a lease of 6 s (takeover within 8 s; 20 s by default):
 * - restarting the other instance during a run adds no model call (it used to run it again);
 * - `kill -9` of the run's owner: the other instance takes the run over within the bound and
 *   finishes it exactly once, and a member watching on that instance sees it go on.
 * Model calls are counted where the budgets count them (`model_spend`, every call made).
 */

const SERVER = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const A = PORT + 18;
const B = PORT + 19;
const LEASE_SECONDS = 6;
const DB_NAME = `tripsync_e2e_leases_${A}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let databaseUrl = "";
let sql: postgres.Sql;
const servers = new Map<number, ChildProcess>();

function start(port: number): Promise<void> {
  const logFile = openSync(`.data/leases-${port}.log`, "a");
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      OFFLINE_MODEL_LATENCY_MS: "300",
      RUN_LEASE_SECONDS: String(LEASE_SECONDS),
      RATE_LIMIT_CREATE: "1000/600",
      RATE_LIMIT_MODEL: "1000/600",
      RATE_LIMIT_READ: "10000/60",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", logFile, logFile],
  });
  servers.set(port, child);
  return waitUntilUp(port);
}

async function waitUntilUp(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url(port)}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

async function stop(port: number, signal: NodeJS.Signals) {
  const child = servers.get(port);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
  servers.delete(port);
}

test.beforeAll(async () => {
  databaseUrl = execFileSync("node_modules/.bin/tsx", ["scripts/fresh-database.ts", SERVER, DB_NAME], {
    encoding: "utf8",
  }).trim();
  sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  // One first (it applies the migrations), then the other.
  await start(A);
  await start(B);
});

test.afterAll(async () => {
  for (const port of [...servers.keys()]) await stop(port, "SIGKILL");
  await sql?.end();
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`);
  await admin.end();
});

const ANSWERS = (vibes: string[], origin: string) => ({
  dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
  tripLength: { minDays: 4, maxDays: 6 },
  budget: { min: 800, max: 2500, hardLimit: false },
  vibes,
  pace: null,
  accommodation: null,
  dietary: [],
  accessibility: [],
  hardNos: [],
  mustHaves: [],
  scope: "either",
  origin,
  notes: "",
});

/** A trip made on `port` whose organizer answered, and its Generate pressed there: the run is that server's. */
async function generateOn(request: APIRequestContext, port: number) {
  const c: Caller = { request, base: url(port), client: "127.0.0.1" };
  const created = await callFormAction(c, "/", "createTripAction", { tripName: "Lease trip", organizerName: "Olga" });
  const tripId = redirectedTrip(created) as string;
  expect(tripId).toBeTruthy();
  const saved = await callAction(c, `/trips/${tripId}/preferences`, "savePreferencesAction", [
    { tripId, expectedVersion: 0, preferences: ANSWERS(["food", "culture"], "Boston") },
  ]);
  expect(await resultOf(saved)).toMatchObject({ ok: true });
  const generated = await callAction(c, `/trips/${tripId}`, "generateRecommendationsAction", [tripId]);
  expect(generated.status()).toBe(200);
  const [run] = await sql<{ id: string; lease_owner: string }[]>`
    select id, lease_owner from pipeline_runs where trip_id = ${tripId} order by created_at desc limit 1`;
  expect(run).toBeTruthy();
  return { tripId, runId: (run as { id: string }).id, caller: c };
}

async function runStatus(runId: string) {
  const [run] = await sql<{ status: string; lease_owner: string | null }[]>`
    select status, lease_owner from pipeline_runs where id = ${runId}`;
  return run;
}

async function stepsDone(runId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from run_steps where run_id = ${runId}`;
  return row?.n ?? 0;
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ended = (runId: string) => async () => (await runStatus(runId))?.status !== "running";

/** Model calls made for a trip, where the budgets count them (every call, whichever process made it). */
async function modelCalls(tripId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(calls), 0)::int as n from model_spend where trip_id = ${tripId}`;
  return row?.n ?? 0;
}

/** Model calls the run's own record counts (its recorded steps' usage): a call made twice isn't in it. */
async function recordedCalls(runId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select (usage->>'calls')::int as n from pipeline_runs where id = ${runId}`;
  return row?.n ?? -1;
}

/** Every step's result stored once, every progress row once, one pack: the run happened exactly once. */
async function expectExactlyOnce(runId: string) {
  const [dupes] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select step_id, kind from progress_events where run_id = ${runId}
    group by step_id, kind having count(*) > 1) d`;
  expect(dupes?.n).toBe(0);
  const [packs] = await sql<{ n: number }[]>`select count(*)::int as n from recommendations where run_id = ${runId}`;
  expect(packs?.n).toBe(1);
  const [stored] = await sql<{ n: number }[]>`
    select count(*)::int as n from run_steps where run_id = ${runId} and step_id = 'store'`;
  expect(stored?.n).toBe(1);
}

let alone = 0;

test("a run alone: its model calls, the figure the next runs are compared with", async ({ request }) => {
  const { tripId, runId } = await generateOn(request, A);
  await waitFor("the run to end", ended(runId));
  expect((await runStatus(runId))?.status).toBe("succeeded");
  alone = await modelCalls(tripId);
  expect(alone).toBe(await recordedCalls(runId));
  // Hand count for this trip (one member, offline model): at least the guard, the normalizer,
  // the shortlist and three cards — the exact figure is the same for the same answers.
  expect(alone).toBeGreaterThanOrEqual(6);
  await expectExactlyOnce(runId);
});

test("restarting the other instance during a run adds no model call", async ({ request }) => {
  const { tripId, runId } = await generateOn(request, A);
  await waitFor("the run to be under way", async () => (await stepsDone(runId)) >= 2);
  expect((await runStatus(runId))?.status).toBe("running");
  await stop(B, "SIGTERM");
  await start(B);
  await waitFor("the run to end", ended(runId));
  expect((await runStatus(runId))?.status).toBe("succeeded");
  // The same answers, the same calls: the restarted instance left A's run alone.
  expect(await modelCalls(tripId)).toBe(alone);
  expect(await modelCalls(tripId)).toBe(await recordedCalls(runId));
  await expectExactlyOnce(runId);
});

test("kill -9 of the run's owner: the other instance finishes it within the lease bound, exactly once, and a watcher there sees it go on", async ({
  request,
}) => {
  const { tripId, runId } = await generateOn(request, A);
  // A member watching on B: the trip's live channel there (the organizer's cookie, one database).
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const seen: { kind: string; at: number }[] = [];
  const watching = new AbortController();
  const stream = await fetch(`${url(B)}/api/trips/${tripId}/events`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: watching.signal,
  });
  expect(stream.status).toBe(200);
  const parser = createParser({
    onEvent: (message) => {
      const kind = (JSON.parse(message.data) as { kind?: string }).kind ?? message.event ?? "";
      seen.push({ kind, at: Date.now() });
    },
  });
  const reading = (async () => {
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {}
  })();

  await waitFor("the run to be under way", async () => (await stepsDone(runId)) >= 3);
  const before = await stepsDone(runId);
  const owner = (await runStatus(runId))?.lease_owner;
  await stop(A, "SIGKILL");
  const killedAt = Date.now();
  expect((await runStatus(runId))?.status).toBe("running");
  // B takes it over once A's lease has run out: within the lease and a sweep (8 s here; 20 s by default)…
  await waitFor("B to take the run over", async () => (await runStatus(runId))?.lease_owner !== owner, 30_000);
  const takeover = (Date.now() - killedAt) / 1000;
  expect(takeover).toBeLessThanOrEqual((LEASE_SECONDS * 4) / 3 + 2);
  // …and carries it on from the steps A recorded.
  await waitFor("B to record a step", async () => (await stepsDone(runId)) > before, 30_000);
  await waitFor("the run to end", ended(runId), 60_000);
  expect((await runStatus(runId))?.status).toBe("succeeded");
  await expectExactlyOnce(runId);
  // The calls the run made, with at most the few A had in flight when it died made again.
  const calls = await modelCalls(tripId);
  expect(calls).toBeGreaterThanOrEqual(alone);
  expect(calls).toBeLessThanOrEqual(alone + 6);

  // The watcher on B saw the run go on after the kill, and end.
  await waitFor("the watcher to see the end", async () => seen.some((e) => e.kind === "run.ended"), 10_000);
  expect(seen.filter((e) => e.kind === "run.progress" && e.at > killedAt).length).toBeGreaterThan(0);
  watching.abort();
  await reading;
  await start(A);
});
