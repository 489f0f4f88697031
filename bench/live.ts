/**
 * The live channel under load, on an in-memory PGlite, over real HTTP (a node server handing
 * requests to the same handler as the route, see test/live-server.ts), clients in-process:
 *
 * 1. 200 open live connections across 20 trips (10 members each) while answers are saved:
 *    fan-out latency from the write to every client of the trip, and database statements per
 *    second — against today's design replayed on the same data: one polling loop per open
 *    connection (the old progress stream: 2 queries every 250 ms) carrying the same number of
 *    writes, with answers themselves only reaching members through the 30-second page refresh.
 * 2. The stream caps: 100 streams from one member at once, counted accepted / refused, and
 *    another trip's dashboard snapshot latency unloaded and during that burst.
 *
 * Prints figures, never fails.
 */
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb, statementsIssued } from "@/lib/db/client";
import { addProgressEvent, createRunOrGetActive, getRun, listProgressEvents } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { STREAM_LIMITS } from "@/lib/live/stream-slots";
import { MemberPreferences } from "@/lib/schemas/preferences";
import type { TripEvent } from "@/lib/schemas/trip-events";
import { loadDashboard } from "@/lib/views/dashboard";
import { browser, type TestBrowser } from "@/test/browser";
import { answers } from "@/test/fixtures";
import { openLiveChannel, type SseClient, startLiveServer } from "@/test/live-server";
import { percentile, syntheticGroup } from "./aggregation";

const TRIPS = 20;
const MEMBERS_PER_TRIP = 10;
const ROUNDS = 6;
const ROUND_GAP_MS = 300;
const LEGACY_POLL_MS = 250;
const LEGACY_REFRESH_S = 30;
const BURST = 100;

type Trip = { tripId: string; members: { id: string; who: TestBrowser; version: number }[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function makeTrips(): Promise<Trip[]> {
  const group = syntheticGroup(MEMBERS_PER_TRIP * 2, 3, 11).filter((m) => m.preferences);
  const trips: Trip[] = [];
  for (let t = 0; t < TRIPS; t++) {
    const tokens = Array.from({ length: MEMBERS_PER_TRIP }, () => newToken());
    const [organizerToken, ...memberTokens] = tokens;
    const { trip } = await createTripWithOrganizer({
      name: `Bench trip ${t}`,
      inviteToken: newToken(),
      organizer: { name: "Organizer", tokenHash: hashToken(organizerToken ?? "") },
      answeredMembers: memberTokens.map((token, i) => ({
        name: `Member ${i}`,
        tokenHash: hashToken(token),
        preferences: group[i % group.length]?.preferences ?? MemberPreferences.parse(answers()),
      })),
    });
    const members = [];
    for (const token of tokens) {
      const who = browser(new Map([[tripCookieName(trip.id), token]]));
      const caller = await requireMember(who.ctx, trip.id);
      members.push({ id: caller.member.id, who, version: caller.isOrganizer ? 0 : 1 });
    }
    trips.push({ tripId: trip.id, members });
  }
  return trips;
}

function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

/** The live channel: one stream per member, answers saved round after round. */
async function liveFanOut(trips: Trip[], url: Awaited<ReturnType<typeof startLiveServer>>) {
  const clients: { tripId: string; client: SseClient }[] = [];
  for (const trip of trips) {
    const opened = await Promise.all(trip.members.map((m) => openLiveChannel(url, trip.tripId, m.who)));
    await Promise.all(opened.map((c) => c.next((m) => m.event === "live")));
    for (const client of opened) clients.push({ tripId: trip.tripId, client });
  }
  const latencies: number[] = [];
  const statementsBefore = statementsIssued();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      trips.map(async (trip) => {
        const writer = trip.members[1 + (round % (MEMBERS_PER_TRIP - 1))];
        if (!writer) return;
        // People don't save in lockstep: each trip's write lands somewhere in the round.
        await sleep(Math.random() * ROUND_GAP_MS);
        const sentAt = performance.now();
        const saved = await actions.savePreferences(writer.who.ctx, {
          tripId: trip.tripId,
          expectedVersion: writer.version,
          preferences: answers({ notes: `round ${round}` }),
        });
        if (!saved.ok) throw new Error(saved.message);
        writer.version = saved.data.version;
        const receivers = clients.filter((c) => c.tripId === trip.tripId);
        await Promise.all(
          receivers.map(async ({ client }) => {
            // Each round has its own writer, so the first match is this write's event.
            await client.next((m) => {
              if (m.event !== undefined) return false;
              const event = JSON.parse(m.data) as TripEvent;
              return event.kind === "preferences.saved" && event.memberId === writer.id;
            });
            latencies.push(performance.now() - sentAt);
          }),
        );
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const statements = statementsIssued() - statementsBefore;
  return { clients, latencies, statements, seconds, writes: ROUNDS * TRIPS };
}

/** Today's design on the same data: one 250 ms polling loop per open connection, the same writes as progress rows. */
async function legacyPolling(trips: Trip[]) {
  const runs = await Promise.all(
    trips.map((t) =>
      createRunOrGetActive({ tripId: t.tripId, kind: "recommendations", engine: "local", requestedBy: null }),
    ),
  );
  let polling = true;
  let polls = 0;
  const seen = new Map<string, { lastId: number; waiters: ((id: number) => void)[] }>();
  const loops = trips.flatMap((trip, t) =>
    trip.members.map(async (_member, m) => {
      const runId = runs[t]?.run.id ?? "";
      const key = `${t}:${m}`;
      const state = { lastId: 0, waiters: [] as ((id: number) => void)[] };
      seen.set(key, state);
      await sleep(Math.random() * LEGACY_POLL_MS);
      while (polling) {
        const rows = await listProgressEvents({ runId, afterId: state.lastId });
        await getRun({ runId });
        polls++;
        for (const row of rows) {
          state.lastId = Math.max(state.lastId, row.id);
          for (const waiter of state.waiters.splice(0)) waiter(row.id);
        }
        await sleep(LEGACY_POLL_MS);
      }
    }),
  );
  await sleep(LEGACY_POLL_MS * 2);
  const latencies: number[] = [];
  const pollsBefore = polls;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      trips.map(async (trip, t) => {
        const runId = runs[t]?.run.id ?? "";
        await sleep(Math.random() * ROUND_GAP_MS);
        const sentAt = performance.now();
        const arrivals = trip.members.map(
          (_m, m) =>
            new Promise<void>((resolve) => {
              seen.get(`${t}:${m}`)?.waiters.push(() => {
                latencies.push(performance.now() - sentAt);
                resolve();
              });
            }),
        );
        await addProgressEvent({
          runId,
          stepId: `bench:${round}`,
          stage: "load",
          kind: "started",
          message: "bench",
          level: "info",
          detail: null,
        });
        await Promise.all(arrivals);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // Two queries per poll, plus each write's single insert as it was before the live channel.
  const statements = 2 * (polls - pollsBefore) + ROUNDS * TRIPS;
  polling = false;
  await Promise.all(loops);
  return { latencies, statements, seconds, writes: ROUNDS * TRIPS };
}

/** 100 streams from one member at once; another trip's snapshot latency before and during. */
async function streamCaps(trips: Trip[], server: Awaited<ReturnType<typeof startLiveServer>>) {
  const [noisy, quiet] = trips;
  const member = noisy?.members[0];
  const reader = quiet?.members[0];
  if (!noisy || !quiet || !member || !reader) throw new Error("no trips");
  const snapshot = async () => {
    // PGlite answers in microtasks: yield first, as a request arriving over HTTP would, or a
    // tight loop of snapshots would starve the streams' sockets.
    await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    await loadDashboard(await requireMember(reader.who.ctx, quiet.tripId));
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await snapshot();
  const unloaded: number[] = [];
  for (let i = 0; i < 40; i++) unloaded.push(await snapshot());

  const loaded: number[] = [];
  let bursting = true;
  const sampling = (async () => {
    while (bursting) loaded.push(await snapshot());
  })();
  const attempts = await Promise.all(
    Array.from({ length: BURST }, () => openLiveChannel(server, noisy.tripId, member.who)),
  );
  // Keep sampling while the accepted streams replay and stay open.
  for (let i = 0; i < 10; i++) loaded.push(await snapshot());
  bursting = false;
  await sampling;
  for (const attempt of attempts) attempt.close();
  const accepted = attempts.filter((a) => a.status === 200).length;
  const refused = attempts.filter((a) => a.status === 429).length;
  const before = percentile(
    [...unloaded].sort((a, b) => a - b),
    50,
  );
  const during = percentile(
    [...loaded].sort((a, b) => a - b),
    50,
  );
  return { accepted, refused, before, during };
}

export async function benchLive(): Promise<void> {
  // Never write benchmark rows into a configured database.
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const trips = await makeTrips();
  const server = await startLiveServer();

  const live = await liveFanOut(trips, server);
  const legacy = await legacyPolling(trips);
  for (const { client } of live.clients) client.close();
  await sleep(100);
  const caps = await streamCaps(trips, server);
  await server.close();
  await sleep(100);
  await closeDb();

  const connections = TRIPS * MEMBERS_PER_TRIP;
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\nlive updates: ${connections} open connections across ${TRIPS} trips, ${live.writes} writes in ${ROUNDS} rounds (PGlite in memory, one process)`,
  );
  const row = (design: string, travels: string, measured: typeof live | typeof legacy) => {
    const { p50, p95, max } = stats(measured.latencies);
    return {
      design,
      "what travels": travels,
      "p50 ms": f(p50),
      "p95 ms": f(p95),
      "max ms": f(max),
      "db statements/s": f(measured.statements / measured.seconds),
      "statements per write": f(measured.statements / measured.writes),
    };
  };
  console.table([
    row("live channel (one listener per trip)", "saved answers", live),
    row(`before: a ${LEGACY_POLL_MS} ms polling loop per connection`, "run progress rows", legacy),
    {
      design: `before: ${LEGACY_REFRESH_S} s page refresh per open dashboard`,
      "what travels": "saved answers",
      "p50 ms": f((LEGACY_REFRESH_S * 1000) / 2),
      "p95 ms": f(LEGACY_REFRESH_S * 1000 * 0.95),
      "max ms": f(LEGACY_REFRESH_S * 1000),
      "db statements/s": `+ ${f(connections / LEGACY_REFRESH_S)} page renders/s`,
      "statements per write": "",
    },
  ]);
  console.log(
    `  Live: the statements are the writes' own (authorize, save, publish); fan-out to the ${MEMBERS_PER_TRIP} open pages of a trip costs none.`,
  );
  console.log(
    `  Polling: ${f((2 * 1000) / LEGACY_POLL_MS)} statements/s per open connection whether anything changes or not (${f((connections * 2 * 1000) / LEGACY_POLL_MS)}/s asked for ${connections}; the measured rate is what the database kept up with, hence the slower arrivals).`,
  );
  console.log(
    `\nstream caps: ${BURST} streams from one member at once (cap ${STREAM_LIMITS.perMember} per member, ${STREAM_LIMITS.perTrip} per trip)`,
  );
  console.table([
    {
      accepted: caps.accepted,
      "refused (429)": caps.refused,
      "other trip's snapshot, unloaded (median ms)": f(caps.before),
      "during the burst (median ms)": f(caps.during),
      ratio: (caps.during / caps.before).toFixed(2),
      "within 2×": caps.during <= 2 * caps.before ? "yes" : "no",
    },
  ]);
}
