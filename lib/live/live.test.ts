import type { EventSourceMessage } from "eventsource-parser";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb, statementsIssued } from "@/lib/db/client";
import { addDevice } from "@/lib/db/queries/members";
import { listRunSteps } from "@/lib/db/queries/runs";
import { publishTripEvent } from "@/lib/db/queries/trip-events";
import { dayTitle } from "@/lib/planning/day-title";
import type { ItineraryDay } from "@/lib/schemas/itinerary";
import type { LiveMessage, TripEvent } from "@/lib/schemas/trip-events";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";
import { type LiveServer, openLiveChannel, type SseClient, startLiveServer } from "@/test/live-server";
import { testDeps } from "@/test/pipeline";
import { tripHub } from "./hub";
import { liveCursor } from "./stream";
import { STREAM_LIMITS } from "./stream-slots";

withTestDatabase();

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
  // Let closed streams leave their trips before the database goes away.
  const hub = await tripHub();
  await vi.waitFor(() => expect(hub.stats().trips).toBe(0));
});

const isEvent = (m: EventSourceMessage) => m.event === undefined;
const eventsOf = (client: SseClient): TripEvent[] =>
  client.messages.filter(isEvent).map((m) => JSON.parse(m.data) as TripEvent);

/** Opens the channel as `who` from the trip's current state and waits until it is live. */
async function listen(tripId: string, who: TestBrowser): Promise<SseClient> {
  const client = await openLiveChannel(server, tripId, who, { after: await liveCursor(tripId) });
  expect(client.status).toBe(200);
  await client.next((m) => m.event === "live");
  return client;
}

/** Publishes a marker event on the trip and waits until every client has it: everything published before has arrived. */
async function settle(tripId: string, ...clients: SseClient[]): Promise<void> {
  const marker = await publishTripEvent({ tripId, event: { kind: "run.started", runId: crypto.randomUUID() } });
  await Promise.all(clients.map((client) => client.next((m) => m.id === String(marker.id))));
}

async function memberIdOf(who: TestBrowser, tripId: string): Promise<string> {
  return (await requireMember(who.ctx, tripId)).member.id;
}

describe("the trip's live channel", () => {
  it("tells every member with the trip open about a join and a saved answer, without member text, and nothing to other trips", async () => {
    const trip = await newTrip("Live");
    const mia = await trip.join("Mia");
    const other = await newTrip("Elsewhere");
    const outsider = await other.join("Oz");
    const [olgaView, miaView, outsiderView] = await Promise.all([
      listen(trip.tripId, trip.organizer),
      listen(trip.tripId, mia),
      listen(other.tripId, outsider),
    ]);

    const ben = await trip.join("Ben");
    const benId = await memberIdOf(ben, trip.tripId);
    const saved = await actions.savePreferences(ben.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ notes: "Ben's secret note", budget: { min: 1234, max: 5678, hardLimit: true } }),
    });
    expect(saved.ok).toBe(true);

    await settle(trip.tripId, olgaView, miaView);
    for (const view of [olgaView, miaView]) {
      const kinds = eventsOf(view).map((e) => [e.kind, "memberId" in e ? e.memberId : null]);
      expect(kinds.slice(0, 2)).toEqual([
        ["member.joined", benId],
        ["preferences.saved", benId],
      ]);
      const ids = eventsOf(view).map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const wire = view.messages.map((m) => m.data).join("\n");
      expect(wire).not.toContain("secret note");
      expect(wire).not.toContain("5678");
    }
    await settle(other.tripId, outsiderView);
    expect(eventsOf(outsiderView)).toHaveLength(1);
    for (const view of [olgaView, miaView, outsiderView]) view.close();
  });

  it("announces a change only when its transaction commits, never one that rolled back", async () => {
    const trip = await newTrip();
    const view = await listen(trip.tripId, trip.organizer);
    const db = await getDb();
    const rolledBack = crypto.randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await publishTripEvent({ tx, tripId: trip.tripId, event: { kind: "run.started", runId: rolledBack } });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await settle(trip.tripId, view);
    expect(eventsOf(view).some((e) => e.kind === "run.started" && e.runId === rolledBack)).toBe(false);
    view.close();
  });

  it("resumes after Last-Event-ID with exactly what was missed, in order; the header wins over ?after=", async () => {
    const trip = await newTrip();
    const start = await liveCursor(trip.tripId);
    const published: number[] = [];
    for (let i = 0; i < 6; i++) {
      const e = await publishTripEvent({
        tripId: trip.tripId,
        event: { kind: "run.started", runId: crypto.randomUUID() },
      });
      published.push(e.id);
    }
    const middle = published[2] ?? 0;
    const resumed = await openLiveChannel(server, trip.tripId, trip.organizer, { lastEventId: middle, after: start });
    await resumed.next((m) => m.event === "live");
    expect(eventsOf(resumed).map((e) => e.id)).toEqual(published.slice(3));

    const fromPage = await openLiveChannel(server, trip.tripId, trip.organizer, { after: start });
    await fromPage.next((m) => m.event === "live");
    expect(eventsOf(fromPage).map((e) => e.id)).toEqual(published);

    // Then it goes on live, after the backlog.
    await settle(trip.tripId, resumed);
    expect(eventsOf(resumed)).toHaveLength(4);
    resumed.close();
    fromPage.close();
  });

  it("under concurrent writers, every open view gets every event exactly once and in id order, even one that connects mid-burst", async () => {
    const trip = await newTrip();
    const early = await Promise.all([1, 2, 3].map(() => listen(trip.tripId, trip.organizer)));
    const burst = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          publishTripEvent({ tripId: trip.tripId, event: { kind: "run.started", runId: crypto.randomUUID() } }),
        ),
      );
    const first = burst(20);
    const late = await listen(trip.tripId, trip.organizer);
    const published = [...(await first), ...(await burst(20))].map((e) => e.id).sort((a, b) => a - b);
    await settle(trip.tripId, ...early, late);
    for (const view of early) {
      expect(
        eventsOf(view)
          .map((e) => e.id)
          .slice(0, -1),
      ).toEqual(published);
    }
    const lateIds = eventsOf(late)
      .map((e) => e.id)
      .slice(0, -1);
    // The late view got the tail of the burst from the moment it connected: no gap, no repeat.
    expect(lateIds).toEqual(published.slice(published.length - lateIds.length));
    for (const view of [...early, late]) view.close();
  });

  it("shares one listener per trip: fan-out to many views costs no query per view", async () => {
    const hub = await tripHub();
    const a = await newTrip("A");
    const b = await newTrip("B");
    // Views of earlier tests are gone.
    await vi.waitFor(() => expect(hub.stats().subscribers).toBe(0));
    const before = hub.stats();
    const views = await Promise.all([
      ...Array.from({ length: STREAM_LIMITS.perMember }, () => listen(a.tripId, a.organizer)),
      ...Array.from({ length: 3 }, () => listen(b.tripId, b.organizer)),
    ]);
    expect(hub.stats()).toEqual({ trips: before.trips + 2, subscribers: before.subscribers + views.length });

    const quiet = await newTrip("Nobody watching");
    const alone = statementsIssued();
    await publishTripEvent({ tripId: quiet.tripId, event: { kind: "run.started", runId: crypto.randomUUID() } });
    const publishCost = statementsIssued() - alone;

    const watched = statementsIssued();
    const event = await publishTripEvent({
      tripId: a.tripId,
      event: { kind: "run.started", runId: crypto.randomUUID() },
    });
    await Promise.all(views.slice(0, STREAM_LIMITS.perMember).map((v) => v.next((m) => m.id === String(event.id))));
    expect(statementsIssued() - watched).toBe(publishCost);

    for (const view of views) view.close();
    await vi.waitFor(() => expect(hub.stats()).toEqual(before));
  });

  it("reads what changed once per event for every open view: a vote's tally costs three reads however many watch", async () => {
    const trip = await newTrip("Tally");
    const mia = await trip.join("Mia");
    const views = await Promise.all([
      ...Array.from({ length: 3 }, () => listen(trip.tripId, trip.organizer)),
      ...Array.from({ length: 3 }, () => listen(trip.tripId, mia)),
    ]);
    const quiet = await newTrip("Nobody watching");
    const alone = statementsIssued();
    await publishTripEvent({
      tripId: quiet.tripId,
      event: { kind: "vote.changed", recommendationId: crypto.randomUUID() },
    });
    const publishCost = statementsIssued() - alone;

    const watched = statementsIssued();
    const event = await publishTripEvent({
      tripId: trip.tripId,
      event: { kind: "vote.changed", recommendationId: crypto.randomUUID() },
    });
    const received = await Promise.all(views.map((v) => v.next((m) => m.id === String(event.id))));
    // The votes, the members and what the last run's guard held back of their names, read once for all six views.
    expect(statementsIssued() - watched).toBe(publishCost + 3);
    // Each view got the tally cut for it: who hasn't voted (both of them) for the organizer only.
    const tallies = received.map((m) => (JSON.parse(m.data) as LiveMessage & { kind: "vote.changed" }).payload?.tally);
    for (const tally of tallies.slice(0, 3))
      expect(tally).toMatchObject({ voted: 0, members: 2, waitingOn: ["Olga", "Mia"] });
    for (const tally of tallies.slice(3)) expect(tally).toMatchObject({ voted: 0, members: 2, waitingOn: null });
    for (const view of views) view.close();
  });

  it("carries each day of a regeneration to another member as it is drafted, before the run ends", {
    timeout: 60_000,
  }, async () => {
    const trip = await plannedTrip(
      [
        { name: "Olga", answers: answers() },
        { name: "Mia", answers: answers() },
      ],
      { start: "2027-06-12", end: "2027-06-14" },
    );
    expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
    // Ned didn't click anything: he just has the plan open.
    const ned = await trip.join("Ned");
    const stream = await listen(trip.tripId, ned);
    // Model calls take a moment, as they do for real (with none, a run can end before its rows are written).
    const run = await runItinerary(trip.tripId, "regenerate", testDeps({ latencyMs: 150 }));
    expect(run.status).toBe("succeeded");
    const ended = await stream.next(
      (m) => isEvent(m) && m.data.includes('"kind":"run.ended"') && m.data.includes(run.id),
    );

    const messages = stream.messages.filter(isEvent).map((m) => JSON.parse(m.data) as LiveMessage);
    const drafted = messages.flatMap((m) =>
      m.kind === "run.progress" && m.runId === run.id && m.payload?.day ? [{ id: m.id, day: m.payload.day }] : [],
    );
    // Three days (12 to 14 June), each once, each heard before the run ended.
    expect(drafted.map((d) => d.day.day).sort()).toEqual([1, 2, 3]);
    expect(drafted.map((d) => d.day.date).sort()).toEqual(["2027-06-12", "2027-06-13", "2027-06-14"]);
    for (const d of drafted) expect(d.id).toBeLessThan(Number(ended.id));
    // Each is the day as its draft step wrote it, with its items (not an empty shell), and the title
    // every page shows for that content (titles are derived from what a day holds, never stored).
    const steps = await listRunSteps({ runId: run.id });
    for (const { day } of drafted) {
      const written = steps.find((s) => s.stepId === `draft:${day.day}`)?.result as { patch: { days: ItineraryDay[] } };
      const writtenDay = written.patch.days[0] as ItineraryDay;
      expect(day).toEqual({ ...writtenDay, title: dayTitle(writtenDay) });
      expect(day.items.length).toBeGreaterThan(0);
    }
    stream.close();
  });

  it("caps open streams per member with 429 and Retry-After; a closed stream frees its slot; other members are unaffected", async () => {
    const trip = await newTrip();
    const mia = await trip.join("Mia");
    const open = await Promise.all(Array.from({ length: STREAM_LIMITS.perMember }, () => listen(trip.tripId, mia)));
    const refused = await openLiveChannel(server, trip.tripId, mia);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const organizerView = await openLiveChannel(server, trip.tripId, trip.organizer);
    expect(organizerView.status).toBe(200);
    organizerView.close();

    open[0]?.close();
    await vi.waitFor(async () => {
      const again = await openLiveChannel(server, trip.tripId, mia);
      again.close();
      expect(again.status).toBe(200);
    });
    for (const view of open) view.close();
  });

  it("refuses strangers, and ends a removed member's stream", async () => {
    const trip = await newTrip();
    const ned = await trip.join("Ned");
    const stranger = await (await newTrip()).join("Stranger");
    expect((await openLiveChannel(server, trip.tripId, stranger)).status).toBe(404);

    const nedView = await listen(trip.tripId, ned);
    const removed = await actions.removeMember(trip.organizer.ctx, {
      tripId: trip.tripId,
      memberId: await memberIdOf(ned, trip.tripId),
    });
    expect(removed.ok).toBe(true);
    await nedView.ended;
    expect(eventsOf(nedView).at(-1)?.kind).toBe("member.left");
    expect((await openLiveChannel(server, trip.tripId, ned)).status).toBe(404);
  });

  it("ends the stream of a device that was signed out, and only that one", async () => {
    const trip = await newTrip();
    const phone = await trip.join("Ned");
    const laptopToken = newToken();
    const laptopDevice = await addDevice({
      memberId: await memberIdOf(phone, trip.tripId),
      tokenHash: hashToken(laptopToken),
      label: "Laptop",
    });
    const laptop = browser(new Map([[tripCookieName(trip.tripId), laptopToken]]));
    const laptopView = await listen(trip.tripId, laptop);
    const phoneView = await listen(trip.tripId, phone);

    const revoked = await actions.revokeDevice(phone.ctx, { tripId: trip.tripId, deviceId: laptopDevice.id });
    expect(revoked.ok).toBe(true);
    await laptopView.ended;
    expect(eventsOf(laptopView).at(-1)?.kind).toBe("device.revoked");
    await settle(trip.tripId, phoneView);
    expect(eventsOf(phoneView).map((e) => e.kind)).toContain("device.revoked");
    expect((await openLiveChannel(server, trip.tripId, laptop)).status).toBe(404);
    phoneView.close();
  });
});

// Only a Postgres server has a listening connection that can drop; PGlite delivers in-process.
if (process.env.DATABASE_URL) {
  describe("on a Postgres server", () => {
    it("catches up what was published while the listening connection was down", async () => {
      const trip = await newTrip();
      const view = await listen(trip.tripId, trip.organizer);
      const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
      const dropped = await admin`
        select pg_terminate_backend(pid) as dropped from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`;
      expect(dropped.length).toBeGreaterThan(0);
      const during = await publishTripEvent({
        tripId: trip.tripId,
        event: { kind: "run.started", runId: crypto.randomUUID() },
      });
      await view.next((m) => m.id === String(during.id));
      await settle(trip.tripId, view);
      const ids = eventsOf(view).map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      await admin.end();
      view.close();
    });

    it("recovers cleanly from outages while views are open: every view gets every committed event once, in order, with one log line a minute and no unhandled rejection", async () => {
      const trips = await Promise.all([newTrip(), newTrip(), newTrip()]);
      const views = await Promise.all(
        trips.flatMap((trip) => [listen(trip.tripId, trip.organizer), listen(trip.tripId, trip.organizer)]),
      );
      const viewsOf = (i: number) => views.slice(2 * i, 2 * i + 2);
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on("unhandledRejection", onUnhandled);
      const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
      const committed = new Map<string, number[]>(trips.map((t) => [t.tripId, []]));
      const OUTAGES = 3;
      try {
        for (let outage = 0; outage < OUTAGES; outage++) {
          // An outage of about 1.5 s: every connection of the app's database is cut every 100 ms
          // (the listener's included, so it reconnects again and again) while members keep writing.
          const until = Date.now() + 1_500;
          const cutting = (async () => {
            while (Date.now() < until) {
              await admin`
                select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()`;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          })();
          const writing = (async () => {
            while (Date.now() < until) {
              await Promise.all(
                trips.map(async ({ tripId }) => {
                  try {
                    const event = await publishTripEvent({
                      tripId,
                      event: { kind: "run.started", runId: crypto.randomUUID() },
                    });
                    committed.get(tripId)?.push(event.id);
                  } catch {
                    // A write cut off by the outage never committed: nobody should hear of it.
                  }
                }),
              );
              await new Promise((resolve) => setTimeout(resolve, 30));
            }
          })();
          await Promise.all([cutting, writing]);
          // Between outages the database answers again for a while.
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        // After the last outage every view is live again: a new event reaches it.
        for (const [i, trip] of trips.entries()) await settle(trip.tripId, ...viewsOf(i));
        for (const [i, trip] of trips.entries()) {
          const expected = committed.get(trip.tripId) ?? [];
          expect(expected.length).toBeGreaterThan(0);
          for (const view of viewsOf(i)) {
            const ids = eventsOf(view).map((e) => e.id);
            // Once each and in id order…
            expect(ids).toEqual([...ids].sort((a, b) => a - b));
            expect(new Set(ids).size).toBe(ids.length);
            // …and nothing committed during the outages is missing.
            expect(expected.filter((id) => !ids.includes(id))).toEqual([]);
          }
        }
        expect(unhandled).toEqual([]);
        // The whole process logs a failed catch-up at most once a minute: this test lasts under one.
        const liveLines = errors.mock.calls.filter((call) => String(call[0]).startsWith("[live]"));
        expect(liveLines.length).toBeLessThanOrEqual(1);
      } finally {
        process.off("unhandledRejection", onUnhandled);
        errors.mockRestore();
        await admin.end();
        for (const view of views) view.close();
      }
    }, 60_000);
  });
}
