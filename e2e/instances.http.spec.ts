import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type ProductionServers, startProductionServers } from "../test/production-servers";
import { type Caller, callAction, callFormAction, redirectedTrip, resultOf } from "./http/action-client";
import { INSTANCE_PORTS, PORT } from "./http/servers";

/**
 * Two production servers (`next start`) on one fresh PostgreSQL database, as an operator runs
 * TripSync on more than one process: a limit is one allowance whichever server counts it, a
 * write on one reaches a viewer on the other, and both come back at once after the database cut
 * their connections. The servers are started here (not in playwright.config.ts), on E2E_PORT+20
 * and +21, with small limits; the database is made on E2E_POSTGRES_URL's server (CI), else the
 * local one, and dropped afterwards.
 */

test.describe.configure({ mode: "serial" });

let servers: ProductionServers;
let A: string;
let B: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  servers = await startProductionServers({
    name: `instances_${PORT}`,
    ports: INSTANCE_PORTS,
    // The test runner plays the reverse proxy in front of both (it writes X-Forwarded-For).
    env: { TRUST_PROXY: "1", RATE_LIMIT_SAVE: "5/60" },
  });
  [A, B] = servers.bases as [string, string];
});

test.afterAll(async () => {
  await servers?.stop();
});

const PREFERENCES = {
  dates: { flexible: true, windows: [] },
  tripLength: { minDays: 3, maxDays: 5 },
  budget: { min: 500, max: 900, hardLimit: false },
  vibes: ["food"],
  pace: null,
  accommodation: null,
  dietary: [],
  accessibility: [],
  hardNos: [],
  mustHaves: [],
  scope: "either",
  origin: null,
  notes: "",
};

/** One client (one address) talking to server `base`. */
const as = (request: APIRequestContext, base: string, client: string): Caller => ({ request, base, client });

async function newTripOn(c: Caller): Promise<string> {
  const created = await callFormAction(c, "/", "createTripAction", { tripName: "Two servers", organizerName: "Olga" });
  const tripId = redirectedTrip(created);
  expect(tripId).toBeTruthy();
  return tripId as string;
}

async function save(c: Caller, tripId: string, expectedVersion: number, notes = "") {
  return resultOf(
    await callAction(c, `/trips/${tripId}/preferences`, "savePreferencesAction", [
      { tripId, expectedVersion, preferences: { ...PREFERENCES, notes } },
    ]),
  );
}

async function statusText(base: string): Promise<string> {
  return (await (await fetch(`${base}/status`)).text()).replace(/<[^>]+>/g, " ");
}

/** The browser's cookies as a Cookie header (cookies belong to the host, so both servers get them). */
async function cookieHeader(request: APIRequestContext): Promise<string> {
  return (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Opens the trip's live channel on `base` and collects what it says. */
async function openLive(base: string, tripId: string, cookie: string, client: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/trips/${tripId}/events`, {
    headers: { cookie, accept: "text/event-stream", "x-forwarded-for": client },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  let text = "";
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    text: () => text,
    /** Resolves when the stream has said something matching `pattern`. */
    async said(pattern: RegExp, timeout = 10_000) {
      await expect.poll(() => pattern.test(text), { timeout, intervals: [20] }).toBe(true);
    },
    close: () => controller.abort(),
  };
}

test("a member's saves share one allowance across both servers: 3 on one and 2 on the other use up 5; the 6th is refused on either", async ({
  request,
}) => {
  const client = "203.0.113.51";
  const tripId = await newTripOn(as(request, A, client));
  const onA = as(request, A, client);
  const onB = as(request, B, client);
  const results = [];
  for (const [i, c] of [onA, onA, onA, onB, onB].entries()) results.push(await save(c, tripId, i, `save ${i + 1}`));
  expect(results.map((r) => r?.ok)).toEqual([true, true, true, true, true]);
  const refused = { ok: false, code: "too_many:rate", message: expect.stringMatching(/saved a lot of times/) };
  expect(await save(onA, tripId, 5, "sixth on A")).toMatchObject(refused);
  expect(await save(onB, tripId, 5, "sixth on B")).toMatchObject(refused);
  // One counter, in the database: 5 saves granted + 2 refused = 7 points.
  const counters = await servers.admin`select points from rate_limits where key like 'save:%'`;
  expect(counters.map((row) => row.points)).toEqual([7]);
  for (const base of [A, B]) expect(await statusText(base)).toMatch(/Rate limits\s+shared \(PostgreSQL\)/);
});

test("the 21st sign-in attempt from one address gets a 429 with Retry-After, whichever server it reaches; recovery links count with them", async ({
  request,
  playwright,
}) => {
  // Someone joins a trip on each server first: the join form counts on the same limit (another
  // key), so the server already holds that limiter when the sign-in links arrive.
  const tripId = await newTripOn(as(request, A, "203.0.113.60"));
  const snapshot = await (await request.get(`${A}/api/trips/${tripId}/snapshot`)).json();
  const inviteToken = String(snapshot.trip.invitePath).split("/").pop() as string;
  for (const [base, name] of [
    [A, "Ann"],
    [B, "Bo"],
  ] as const) {
    const guest = await playwright.request.newContext();
    const joined = await callFormAction(
      as(guest, base, `203.0.113.6${name.length}`),
      `/join/${inviteToken}`,
      "joinTripAction",
      {
        inviteToken,
        name,
      },
    );
    expect(await resultOf(joined)).toMatchObject({ ok: true, tripId });
    await guest.dispose();
  }
  const client = "203.0.113.52";
  const open = (base: string, path: string) =>
    fetch(`${base}${path}/${randomBytes(32).toString("base64url")}`, {
      redirect: "manual",
      headers: { "x-forwarded-for": client },
    });
  const statuses = [];
  // The join limit counts sign-in links: 20 in 10 minutes per client (the default). 10 on each server…
  for (let i = 0; i < 20; i++) statuses.push((await open(i % 2 === 0 ? A : B, "/signin")).status);
  expect(statuses).toEqual(Array(20).fill(303));
  // …so the 21st is refused on either.
  for (const [base, path] of [
    [A, "/signin"],
    [B, "/signin"],
    [B, "/recover"],
  ] as const) {
    const refused = await open(base, path);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    // The window is 600 s from the first attempt, a few seconds ago.
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.text()).toContain("Too many sign-in attempts");
  }
  // Another address is unaffected.
  const other = await fetch(`${A}/signin/${randomBytes(32).toString("base64url")}`, {
    redirect: "manual",
    headers: { "x-forwarded-for": "203.0.113.53" },
  });
  expect(other.status).toBe(303);
});

test("a write on one server reaches a viewer of the live channel on the other", async ({ request }) => {
  const client = "203.0.113.54";
  const tripId = await newTripOn(as(request, A, client));
  const live = await openLive(B, tripId, await cookieHeader(request), client);
  await live.said(/event: live/);
  const started = Date.now();
  expect(await save(as(request, A, client), tripId, 0, "from A")).toMatchObject({ ok: true });
  await live.said(/"kind":"preferences\.saved"/);
  console.log(`  save on A → viewer on B: ${Date.now() - started} ms`);
  expect(live.text()).not.toContain("from A"); // answers never travel
  live.close();
});

test("when the limits' table can't be used, /status says they are per process and the log warns once; they are shared again after", async ({
  request,
}) => {
  const client = "203.0.113.56";
  const tripId = await newTripOn(as(request, A, client));
  await servers.admin`alter table rate_limits rename to rate_limits_away`;
  try {
    // Saves still work, counted in A's memory.
    expect(await save(as(request, A, client), tripId, 0, "one")).toMatchObject({ ok: true });
    expect(await save(as(request, A, client), tripId, 1, "two")).toMatchObject({ ok: true });
    expect(await statusText(A)).toMatch(/Rate limits\s+per process/);
  } finally {
    await servers.admin`alter table rate_limits_away rename to rate_limits`;
  }
  const warnings = readFileSync(servers.logs[0] as string, "utf8")
    .split("\n")
    .filter((line) => line.includes("rate limits are per process"));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('"level":40'); // pino's warn
  expect(warnings[0]).toContain('"err":');
  expect(await save(as(request, A, client), tripId, 2, "three")).toMatchObject({ ok: true });
  expect(await statusText(A)).toMatch(/Rate limits\s+shared \(PostgreSQL\)/);
});

test("after the database cut every connection, both servers are healthy within a second and the live channel delivers again", async ({
  request,
}) => {
  const client = "203.0.113.55";
  const tripId = await newTripOn(as(request, A, client));
  const live = await openLive(B, tripId, await cookieHeader(request), client);
  await live.said(/event: live/);
  await servers.admin`
    select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()`;
  const started = Date.now();
  for (const base of [A, B]) {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  }
  expect(Date.now() - started).toBeLessThan(1_000);
  // B's listener reconnected: a save on A reaches B's viewer.
  await expect
    .poll(async () => (await save(as(request, A, client), tripId, 0, "after the cut"))?.ok, { timeout: 10_000 })
    .toBe(true);
  await live.said(/"kind":"preferences\.saved"/);
  live.close();
  for (const file of servers.logs) expect(readFileSync(file, "utf8")).not.toMatch(/reading 'sort'|unhandledRejection/);
});
