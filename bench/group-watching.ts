/**
 * A group watching the AI work: a recommendation run and an itinerary regeneration on the
 * offline planner (300 ms per model call) with 1, 4, 12 and 30 members of a 30-member trip
 * holding the trip page open, on an in-memory PGlite, the live channel over real HTTP (test/live-server.ts).
 *
 * Each viewer is a client that makes the requests the page makes: the trip's live channel
 * from the page's cursor, and a whole-page read whenever the page's own rule
 * (components/trip/live-policy.ts, the same code the browser runs) says it must render
 * again. A page read here is the server work of that render: the page's loaders for the
 * viewer, its bytes counted as their JSON (the RSC payload is of that size and larger).
 *
 * Prints per group size: click → timeline and click → first card in every view (median and
 * worst), page renders per viewer per run, bytes per viewer per run, server CPU per run, and
 * write → every view p50/p95 for a vote and a flag; the goals beside them. Then, with
 * everyone on the dashboard, members saving answers (one of them making a conflict) and the
 * organizer asking about it: write → every view p50/p95, page renders and KB per viewer per
 * write (the dashboard's group sections take these as data). Never fails.
 */

import { type LivePage, needsRender, type RunKind } from "@/components/trip/live-policy";
import * as actions from "@/lib/actions";
import { type Caller, requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { listDevices } from "@/lib/db/queries/devices";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { getPreferences, savePreferences } from "@/lib/db/queries/preferences";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { liveCursor } from "@/lib/live/stream";
import { runLocal } from "@/lib/pipeline/local-runner";
import { MemberPreferences } from "@/lib/schemas/preferences";
import type { LiveMessage } from "@/lib/schemas/trip-events";
import { loadDashboard } from "@/lib/views/dashboard";
import { loadItineraryView } from "@/lib/views/itinerary";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import { browser, type TestBrowser } from "@/test/browser";
import { answers } from "@/test/fixtures";
import { type LiveServer, openLiveChannel, type SseClient, startLiveServer } from "@/test/live-server";
import { testDeps } from "@/test/pipeline";
import { percentile } from "./aggregation";

/** How many of the trip's members hold the page open; the trip is the same size each time, so only watching varies. */
const GROUP_SIZES = [1, 4, 12, 30];
const MEMBERS = 30;
const LATENCY_MS = 300;
const VOTES = 4;
const FLAGS = 3;
/** Members (not necessarily watching) who save their answers again while everyone watches the dashboard. */
const SAVES = 3;
/** Kinds whose message carries the dashboard's group: without it the page must read again. */
const GROUP_KINDS = new Set<LiveMessage["kind"]>([
  "member.joined",
  "preferences.saved",
  "preferences.erased",
  "request.changed",
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Viewer = {
  who: TestBrowser;
  caller: Caller;
  client: SseClient;
  page: LivePage;
  renders: number;
  bytes: number;
  /** Run kinds heard starting (the page's store keeps the same). */
  runKinds: Map<string, RunKind>;
  picks: string[] | null;
  cards: Set<string>;
  onMessage: ((message: LiveMessage, at: number) => void) | null;
  rendering: Promise<void>;
};

/** The server's work of one whole-page render for the viewer, and its size. */
async function renderPage(viewer: Viewer): Promise<number> {
  // The page authorizes first, as every render does.
  const caller = await requireMember(viewer.who.ctx, viewer.caller.trip.id);
  const data =
    viewer.page === "dashboard"
      ? await Promise.all([
          loadDashboard(caller),
          loadRecommendationsView(caller),
          listDevices({ tripId: caller.trip.id, memberId: caller.isOrganizer ? undefined : caller.member.id }),
        ])
      : await loadItineraryView(caller);
  return JSON.stringify(data).length;
}

async function group(size: number) {
  const tokens = Array.from({ length: size }, () => newToken());
  const [organizerToken = "", ...memberTokens] = tokens;
  const origins = ["Boston", "Chicago", "Denver", "Seattle", "Atlanta"];
  const prefs = (i: number) =>
    MemberPreferences.parse(
      answers({
        vibes: ["city", "food"],
        origin: origins[i % origins.length] ?? null,
        budget: { min: 500, max: 4000, hardLimit: false },
      }),
    );
  const { trip, organizer } = await createTripWithOrganizer({
    name: `Watching ${size}`,
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(organizerToken) },
    answeredMembers: memberTokens.map((token, i) => ({
      name: `Member ${i + 1}`,
      tokenHash: hashToken(token),
      preferences: prefs(i),
    })),
  });
  await savePreferences({ tripId: trip.id, memberId: organizer.id, data: prefs(size), expectedVersion: 0 });
  const people = await Promise.all(
    tokens.map(async (token) => {
      const who = browser(new Map([[tripCookieName(trip.id), token]]));
      return { who, caller: await requireMember(who.ctx, trip.id) };
    }),
  );
  return { tripId: trip.id, people };
}

/** Opens the page for everyone: a first render, then the live channel from the page's cursor. */
async function openPages(
  server: LiveServer,
  tripId: string,
  people: { who: TestBrowser; caller: Caller }[],
  pageOf: (caller: Caller) => LivePage,
): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (const { who, caller } of people) {
    const page = pageOf(caller);
    const after = await liveCursor(tripId);
    let take: (raw: { event?: string; data: string }) => void = () => {};
    const client = await openLiveChannel(server, tripId, who, { after, onMessage: (m) => take(m) });
    const viewer: Viewer = {
      who,
      caller,
      client,
      page,
      renders: 0,
      bytes: 0,
      runKinds: new Map(),
      picks: null,
      cards: new Set(),
      onMessage: null,
      rendering: Promise.resolve(),
    };
    let queued = false;
    // The client's side of each message, in arrival order: store it, render when the page would.
    take = (raw) => {
      viewer.bytes += raw.data.length;
      if (raw.event !== undefined) return;
      const message = JSON.parse(raw.data) as LiveMessage;
      if (message.kind === "run.started" && message.runKind) viewer.runKinds.set(message.runId, message.runKind);
      if (message.kind === "run.progress" && message.payload) {
        if (message.payload.card) viewer.cards.add(message.payload.card.option.slug);
        if (message.payload.picks) viewer.picks = message.payload.picks;
      }
      // As the page's store: a vote needs its tally, a dashboard group change its group.
      const taken =
        message.kind === "vote.changed"
          ? message.payload !== undefined
          : GROUP_KINDS.has(message.kind)
            ? Boolean((message.payload as { group?: unknown } | undefined)?.group)
            : true;
      if (needsRender(page, message, taken, (id) => viewer.runKinds.get(id) ?? null) && !queued) {
        queued = true;
        // Like the page: events that arrive together cost one render.
        viewer.rendering = (async () => {
          await sleep(120);
          queued = false;
          viewer.renders++;
          viewer.bytes += await renderPage(viewer);
        })();
      }
      viewer.onMessage?.(message, performance.now());
    };
    await client.next((m) => m.event === "live");
    viewers.push(viewer);
  }
  return viewers;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

/** Times a run from the click: when each view shows the timeline, its first card (or the new plan), and its cost. */
async function watchRun(tripId: string, viewers: Viewer[], kind: RunKind, requestedBy: string) {
  const timeline = new Map<Viewer, number>();
  const first = new Map<Viewer, number>();
  const before = viewers.map((v) => ({ renders: v.renders, bytes: v.bytes }));
  let ended = false;
  for (const v of viewers) {
    v.picks = null;
    v.cards = new Set();
    v.onMessage = (message, at) => {
      if (message.kind === "run.started") timeline.set(v, at);
      const shown = v.picks !== null && [...v.cards].some((slug) => v.picks?.includes(slug));
      if (kind === "recommendations" && shown && !first.has(v) && !ended) first.set(v, at);
    };
  }
  const cpu = process.cpuUsage();
  const clickedAt = performance.now();
  const { run } = await createRunOrGetActive({ tripId, kind, engine: "local", requestedBy });
  await runLocal(run.id, testDeps({ latencyMs: LATENCY_MS }), { backoffMs: () => 0 });
  ended = true;
  // The views hear the end, render once, and settle.
  await sleep(400);
  await Promise.all(viewers.map((v) => v.rendering));
  if (kind !== "recommendations") for (const v of viewers) first.set(v, performance.now());
  const used = process.cpuUsage(cpu);
  for (const v of viewers) v.onMessage = null;
  const since = (m: Map<Viewer, number>) => viewers.map((v) => (m.get(v) ?? Number.NaN) - clickedAt);
  return {
    timeline: stats(since(timeline)),
    first: stats(since(first)),
    firstMissing: viewers.filter((v) => !first.has(v)).length,
    rendersPerViewer: viewers.reduce((n, v, i) => n + v.renders - (before[i]?.renders ?? 0), 0) / viewers.length,
    bytesPerViewer: viewers.reduce((n, v, i) => n + v.bytes - (before[i]?.bytes ?? 0), 0) / viewers.length,
    cpuMs: (used.user + used.system) / 1000,
  };
}

/** Times `write` from its call to every view having it (and, where the page re-renders for it, that render). */
async function writeToEveryView(viewers: Viewer[], kind: LiveMessage["kind"], write: () => Promise<void>) {
  const latencies: number[] = [];
  await Promise.all(viewers.map((v) => v.rendering));
  const arrived = viewers.map(
    (v) =>
      new Promise<number>((resolve) => {
        v.onMessage = (message, at) => {
          if (message.kind !== kind) return;
          v.onMessage = null;
          // A page that must render for it shows it once the render is done.
          void sleep(0)
            .then(() => v.rendering)
            .then(() => resolve(Math.max(at, performance.now())));
        };
      }),
  );
  const started = performance.now();
  await write();
  for (const at of await Promise.all(arrived)) latencies.push(at - started);
  return latencies;
}

/**
 * With everyone on the dashboard: `SAVES` members save their answers again (the first one
 * wants 9–12 days where everyone else said 3–7: a trip-length conflict only their answers can
 * fix), then the organizer asks that member to look at it. Times each write to every view.
 */
async function groupWrites(tripId: string, viewers: Viewer[], everyone: { who: TestBrowser; caller: Caller }[]) {
  const before = viewers.map((v) => ({ renders: v.renders, bytes: v.bytes }));
  const cpu = process.cpuUsage();
  const saves: number[] = [];
  const savers = everyone.slice(1, 1 + SAVES);
  for (const [i, saver] of savers.entries()) {
    const version = (await getPreferences({ memberId: saver.caller.member.id }))?.version ?? 0;
    saves.push(
      ...(await writeToEveryView(viewers, "preferences.saved", async () => {
        const saved = await actions.savePreferences(saver.who.ctx, {
          tripId,
          expectedVersion: version,
          preferences: answers({
            vibes: ["city", "food"],
            budget: { min: 500, max: 4000, hardLimit: false },
            tripLength: i === 0 ? { minDays: 9, maxDays: 12 } : { minDays: 3, maxDays: 7 },
          }),
        });
        if (!saved.ok) throw new Error(saved.message);
      })),
    );
  }
  const [organizer] = everyone;
  const asked = savers[0];
  if (!organizer || !asked) throw new Error("no one to ask");
  const ask = await writeToEveryView(viewers, "request.changed", async () => {
    const result = await actions.askMemberToResolve(organizer.who.ctx, {
      tripId,
      memberId: asked.caller.member.id,
      conflict: "trip-length",
    });
    if (!result.ok) throw new Error(result.message);
  });
  await Promise.all(viewers.map((v) => v.rendering));
  const used = process.cpuUsage(cpu);
  const writes = savers.length + 1;
  return {
    saves: stats(saves),
    ask: stats(ask),
    rendersPerWrite:
      viewers.reduce((n, v, i) => n + v.renders - (before[i]?.renders ?? 0), 0) / viewers.length / writes,
    bytesPerWrite: viewers.reduce((n, v, i) => n + v.bytes - (before[i]?.bytes ?? 0), 0) / viewers.length / writes,
    cpuPerWrite: (used.user + used.system) / 1000 / writes,
  };
}

export async function benchGroupWatching(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const server = await startLiveServer();
  const rows: Record<string, string>[] = [];
  const groupRows: Record<string, string>[] = [];
  const results: { size: number; recsFirstP50: number; writeP95: number; renders: number }[] = [];
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "—");
  // An untimed run first, so first-use loading (catalog, modules) doesn't land in a timed one.
  const warmUp = await group(MEMBERS);
  const { run: warmRun } = await createRunOrGetActive({
    tripId: warmUp.tripId,
    kind: "recommendations",
    engine: "local",
    requestedBy: null,
  });
  await runLocal(warmRun.id, testDeps(), { backoffMs: () => 0 });
  for (const size of GROUP_SIZES) {
    const { tripId, people: everyone } = await group(MEMBERS);
    const people = everyone.slice(0, size);
    const organizer = people[0];
    if (!organizer) throw new Error("no organizer");

    // 1. The recommendation run, everyone on the dashboard.
    const dashboards = await openPages(server, tripId, people, () => "dashboard");
    const recs = await watchRun(tripId, dashboards, "recommendations", organizer.caller.member.id);
    const stored = await latestRecommendations({ tripId });
    const option = stored?.pack.status === "ready" ? stored.pack.options[0] : undefined;
    if (!stored || !option) throw new Error(`no options with ${size} watching`);
    const voteLatencies: number[] = [];
    for (const voter of people.slice(0, VOTES)) {
      voteLatencies.push(
        ...(await writeToEveryView(dashboards, "vote.changed", async () => {
          const voted = await actions.voteForDestination(voter.who.ctx, {
            tripId,
            recommendationId: stored.id,
            slug: option.slug,
          });
          if (!voted.ok) throw new Error(voted.message);
        })),
      );
    }
    const groupWrite = await groupWrites(tripId, dashboards, everyone);
    const choice = { tripId, recommendationId: stored.id, slug: option.slug };
    if (!(await actions.chooseDestination(organizer.who.ctx, choice)).ok) throw new Error("choose failed");
    await actions.setTripDates(organizer.who.ctx, { tripId, start: "2027-06-12", end: "2027-06-16" });
    for (const v of dashboards) v.client.close();

    // 2. A first plan (untimed), then flags and a regeneration, everyone on the plan page.
    const { run: planRun } = await createRunOrGetActive({
      tripId,
      kind: "itinerary",
      engine: "local",
      requestedBy: organizer.caller.member.id,
    });
    await runLocal(planRun.id, testDeps(), { backoffMs: () => 0 });
    const plan = await currentItinerary({ tripId });
    const items = plan?.itinerary.days.flatMap((d) => d.items) ?? [];
    const plans = await openPages(server, tripId, people, (c) => (c.isOrganizer ? "organizer-plan" : "plan"));
    const flagLatencies: number[] = [];
    for (const [i, flagger] of people.slice(0, FLAGS).entries()) {
      const item = items[i];
      if (!item || !plan) break;
      flagLatencies.push(
        ...(await writeToEveryView(plans, "feedback.changed", async () => {
          const flagged = await actions.flagItineraryItem(flagger.who.ctx, {
            tripId,
            version: plan.version,
            itemKey: item.key,
            reason: "not-my-thing",
            note: "",
          });
          if (!flagged.ok) throw new Error(flagged.message);
        })),
      );
    }
    const regen = await watchRun(tripId, plans, "regenerate", organizer.caller.member.id);
    for (const v of plans) v.client.close();

    const votes = stats(voteLatencies);
    const flags = stats(flagLatencies);
    results.push({
      size,
      recsFirstP50: recs.first.p50,
      writeP95: Math.max(votes.p95, flags.p95),
      renders: Math.max(recs.rendersPerViewer, regen.rendersPerViewer),
    });
    for (const [run, r] of [
      ["recommendations", recs],
      ["regeneration", regen],
    ] as const) {
      rows.push({
        watching: String(size),
        run,
        "click→timeline p50/worst ms": `${f(r.timeline.p50)} / ${f(r.timeline.max)}`,
        "click→first card (regeneration: new plan) p50/worst ms": `${f(r.first.p50)} / ${f(r.first.max)}${r.firstMissing ? ` (${r.firstMissing} never)` : ""}`,
        "renders/viewer": r.rendersPerViewer.toFixed(2),
        "KB/viewer": (r.bytesPerViewer / 1024).toFixed(1),
        "server CPU ms": f(r.cpuMs),
        "vote→every view p50/p95 ms": run === "recommendations" ? `${f(votes.p50)} / ${f(votes.p95)}` : "",
        "flag→every view p50/p95 ms": run === "regeneration" ? `${f(flags.p50)} / ${f(flags.p95)}` : "",
      });
    }
    groupRows.push({
      watching: String(size),
      "save→every view p50/p95 ms": `${f(groupWrite.saves.p50)} / ${f(groupWrite.saves.p95)}`,
      "ask→every view p50/worst ms": `${f(groupWrite.ask.p50)} / ${f(groupWrite.ask.max)}`,
      "renders/viewer per write": groupWrite.rendersPerWrite.toFixed(2),
      "KB/viewer per write": (groupWrite.bytesPerWrite / 1024).toFixed(1),
      "server CPU ms per write": f(groupWrite.cpuPerWrite),
    });
  }
  await server.close();
  await sleep(100);
  await closeDb();

  console.log(
    `\ngroup watching: a ${MEMBERS}-member trip, a recommendation run and a regeneration, offline planner at ${LATENCY_MS} ms a call, N members watching over real HTTP (PGlite in memory, one process: the runs, the streams and the page reads share one core)`,
  );
  console.table(rows);
  console.log(
    `\ngroup watching, the dashboard's group: ${SAVES} members save their answers (the first makes a trip-length conflict), then the organizer asks that member about it`,
  );
  console.table(groupRows);
  const one = results.find((r) => r.size === 1);
  const twelve = results.find((r) => r.size === 12);
  const thirty = results.find((r) => r.size === 30);
  const ratio = one && twelve ? twelve.recsFirstP50 / one.recsFirstP50 : Number.NaN;
  const worstRenders = Math.max(...results.map((r) => r.renders));
  const worstGroupRenders = Math.max(...groupRows.map((r) => Number(r["renders/viewer per write"])));
  console.log(
    [
      `goal: first card with 12 watching ≤ 1.2× with 1 watching — measured ${ratio.toFixed(2)}× ${ratio <= 1.2 ? "(met)" : "(NOT met)"}`,
      `goal: write → every view p95 ≤ 1000 ms with 30 watching — measured ${f(thirty?.writeP95 ?? Number.NaN)} ms ${(thirty?.writeP95 ?? Number.POSITIVE_INFINITY) <= 1000 ? "(met)" : "(NOT met)"}`,
      `goal: ≤ 1 full page render per viewer per run — measured at most ${worstRenders.toFixed(2)} ${worstRenders <= 1 ? "(met)" : "(NOT met)"}`,
      `goal: no full page render for a save or an ask — measured at most ${worstGroupRenders.toFixed(2)} per viewer per write ${worstGroupRenders === 0 ? "(met)" : "(NOT met)"}`,
    ].join("\n"),
  );
}
