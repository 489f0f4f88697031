import { and, eq, gt, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it, vi } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { claimThread, insertUnmetRequest, saveThread } from "@/lib/db/queries/assistant";
import { redeemSignInLink } from "@/lib/db/queries/devices";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import * as schema from "@/lib/db/schema";
import { tripHub } from "@/lib/live/hub";
import { liveCursor } from "@/lib/live/stream";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { openShareLink } from "@/lib/share/link";
import { loadDashboard } from "@/lib/views/dashboard";
import { loadItineraryView } from "@/lib/views/itinerary";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { openLiveChannel, startLiveServer } from "@/test/live-server";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

type Trip = Awaited<ReturnType<typeof newTrip>>;

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };
/**
 * Only Bartholomew wrote these; after he erases his answers none may be anywhere. (Each is
 * text no catalog destination has: a must-have steers the shortlist towards places that
 * offer it, and their researched facts — "Grótta lighthouse" — are the catalog's words, not his.)
 */
const BARTHOLOMEW_SAID = ["Winnipeg", "Prefers trams and quiet", "karaoke nights", "a lighthouse picnic"];

/**
 * A trip with a row in every table a trip can touch: answers, a recommendations run and
 * its steps and progress, votes, the choice, a plan, flags and suggestions, a hand edit,
 * a share link, live events, model spend and rate-limit counters.
 */
async function busyTrip({
  beforePlanning,
  beforeChoosing,
}: {
  /** After Olga and Bartholomew answered, before recommendations are made. */
  beforePlanning?(trip: Trip): Promise<void>;
  /** While the group can still vote. */
  beforeChoosing?(choice: { tripId: string; recommendationId: string; slug: string }): Promise<void>;
} = {}) {
  const trip = await newTrip("Group trip");
  const bartholomew = await trip.join("Bartholomew");
  const save = async (who: TestBrowser, preferences: ReturnType<typeof answers>) => {
    const saved = await actions.savePreferences(who.ctx, { tripId: trip.tripId, expectedVersion: 0, preferences });
    expect(saved.ok).toBe(true);
  };
  await save(trip.organizer, answers({ dates: JUNE, vibes: ["food", "culture"], origin: "Boston" }));
  await save(
    bartholomew,
    answers({
      dates: JUNE,
      vibes: ["city"],
      origin: "Winnipeg",
      notes: "Prefers trams and quiet",
      hardNos: ["karaoke nights"],
      mustHaves: ["a lighthouse picnic"],
    }),
  );
  // The organizer's decision on the dates (a row of its own that names the trip).
  const decided = await actions.decideConflict(trip.organizer.ctx, {
    tripId: trip.tripId,
    decision: { kind: "dates", start: "2027-06-12", end: "2027-06-16" },
    note: "Midweek is cheaper",
  });
  expect(decided.ok).toBe(true);
  await beforePlanning?.(trip);
  await runPipeline(trip.tripId);
  const stored = await latestRecommendations({ tripId: trip.tripId });
  const option = stored?.pack.options[0];
  if (!stored || !option) throw new Error("no options");
  const choice = { tripId: trip.tripId, recommendationId: stored.id, slug: option.slug };
  expect((await actions.voteForDestination(bartholomew.ctx, choice)).ok).toBe(true);
  await beforeChoosing?.(choice);
  expect((await actions.chooseDestination(trip.organizer.ctx, choice)).ok).toBe(true);
  const dated = await actions.setTripDates(trip.organizer.ctx, {
    tripId: trip.tripId,
    start: "2027-06-12",
    end: "2027-06-16",
  });
  expect(dated.ok).toBe(true);
  expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
  const v1 = await currentItinerary({ tripId: trip.tripId });
  const item = v1?.itinerary.days[1]?.items[0];
  if (!v1 || !item) throw new Error("no plan");
  const flag = await actions.flagItineraryItem(bartholomew.ctx, {
    tripId: trip.tripId,
    version: 1,
    itemKey: item.key,
    reason: "not-my-thing",
    note: "",
  });
  expect(flag.ok).toBe(true);
  const locked = await actions.lockItineraryItem(trip.organizer.ctx, {
    tripId: trip.tripId,
    version: 1,
    itemKey: item.key,
    locked: true,
  });
  expect(locked.ok).toBe(true);
  const shared = await actions.createShareLink(trip.organizer.ctx, { tripId: trip.tripId });
  if (!shared.ok) throw new Error(shared.message);
  await settleLocalRuns();
  // What a model call on Gemini records (the offline planner in tests spends nothing).
  const db = await getDb();
  await db
    .insert(schema.modelSpend)
    .values({ tripId: trip.tripId, agent: "Ranker", calls: 1, inputTokens: 100, outputTokens: 50 });
  // The assistant: an AI connection, what the group agreed, a conversation and a request it couldn't do.
  const connection = await actions.createAiConnection(bartholomew.ctx, {
    tripId: trip.tripId,
    label: "My laptop",
    scopes: ["read"],
    days: 30,
  });
  if (!connection.ok) throw new Error(connection.message);
  const agreed = await actions.addContextEntry(trip.organizer.ctx, {
    tripId: trip.tripId,
    kind: "decided",
    text: "We fly out on Friday evening",
    why: "Everyone works Friday",
  });
  if (!agreed.ok) throw new Error(agreed.message);
  const organizerId = (await requireMember(trip.organizer.ctx, trip.tripId)).member.id;
  await claimThread({ tripId: trip.tripId, memberId: organizerId, until: new Date(Date.now() + 60_000) });
  await saveThread({
    memberId: organizerId,
    messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Book our flights" }] }],
  });
  await insertUnmetRequest({
    tripId: trip.tripId,
    memberId: organizerId,
    summary: "Book flights",
    category: "booking",
  });
  // Costs: an expense Olga paid that Bartholomew shares, his payment to her, a plan item he skips.
  const bartholomewId = (await requireMember(bartholomew.ctx, trip.tripId)).member.id;
  const spent = await actions.addExpense(trip.organizer.ctx, {
    tripId: trip.tripId,
    description: "Ferry tickets",
    amount: "40",
    currency: "USD",
    category: "travel",
    spentOn: "2027-06-13",
    split: { kind: "equal", memberIds: [organizerId, bartholomewId] },
  });
  if (!spent.ok) throw new Error(spent.message);
  const repaid = await actions.recordPayment(bartholomew.ctx, {
    tripId: trip.tripId,
    fromMemberId: bartholomewId,
    toMemberId: organizerId,
    amount: "20",
  });
  if (!repaid.ok) throw new Error(repaid.message);
  const skipped = await actions.optOutOfPlanItem(bartholomew.ctx, {
    tripId: trip.tripId,
    itemKey: item.key,
    optedOut: true,
  });
  if (!skipped.ok) throw new Error(skipped.message);
  return { ...trip, bartholomew, shareToken: shared.data.sharePath.replace("/s/", "") };
}

/** Every table of the schema. */
const TABLES = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));

/**
 * Rows per table that mention any of `needles` anywhere (ids of the trip and of everything
 * in it, or text), and — with `within` — also one of those ids (rows of one trip only).
 */
async function rowsMentioning(needles: string[], within: string[] = []): Promise<Record<string, number>> {
  const db = await getDb();
  const counts: Record<string, number> = {};
  const any = (words: string[]) => words.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  for (const table of TABLES) {
    const name = getTableConfig(table).name;
    const scope = within.length ? sql`and row_to_json(t)::text ~* ${any(within)}` : sql``;
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where row_to_json(t)::text ~* ${any(needles)} ${scope}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The ids of the trip and of every row that belongs to it. */
async function idsOf(tripId: string): Promise<string[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select id::text from trips where id = ${tripId}
    union all select id::text from members where trip_id = ${tripId}
    union all select id::text from pipeline_runs where trip_id = ${tripId}
    union all select id::text from recommendations where trip_id = ${tripId}
    union all select id::text from itineraries where trip_id = ${tripId}
    union all select id::text from feedback_items where trip_id = ${tripId}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
  return rows.map((r) => r.id);
}

describe("deleting a trip", () => {
  it("removes every row of the trip from every table in one go; other trips keep theirs; links and cookies open nothing", async () => {
    const trip = await busyTrip();
    const other = await busyTrip();
    const ids = await idsOf(trip.tripId);
    const otherIds = await idsOf(other.tripId);

    const before = await rowsMentioning(ids);
    const otherBefore = await rowsMentioning(otherIds);
    // The trip really has rows in every table that can hold one.
    for (const table of [
      "trips",
      "members",
      "preferences",
      "pipeline_runs",
      "run_steps",
      "progress_events",
      "recommendations",
      "trip_events",
      "destination_votes",
      "model_spend",
      // Rate limits are kept in the database only on a Postgres server (in memory on PGlite).
      ...(process.env.DATABASE_URL ? ["rate_limits"] : []),
      "itineraries",
      "feedback_items",
      "member_devices",
      "sign_in_links",
      "conflict_decisions",
      "ai_connections",
      "context_entries",
      "assistant_threads",
      "unmet_requests",
      "expenses",
      "expense_payers",
      "expense_shares",
      "payments",
      "plan_item_opt_outs",
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(Object.keys(before).sort()).toEqual(
      [
        "ai_connections",
        "assistant_threads",
        "conflict_decisions",
        "context_entries",
        // Research kept per place and month: nothing in it names a trip or a member.
        "destination_research",
        // Facts about places, kept by version: nothing in them names a trip or a member.
        "destination_facts",
        "destination_votes",
        "expense_payers",
        "expense_shares",
        "expenses",
        "feedback_items",
        "itineraries",
        "member_devices",
        "members",
        "model_spend",
        // Email notifications (their erasure: lib/actions/notifications.test.ts).
        "notification_outbox",
        "notification_settings",
        "payments",
        "pipeline_runs",
        "plan_item_opt_outs",
        "preferences",
        "progress_events",
        "rate_limits",
        "recommendations",
        "resolution_requests",
        "run_steps",
        "sign_in_links",
        "trip_events",
        "trips",
        "unmet_requests",
        "unsubscribe_links",
      ].sort(),
    );
    expect(before.destination_research).toBe(0);
    expect(before.destination_facts).toBe(0);
    expect(await openShareLink(browser().ctx, trip.shareToken)).not.toBeNull();

    // A member can't; the wrong name changes nothing.
    expect(
      await actions.deleteTrip(trip.bartholomew.ctx, { tripId: trip.tripId, confirmName: "Group trip" }),
    ).toMatchObject({ ok: false, code: "forbidden:organizer" });
    expect(await actions.deleteTrip(trip.organizer.ctx, { tripId: trip.tripId, confirmName: "Group" })).toMatchObject({
      ok: false,
      code: "invalid:confirm",
      fieldErrors: { confirmName: "That isn't the trip's name" },
    });
    expect(await rowsMentioning(ids)).toEqual(before);

    expect(await actions.deleteTrip(trip.organizer.ctx, { tripId: trip.tripId, confirmName: "Group trip" })).toEqual({
      ok: true,
      data: { deleted: true },
    });
    const after = await rowsMentioning(ids);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await rowsMentioning(otherIds)).toEqual(otherBefore);

    // The share link (and with it its calendar feed) and every member's cookie now find nothing: 404.
    expect(await openShareLink(browser().ctx, trip.shareToken)).toBeNull();
    for (const who of [trip.organizer, trip.bartholomew]) {
      await expect(requireMember(who.ctx, trip.tripId)).rejects.toMatchObject({ code: "not_found:trip", status: 404 });
    }
    expect(await actions.eraseMyAnswers(trip.bartholomew.ctx, { tripId: trip.tripId })).toMatchObject({
      ok: false,
      code: "not_found:trip",
    });
    // The other trip still opens.
    expect(await openShareLink(browser().ctx, other.shareToken)).not.toBeNull();
    // Two busy trips (answers, runs, a plan, costs…) take more than the default 30 s on a loaded machine.
  }, 60_000);
});

describe("erasing one's own answers", () => {
  it("leaves none of the member's answer data in any table; they stay a member who hasn't answered; nobody else's answers move", async () => {
    const trip = await busyTrip();
    const ids = await idsOf(trip.tripId);
    expect(Object.values(await rowsMentioning(BARTHOLOMEW_SAID, ids)).some((n) => n > 0)).toBe(true);
    const olgaBefore = await rowsMentioning(["Boston"], ids);

    expect(await actions.eraseMyAnswers(trip.bartholomew.ctx, { tripId: trip.tripId })).toEqual({
      ok: true,
      data: { erased: true },
    });
    const left = await rowsMentioning(BARTHOLOMEW_SAID, ids);
    expect(
      Object.values(left).every((n) => n === 0),
      JSON.stringify(left),
    ).toBe(true);

    const { member } = await requireMember(trip.bartholomew.ctx, trip.tripId);
    const dashboard = await loadDashboard(await requireMember(trip.organizer.ctx, trip.tripId));
    expect(dashboard.members.find((m) => m.id === member.id)).toMatchObject({ name: "Bartholomew", responded: false });
    expect(dashboard.profile.pendingIds).toContain(member.id);
    expect((await loadDashboard(await requireMember(trip.bartholomew.ctx, trip.tripId))).viewer.hasResponded).toBe(
      false,
    );
    // Figures made for him alone are gone from every pack and plan version; Olga's stay, and the pages still read them.
    const db = await getDb();
    const olga = (await requireMember(trip.organizer.ctx, trip.tripId)).member.id;
    const plans = await db.select().from(schema.itineraries).where(eq(schema.itineraries.tripId, trip.tripId));
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan.payload.costs.map((c) => c.memberId)).toEqual([olga]);
    const packs = await db.select().from(schema.recommendations).where(eq(schema.recommendations.tripId, trip.tripId));
    for (const option of packs.flatMap((p) => p.payload.options)) {
      expect(option.costs.map((c) => c.memberId)).toEqual([olga]);
      expect([...option.impactedMemberIds, ...option.homeMemberIds]).not.toContain(member.id);
    }
    const planView = await loadItineraryView(await requireMember(trip.organizer.ctx, trip.tripId));
    expect(planView.current?.itinerary.costs.map((c) => c.memberId)).toEqual([olga]);
    expect(planView.stale).toBe(true);
    // Olga's answers are where they were.
    expect((await rowsMentioning(["Boston"], ids)).preferences).toBe(olgaBefore.preferences);
    // Erasing again is harmless.
    expect(await actions.eraseMyAnswers(trip.bartholomew.ctx, { tripId: trip.tripId })).toEqual({
      ok: true,
      data: { erased: false },
    });
  });
});

describe("pages open when the trip is deleted", () => {
  it("a member's open live channel hears trip.deleted (their page then leaves for the start page)", async () => {
    const server = await startLiveServer();
    try {
      const trip = await newTrip("Short-lived");
      const mia = await trip.join("Mia");
      const client = await openLiveChannel(server, trip.tripId, mia, { after: await liveCursor(trip.tripId) });
      expect(client.status).toBe(200);
      await client.next((m) => m.event === "live");
      const deleted = await actions.deleteTrip(trip.organizer.ctx, { tripId: trip.tripId, confirmName: "Short-lived" });
      expect(deleted.ok).toBe(true);
      const heard = await client.next((m) => m.event === undefined && m.data.includes('"trip.deleted"'));
      expect(JSON.parse(heard.data)).toMatchObject({ kind: "trip.deleted" });
      client.close();
    } finally {
      await server.close();
      // Let the closed stream leave its trip before the database goes away.
      const hub = await tripHub();
      await vi.waitFor(() => expect(hub.stats().trips).toBe(0));
    }
  });
});

/** Every column that points at a member, by table: what a member's rows are. */
const MEMBER_COLUMNS = {
  members: "id",
  preferences: "member_id",
  destination_votes: "member_id",
  feedback_items: "member_id",
  member_devices: "member_id",
  sign_in_links: "member_id",
  pipeline_runs: "requested_by",
  itineraries: "created_by",
} as const;

/** The member's rows in each table that references members. */
async function rowsOf(memberId: string): Promise<Record<keyof typeof MEMBER_COLUMNS, number>> {
  const db = await getDb();
  const counts = {} as Record<keyof typeof MEMBER_COLUMNS, number>;
  for (const [table, column] of Object.entries(MEMBER_COLUMNS) as [keyof typeof MEMBER_COLUMNS, string][]) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${memberId}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

describe("leaving a trip", () => {
  it("erases the leaver's rows in every table that references members, and their answers from outputs; nobody else's rows move; their cookies and links open nothing", async () => {
    let cleo: TestBrowser | undefined;
    const trip = await busyTrip({
      beforePlanning: async (t) => {
        cleo = await t.join("Cleo");
        const saved = await actions.savePreferences(cleo.ctx, {
          tripId: t.tripId,
          expectedVersion: 0,
          preferences: answers({ dates: JUNE, vibes: ["nature"], notes: "Cleo likes night trains" }),
        });
        expect(saved.ok).toBe(true);
      },
      beforeChoosing: async (choice) => {
        expect((await actions.voteForDestination((cleo as TestBrowser).ctx, choice)).ok).toBe(true);
      },
    });
    if (!cleo) throw new Error("no Cleo");
    const { tripId, organizer, bartholomew } = trip;
    const id = async (who: TestBrowser) => (await requireMember(who.ctx, tripId)).member.id;
    const [olgaId, bartId, cleoId] = [await id(organizer), await id(bartholomew), await id(cleo)];

    // Cleo voted; she flags too; Bartholomew suggests something, and signs a phone in with a one-time link.
    const plan = await currentItinerary({ tripId });
    const item = plan?.itinerary.days[1]?.items[0];
    if (!plan || !item) throw new Error("no plan");
    const cleoFlag = { tripId, version: plan.version, itemKey: item.key, reason: "other", note: "Cleo: too early" };
    expect((await actions.flagItineraryItem(cleo.ctx, cleoFlag)).ok).toBe(true);
    const suggestion = { tripId, version: plan.version, activityId: null, text: "a lighthouse tour" };
    expect((await actions.suggestAddition(bartholomew.ctx, suggestion)).ok).toBe(true);
    const deviceLink = await actions.createDeviceLink(bartholomew.ctx, { tripId });
    if (!deviceLink.ok) throw new Error(deviceLink.message);
    const phoneToken = newToken();
    const phoneSignedIn = await redeemSignInLink({
      tokenHash: hashToken(deviceLink.data.devicePath.replace("/signin/", "")),
      device: { tokenHash: hashToken(phoneToken), label: "Phone" },
    });
    expect(phoneSignedIn?.member.id).toBe(bartId);
    const phone = browser(new Map([[tripCookieName(tripId), phoneToken]]));
    const personal = await actions.renewPersonalLink(bartholomew.ctx, { tripId });
    if (!personal.ok) throw new Error(personal.message);
    await settleLocalRuns();

    // Hand-counted: what each of them has in the trip.
    const bartBefore = {
      members: 1,
      preferences: 1,
      destination_votes: 1,
      feedback_items: 2, // the flag (busyTrip) and the suggestion
      member_devices: 2, // the browser he joined with, and the phone
      sign_in_links: 2, // his personal link, and the (used) device link
      pipeline_runs: 0,
      itineraries: 0,
    };
    const cleoRows = { ...bartBefore, feedback_items: 1, member_devices: 1, sign_in_links: 1 };
    // Olga made plan version 2 by hand (the lock); the tests' runs were started by nobody.
    const olgaRows = {
      ...bartBefore,
      destination_votes: 0,
      feedback_items: 0,
      member_devices: 1,
      sign_in_links: 0,
      itineraries: 1,
    };
    expect(await rowsOf(bartId)).toEqual(bartBefore);
    expect(await rowsOf(cleoId)).toEqual(cleoRows);
    expect(await rowsOf(olgaId)).toEqual(olgaRows);
    const ids = await idsOf(tripId);
    expect(Object.values(await rowsMentioning(BARTHOLOMEW_SAID, ids)).some((n) => n > 0)).toBe(true);
    const othersSaid = await rowsMentioning(["Boston", "Cleo likes night trains", "Cleo: too early"], ids);
    expect((await loadItineraryView(await requireMember(cleo.ctx, tripId))).stale).toBe(false);

    // The organizer can't leave (nothing changes); a half-hearted confirmation is refused.
    expect(await actions.leaveTrip(organizer.ctx, { tripId, confirm: true })).toMatchObject({
      ok: false,
      code: "forbidden:organizer-leave",
      message: expect.stringMatching(/delete the trip/i),
    });
    expect(await rowsOf(olgaId)).toEqual(olgaRows);
    expect(await actions.leaveTrip(bartholomew.ctx, { tripId, confirm: "yes" })).toMatchObject({
      ok: false,
      code: "invalid:input",
    });
    expect(await rowsOf(bartId)).toEqual(bartBefore);

    const events = await liveCursor(tripId);
    const left = await actions.leaveTrip(bartholomew.ctx, { tripId, confirm: true });
    expect(left).toEqual({ ok: true, data: { left: true } });

    // All of his rows are gone; Cleo's and Olga's are all still there.
    const none = Object.fromEntries(Object.keys(MEMBER_COLUMNS).map((t) => [t, 0]));
    expect(await rowsOf(bartId)).toEqual(none);
    expect(await rowsOf(cleoId)).toEqual(cleoRows);
    expect(await rowsOf(olgaId)).toEqual(olgaRows);
    // Nothing he wrote, nor his name, is left anywhere in the trip; what the others wrote is where it was.
    const hisWords = await rowsMentioning([...BARTHOLOMEW_SAID, "lighthouse tour", "Bartholomew"], ids);
    expect(
      Object.values(hisWords).every((n) => n === 0),
      JSON.stringify(hisWords),
    ).toBe(true);
    // (Finished runs' memoized steps that read his answers along with theirs go, as when erasing answers.)
    expect(await rowsMentioning(["Boston", "Cleo likes night trains", "Cleo: too early"], ids)).toEqual({
      ...othersSaid,
      run_steps: 0,
    });
    // His id survives nowhere: not in who had answered when each pack was made, not in the live channel's past events.
    const mentions = await rowsMentioning([bartId]);
    expect(
      Object.entries(mentions)
        .filter(([, n]) => n > 0)
        .map(([table]) => table),
    ).toEqual([]);
    const db = await getDb();
    for (const { payload } of await db
      .select()
      .from(schema.recommendations)
      .where(eq(schema.recommendations.tripId, tripId))) {
      expect(payload.coverage.respondedIds).toContain(olgaId);
      expect(payload.coverage.respondedIds).not.toContain(bartId);
    }
    // The last event says someone left (open views heard who: the notification carried it), not who.
    const published = await db
      .select({ kind: schema.tripEvents.kind, data: schema.tripEvents.data })
      .from(schema.tripEvents)
      .where(and(eq(schema.tripEvents.tripId, tripId), gt(schema.tripEvents.id, events)));
    expect(published).toEqual([{ kind: "member.left", data: { kind: "member.left" } }]);

    // The browser he left from forgot the trip; a copy of its cookie, his phone and his personal link open nothing.
    expect(bartholomew.cookie(tripCookieName(tripId))).toBe("");
    for (const cookie of [trip.bartholomew, phone]) {
      await expect(requireMember(cookie.ctx, tripId)).rejects.toMatchObject({ code: "not_found:trip", status: 404 });
    }
    expect(
      await redeemSignInLink({
        tokenHash: hashToken(personal.data.personalPath.replace("/signin/", "")),
        device: { tokenHash: hashToken(newToken()), label: "Laptop" },
      }),
    ).toBeNull();
    expect(await actions.eraseMyAnswers(phone.ctx, { tripId })).toMatchObject({ ok: false, code: "not_found:trip" });

    // The group: two members; the plan made with his answers says someone's answers changed since.
    const dashboard = await loadDashboard(await requireMember(organizer.ctx, tripId));
    expect(dashboard.members.map((m) => m.name)).toEqual(["Olga", "Cleo"]);
    const cleoPlan = await loadItineraryView(await requireMember(cleo.ctx, tripId));
    expect(cleoPlan.stale).toBe(true);
    expect(cleoPlan.current?.itinerary.costs.map((c) => c.memberId)).not.toContain(bartId);
    const packs = await db.select().from(schema.recommendations).where(eq(schema.recommendations.tripId, tripId));
    for (const option of packs.flatMap((p) => p.payload.options)) {
      expect(option.costs.map((c) => c.memberId).sort()).toEqual([olgaId, cleoId].sort());
    }
  });
});

describe("the organizer removing a member", () => {
  it("erases what the member put in the trip as leaving does: their words, name and costs are gone from every plan and pack", async () => {
    const trip = await busyTrip();
    const { tripId, organizer, bartholomew } = trip;
    const bartId = (await requireMember(bartholomew.ctx, tripId)).member.id;
    const ids = await idsOf(tripId);
    expect(Object.values(await rowsMentioning(BARTHOLOMEW_SAID, ids)).some((n) => n > 0)).toBe(true);

    // Not the organizer, and not someone of another trip.
    const olgaId = (await requireMember(organizer.ctx, tripId)).member.id;
    expect(await actions.removeMember(organizer.ctx, { tripId, memberId: olgaId })).toMatchObject({
      ok: false,
      code: "not_found:member",
    });
    const elsewhere = await newTrip("Another trip");
    const stranger = await elsewhere.join("Stranger");
    const strangerId = (await requireMember(stranger.ctx, elsewhere.tripId)).member.id;
    expect(await actions.removeMember(organizer.ctx, { tripId, memberId: strangerId })).toMatchObject({
      ok: false,
      code: "not_found:member",
    });
    expect((await requireMember(stranger.ctx, elsewhere.tripId)).member.id).toBe(strangerId);

    expect(await actions.removeMember(organizer.ctx, { tripId, memberId: bartId })).toEqual({
      ok: true,
      data: { removed: bartId },
    });
    const none = Object.fromEntries(Object.keys(MEMBER_COLUMNS).map((t) => [t, 0]));
    expect(await rowsOf(bartId)).toEqual(none);
    const hisWords = await rowsMentioning([...BARTHOLOMEW_SAID, "Bartholomew"], ids);
    expect(
      Object.values(hisWords).every((n) => n === 0),
      JSON.stringify(hisWords),
    ).toBe(true);
    const db = await getDb();
    for (const { payload } of await db.select().from(schema.itineraries).where(eq(schema.itineraries.tripId, tripId))) {
      expect(payload.costs.map((c) => c.memberId)).not.toContain(bartId);
    }
    await expect(requireMember(bartholomew.ctx, tripId)).rejects.toMatchObject({ code: "not_found:trip" });
  });
});
