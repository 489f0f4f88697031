import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as calendarRoute } from "@/app/api/trips/[id]/calendar.ics/route";
import { GET as itineraryRoute } from "@/app/api/trips/[id]/itinerary/route";
import { GET as snapshotRoute } from "@/app/api/trips/[id]/snapshot/route";
import { GET as signInGET } from "@/app/signin/[token]/route";
import * as actions from "@/lib/actions";
import { requireDeviceAwaitingProof, requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { tripCookieName } from "@/lib/auth/session";
import { listDevices } from "@/lib/db/queries/devices";
import { listOpenFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { getPreferences } from "@/lib/db/queries/preferences";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { latestTripEventId, listTripEvents } from "@/lib/db/queries/trip-events";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { loadDashboard } from "@/lib/views/dashboard";
import { addedLine, shortDateTime } from "@/lib/views/devices";
import { myDataResponse } from "@/lib/views/my-data";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { runPipeline } from "@/test/pipeline";
import { deviceToken, startLinkServer, startTripServer } from "@/test/route-server";

vi.mock("@/lib/auth/request", async (original) => ({
  ...(await original<typeof import("@/lib/auth/request")>()),
  requestContext: vi.fn(),
}));

withTestDatabase();

let links: Awaited<ReturnType<typeof startLinkServer>>;
let reads: Awaited<ReturnType<typeof startTripServer>>;
beforeAll(async () => {
  links = await startLinkServer({ signin: signInGET });
  // Every read a member's device makes of the trip, served over HTTP with the browser's cookies.
  const viaContext =
    (route: (request: Request, args: { params: Promise<{ id: string }> }) => Promise<Response>) =>
    async ({ request, ctx, tripId }: { request: Request; ctx: TestBrowser["ctx"]; tripId: string }) => {
      vi.mocked(requestContext).mockResolvedValue(ctx);
      return route(request, { params: Promise.resolve({ id: tripId }) });
    };
  reads = await startTripServer({
    snapshot: viaContext(snapshotRoute),
    itinerary: viaContext(itineraryRoute),
    "calendar.ics": viaContext(calendarRoute),
    "me/export": myDataResponse,
  });
});
afterAll(async () => {
  await links.close();
  await reads.close();
});

/** What only Ben put in his answers: none of it may reach the organizer through the help path. */
const BEN_NOTE = "BEN-PRIVATE-NOTE my ex will be there";
const BEN_HOME = "Porto, Portugal";
const BEN_HARD_NO = "BEN-HARD-NO camping";
const BEN_BUDGET = { min: 1234, max: 5678, hardLimit: true };
/** Ben's budget as stored: US cents. */
const BEN_BUDGET_STORED = { currency: "USD", minAmount: 123400, maxAmount: 567800, hardLimit: true };
const SECRETS = [BEN_NOTE, "Porto", "porto", BEN_HARD_NO];
/** Ben's budget as a figure ("$1,234", "1234", or the cents "123400"), not as digits inside a random id or a timestamp. */
const BUDGET_FIGURES = [/[^\w-]1,?234(00)?[^\w-]/, /[^\w-]5,?678(00)?[^\w-]/];
const benAnswers = () =>
  answers({ notes: BEN_NOTE, origin: BEN_HOME, hardNos: [BEN_HARD_NO], budget: BEN_BUDGET, mustHaves: [] });

function expectNoSecret(value: unknown) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  for (const figure of BUDGET_FIGURES) expect(text).not.toMatch(figure);
}

/** Olga organizes; Ben joined (his phone) and answered. */
async function tripWithBen() {
  const trip = await newTrip("Coast trip");
  const phone = await trip.join("Ben");
  const saved = await actions.savePreferences(phone.ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: benAnswers(),
  });
  if (!saved.ok) throw new Error(saved.message);
  const { member: ben } = await requireMember(phone.ctx, trip.tripId);
  return { trip, phone, ben };
}

/** The organizer makes a help link for Ben and opens it in a browser of their own. */
async function organizerOpensHelpLink(trip: Awaited<ReturnType<typeof newTrip>>, benId: string) {
  const made = await actions.createHelpLink(trip.organizer.ctx, { tripId: trip.tripId, memberId: benId });
  if (!made.ok) throw new Error(made.message);
  expectNoSecret(made);
  const opened = await links.open(made.data.helpPath);
  expect(opened).toMatchObject({ status: 303, location: `/trips/${trip.tripId}` });
  return { helpPath: made.data.helpPath, device: opened.browser };
}

describe("the organizer helps a member back in without becoming them", () => {
  it("the device a help link opens reads nothing of the member and does nothing as them", async () => {
    const { trip, phone, ben } = await tripWithBen();
    const { device } = await organizerOpensHelpLink(trip, ben.id);

    // It is Ben's device, awaiting proof: the page shows only the "confirm it's you" form.
    await expect(requireDeviceAwaitingProof(device.ctx, trip.tripId)).resolves.toMatchObject({
      member: { name: "Ben" },
    });
    await expect(requireMember(device.ctx, trip.tripId)).rejects.toMatchObject({ code: "forbidden:unconfirmed" });

    // Every read a member's device makes: refused, and nothing of Ben's in the answer.
    for (const route of ["snapshot", "itinerary", "calendar.ics", "me/export"]) {
      const response = await reads.get(`/trips/${trip.tripId}/${route}`, device, trip.tripId);
      expect(response.status, route).toBe(403);
      expectNoSecret(await response.text());
    }

    // Acting as Ben: refused, changing nothing.
    const tripId = trip.tripId;
    const attempts = [
      actions.savePreferences(device.ctx, { tripId, expectedVersion: 1, preferences: answers({ notes: "mine now" }) }),
      actions.applyResolution(device.ctx, { tripId, resolutionId: "scope:either", expectedVersion: 1 }),
      actions.eraseMyAnswers(device.ctx, { tripId }),
      actions.leaveTrip(device.ctx, { tripId, confirm: true }),
      actions.renewPersonalLink(device.ctx, { tripId }),
      actions.createDeviceLink(device.ctx, { tripId }),
      actions.signOutOtherDevices(device.ctx, { tripId }),
      actions.declineResolutionRequest(device.ctx, { tripId, conflict: "scope" }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result).toMatchObject({ ok: false, code: "forbidden:unconfirmed" });
      expectNoSecret(result);
    }
    expect((await getPreferences({ memberId: ben.id }))?.data).toMatchObject({
      notes: BEN_NOTE,
      origin: BEN_HOME,
      hardNos: [BEN_HARD_NO],
      budget: BEN_BUDGET_STORED,
    });
    expect((await getPreferences({ memberId: ben.id }))?.version).toBe(1);
    // Ben's phone is still in, and lists the new device as the organizer's doing.
    const { device: phoneDevice } = await requireMember(phone.ctx, trip.tripId);
    const listed = await listDevices({ tripId, memberId: ben.id });
    expect(listed.map((d) => [d.id === phoneDevice.id ? "phone" : d.label, d.addedVia, d.awaitingProof])).toEqual([
      ["phone", "invite", false],
      ["Firefox on Linux", "helper", true],
    ]);
  });

  it("wrong home towns are counted over every help link; the fifth signs the device out and closes that way in", async () => {
    const { trip, ben } = await tripWithBen();
    let { device } = await organizerOpensHelpLink(trip, ben.id);
    for (const [guess, left] of [
      ["Lisbon", 4],
      ["Braga", 3],
    ] as const) {
      const wrong = await actions.confirmHelpedDevice(device.ctx, { tripId: trip.tripId, homeTown: guess });
      expect(wrong).toMatchObject({ ok: false, code: "invalid:home-town" });
      expect(!wrong.ok && wrong.message).toContain(`${left} tries left`);
      expectNoSecret(wrong);
    }
    // A new link buys no new tries.
    ({ device } = await organizerOpensHelpLink(trip, ben.id));
    for (const [guess, left] of [
      ["Faro", "2 tries"],
      ["Coimbra", "1 try"],
    ] as const) {
      const wrong = await actions.confirmHelpedDevice(device.ctx, { tripId: trip.tripId, homeTown: guess });
      expect(!wrong.ok && wrong.message).toContain(`${left} left`);
    }
    const last = await actions.confirmHelpedDevice(device.ctx, { tripId: trip.tripId, homeTown: "Aveiro" });
    expect(last).toMatchObject({ ok: false, code: "forbidden:proof-closed" });
    await expect(requireDeviceAwaitingProof(device.ctx, trip.tripId)).rejects.toMatchObject({
      code: "not_found:trip",
    });
    // Closed even to the right answer: only starting over remains.
    ({ device } = await organizerOpensHelpLink(trip, ben.id));
    const right = await actions.confirmHelpedDevice(device.ctx, { tripId: trip.tripId, homeTown: "Porto" });
    expect(right).toMatchObject({ ok: false, code: "forbidden:proof-closed" });
    expect((await getPreferences({ memberId: ben.id }))?.data.notes).toBe(BEN_NOTE);
  });

  it("guesses racing from several help links are counted one by one: four wrong, then closed", async () => {
    const { trip, ben } = await tripWithBen();
    const devices = [];
    for (let i = 0; i < 6; i++) devices.push((await organizerOpensHelpLink(trip, ben.id)).device);
    const results = await Promise.all(
      devices.map((d, i) => actions.confirmHelpedDevice(d.ctx, { tripId: trip.tripId, homeTown: `Nowhere ${i}` })),
    );
    expect(results.map((r) => (r.ok ? "ok" : r.code)).sort()).toEqual([
      "forbidden:proof-closed",
      "forbidden:proof-closed",
      "invalid:home-town",
      "invalid:home-town",
      "invalid:home-town",
      "invalid:home-town",
    ]);
    const left = await listDevices({ tripId: trip.tripId, memberId: ben.id });
    // Ben's phone, and the four devices whose guesses were merely wrong (still awaiting proof).
    expect(left.map((d) => d.awaitingProof)).toEqual([false, true, true, true, true]);
  });

  it("starting over erases the member's answers before the device gets any rights; the member sees it and signs it out", async () => {
    const { trip, phone, ben } = await tripWithBen();
    const { device } = await organizerOpensHelpLink(trip, ben.id);

    const started = await actions.startOverOnHelpedDevice(device.ctx, { tripId: trip.tripId, confirm: true });
    expect(started).toMatchObject({ ok: true, data: { personalPath: expect.stringMatching(/^\/signin\//) } });
    expect(await getPreferences({ memberId: ben.id })).toBeNull();

    // Now a device of Ben's with nothing of Ben's left to read.
    const caller = await requireMember(device.ctx, trip.tripId);
    expectNoSecret(await loadDashboard(caller));
    const exported = await reads.get(`/trips/${trip.tripId}/me/export`, device, trip.tripId);
    expect(exported.status).toBe(200);
    expectNoSecret(await exported.text());

    // Ben's phone says what happened, and signs every other device out at once.
    const listed = await listDevices({ tripId: trip.tripId, memberId: ben.id });
    const helped = listed.find((d) => d.addedVia === "helper");
    expect(helped && addedLine(helped)).toMatch(
      /^Added with a link the organizer made, [A-Z][a-z]{2} \d{1,2} \d\d:\d\d UTC · started over: answers erased [A-Z][a-z]{2} \d{1,2} \d\d:\d\d UTC$/,
    );
    expect(await actions.signOutOtherDevices(phone.ctx, { tripId: trip.tripId })).toEqual({
      ok: true,
      data: { signedOut: 1 },
    });
    await expect(requireMember(device.ctx, trip.tripId)).rejects.toMatchObject({ code: "not_found:trip" });
    expect((await requireMember(phone.ctx, trip.tripId)).member.name).toBe("Ben");
  });

  it("the member confirms with their home town typed any which way, and gets a new personal link", async () => {
    const { trip, phone, ben } = await tripWithBen();
    const renewed = await actions.renewPersonalLink(phone.ctx, { tripId: trip.tripId });
    if (!renewed.ok) throw new Error(renewed.message);
    const { device } = await organizerOpensHelpLink(trip, ben.id);

    const confirmed = await actions.confirmHelpedDevice(device.ctx, { tripId: trip.tripId, homeTown: "  PÓRTO " });
    expect(confirmed).toMatchObject({ ok: true, data: { personalPath: expect.stringMatching(/^\/signin\//) } });
    const caller = await requireMember(device.ctx, trip.tripId);
    expect(caller.member.id).toBe(ben.id);
    expect((await getPreferences({ memberId: ben.id }))?.data.notes).toBe(BEN_NOTE);
    // The personal link Ben had stops working (it was lost: someone else may have it).
    expect(await links.open(renewed.data.personalPath)).toMatchObject({ location: "/?error=signin" });
    if (confirmed.ok) {
      expect(await links.open(confirmed.data.personalPath)).toMatchObject({ location: `/trips/${trip.tripId}` });
    }
  });

  it("opened in the organizer's own browser, it is left unused and the organizer stays the organizer", async () => {
    const { trip, ben } = await tripWithBen();
    const made = await actions.createHelpLink(trip.organizer.ctx, { tripId: trip.tripId, memberId: ben.id });
    if (!made.ok) throw new Error(made.message);
    const olgasCookies = new Map([[tripCookieName(trip.tripId), deviceToken(trip.organizer, trip.tripId) ?? ""]]);
    const inOwnBrowser = await links.open(made.data.helpPath, olgasCookies);
    expect(inOwnBrowser).toMatchObject({ status: 303, location: "/?error=signin-other" });
    expect((await requireMember(inOwnBrowser.browser.ctx, trip.tripId)).member.name).toBe("Olga");
    expect(await listDevices({ tripId: trip.tripId, memberId: ben.id })).toHaveLength(1);
    // Still unused: it opens in a browser of Ben's.
    expect(await links.open(made.data.helpPath)).toMatchObject({ location: `/trips/${trip.tripId}` });
  });

  it("a help link works once and for a day", async () => {
    const { trip, ben } = await tripWithBen();
    const { helpPath } = await organizerOpensHelpLink(trip, ben.id);
    expect(await links.open(helpPath)).toMatchObject({ status: 303, location: "/?error=signin" });

    const late = await actions.createHelpLink(trip.organizer.ctx, { tripId: trip.tripId, memberId: ben.id });
    if (!late.ok) throw new Error(late.message);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3_600_000 + 1000);
      expect(await links.open(late.data.helpPath)).toMatchObject({ status: 303, location: "/?error=signin" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("how a device was added, as its member reads it", () => {
  it("names the link and the minute, in UTC", () => {
    const createdAt = new Date("2026-11-27T18:40:12Z");
    expect(shortDateTime(createdAt)).toBe("Nov 27 18:40 UTC");
    expect(addedLine({ addedVia: "helper", createdAt, awaitingProof: true, startedOverAt: null })).toBe(
      "Added with a link the organizer made, Nov 27 18:40 UTC · not confirmed yet: it can't see or do anything",
    );
    expect(addedLine({ addedVia: "recovery", createdAt, awaitingProof: false, startedOverAt: null })).toBe(
      "Added with a recovery link, Nov 27 18:40 UTC",
    );
    expect(
      addedLine({
        addedVia: "helper",
        createdAt,
        awaitingProof: false,
        startedOverAt: new Date("2026-12-01T09:05:00Z"),
      }),
    ).toBe("Added with a link the organizer made, Nov 27 18:40 UTC · started over: answers erased Dec 1 09:05 UTC");
    expect(addedLine({ addedVia: null, createdAt, awaitingProof: false, startedOverAt: null })).toBe(
      "Added, Nov 27 18:40 UTC",
    );
  });
});

// Last in the file: its plan takes a while, and the link server's idle connections would go stale for the tests after it.
describe("starting over on a help link", () => {
  it("starting over takes the member's votes and open flags with the answers, and the group sees it", async () => {
    const { trip, phone, ben } = await tripWithBen();
    // The help link is opened first (the device waits, awaiting proof, while the group goes on).
    const { device } = await organizerOpensHelpLink(trip, ben.id);
    const cleo = await trip.join("Cleo");
    for (const who of [trip.organizer, cleo]) {
      const saved = await actions.savePreferences(who.ctx, {
        tripId: trip.tripId,
        expectedVersion: 0,
        preferences: answers(),
      });
      if (!saved.ok) throw new Error(saved.message);
    }
    await runPipeline(trip.tripId);
    const stored = await latestRecommendations({ tripId: trip.tripId });
    const [first, second] = stored?.pack.options ?? [];
    if (!stored || !first || !second) throw new Error("no options");
    const vote = (who: TestBrowser, slug: string) =>
      actions.voteForDestination(who.ctx, { tripId: trip.tripId, recommendationId: stored.id, slug });
    // Ben and Olga vote for the first place, Cleo for the second.
    for (const [who, slug] of [
      [phone, first.slug],
      [trip.organizer, first.slug],
      [cleo, second.slug],
    ] as const) {
      expect((await vote(who, slug)).ok).toBe(true);
    }
    expect(
      (
        await actions.chooseDestination(trip.organizer.ctx, {
          tripId: trip.tripId,
          recommendationId: stored.id,
          slug: first.slug,
        })
      ).ok,
    ).toBe(true);
    const dated = await actions.setTripDates(trip.organizer.ctx, {
      tripId: trip.tripId,
      start: "2027-06-12",
      end: "2027-06-14",
    });
    if (!dated.ok) throw new Error(dated.message);
    expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
    await settleLocalRuns();
    const plan = await currentItinerary({ tripId: trip.tripId });
    const [itemA, itemB] = plan?.itinerary.days.flatMap((d) => d.items) ?? [];
    if (!plan || !itemA || !itemB) throw new Error("no plan");
    const flag = (who: TestBrowser, itemKey: string, note: string) =>
      actions.flagItineraryItem(who.ctx, {
        tripId: trip.tripId,
        version: plan.version,
        itemKey,
        reason: "other",
        note,
      });
    // Ben flags one item and suggests an addition; Cleo flags another item.
    expect((await flag(phone, itemA.key, "Ben: too early")).ok).toBe(true);
    const suggested = await actions.suggestAddition(phone.ctx, {
      tripId: trip.tripId,
      version: plan.version,
      activityId: null,
      text: "a harbour walk",
    });
    expect(suggested.ok).toBe(true);
    expect((await flag(cleo, itemB.key, "Cleo: too far")).ok).toBe(true);
    expect((await listOpenFeedback({ tripId: trip.tripId })).length).toBe(3);
    const before = await latestTripEventId({ tripId: trip.tripId });

    const started = await actions.startOverOnHelpedDevice(device.ctx, { tripId: trip.tripId, confirm: true });
    expect(started.ok).toBe(true);

    // Votes: Olga's for the first place and Cleo's for the second remain, 1 + 1 of 3 members.
    const olgaSees = await loadRecommendationsView(await requireMember(trip.organizer.ctx, trip.tripId));
    expect(olgaSees.current?.votes).toEqual({ [first.slug]: 1, [second.slug]: 1 });
    expect(olgaSees.current?.voting).toMatchObject({ voted: 2, members: 3 });
    const benSees = await loadRecommendationsView(await requireMember(device.ctx, trip.tripId));
    expect(benSees.current?.myVote).toBeNull();
    // Flags: only Cleo's is open now (Ben's flag and suggestion went).
    expect((await listOpenFeedback({ tripId: trip.tripId })).map((f) => f.text)).toEqual(["Cleo: too far"]);
    // Open pages hear it: one event naming Ben after the ones before.
    const events = await listTripEvents({ tripId: trip.tripId, afterId: before, limit: 50 });
    expect(events.filter((e) => e.kind === "member.started-over")).toMatchObject([{ memberId: ben.id }]);
    // Cleo (a member) sees the line in the member list.
    const cleoSees = await loadDashboard(await requireMember(cleo.ctx, trip.tripId));
    const benRow = cleoSees.members.find((m) => m.id === ben.id);
    const startedAt = (await listDevices({ tripId: trip.tripId, memberId: ben.id })).find(
      (d) => d.startedOverAt,
    )?.startedOverAt;
    if (!startedAt) throw new Error("not marked");
    expect(benRow?.startedOver).toBe(`Ben started over on a new device, ${shortDateTime(startedAt)}`);
    expect(cleoSees.members.filter((m) => m.startedOver).length).toBe(1);
  });
});
