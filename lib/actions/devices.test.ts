import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as recoverGET } from "@/app/recover/[token]/route";
import { GET as signInGET } from "@/app/signin/[token]/route";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { listDevices } from "@/lib/db/queries/devices";
import { getTripByInviteToken, joinPageMembers } from "@/lib/db/queries/trips";
import { pipelineRuns, signInLinks } from "@/lib/db/schema";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { startLinkServer } from "@/test/route-server";

withTestDatabase();

let server: Awaited<ReturnType<typeof startLinkServer>>;
beforeAll(async () => {
  server = await startLinkServer({ signin: signInGET, recover: recoverGET });
});
afterAll(async () => {
  await server.close();
});

type Trip = Awaited<ReturnType<typeof newTrip>>;

/** Someone joins in a fresh browser; returns that browser and the personal link they were shown. */
async function joinWithLink(trip: Trip, name: string): Promise<{ phone: TestBrowser; personalPath: string }> {
  const phone = browser();
  const joined = await actions.joinTrip(phone.ctx, { inviteToken: await trip.inviteToken(), name });
  if (!joined.ok) throw new Error(joined.message);
  return { phone, personalPath: joined.data.personalPath };
}

const memberName = async (b: TestBrowser, tripId: string) =>
  (await requireMember(b.ctx, tripId).catch(() => null))?.member.name ?? null;

describe("a personal link per member", () => {
  it("signs a second device in as the same member, and the first stays signed in", async () => {
    const trip = await newTrip();
    const { phone, personalPath } = await joinWithLink(trip, "Ben");
    expect(personalPath).toMatch(/^\/signin\/[A-Za-z0-9_-]{43}$/);

    const laptop = await server.open(personalPath);
    expect(laptop).toMatchObject({ status: 303, location: `/trips/${trip.tripId}` });
    expect(await memberName(laptop.browser, trip.tripId)).toBe("Ben");
    expect(await memberName(phone, trip.tripId)).toBe("Ben");
    // The link is not the device's credential: the laptop got a token of its own.
    expect(laptop.browser.cookie(`tripsync_${trip.tripId}`)).not.toBe(personalPath.slice("/signin/".length));

    const { member } = await requireMember(phone.ctx, trip.tripId);
    const devices = await listDevices({ tripId: trip.tripId, memberId: member.id });
    expect(devices.map((d) => d.label)).toEqual(["A browser", "Firefox on Linux"]);

    // A personal link can be used again (another device), until it is re-issued.
    const tablet = await server.open(personalPath);
    expect(await memberName(tablet.browser, trip.tripId)).toBe("Ben");
  });

  it("stores only hashes of link tokens", async () => {
    const trip = await newTrip();
    const { personalPath } = await joinWithLink(trip, "Cleo");
    const token = personalPath.slice("/signin/".length);
    const db = await getDb();
    const rows = await db.select().from(signInLinks);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("re-issuing (by the organizer) retires the old link; devices already in stay in", async () => {
    const trip = await newTrip();
    const { phone, personalPath: old } = await joinWithLink(trip, "Ben");
    const laptop = await server.open(old);
    const { member } = await requireMember(phone.ctx, trip.tripId);

    const reissued = await actions.reissuePersonalLink(trip.organizer.ctx, {
      tripId: trip.tripId,
      memberId: member.id,
    });
    if (!reissued.ok) throw new Error(reissued.message);
    expect(reissued.data.memberName).toBe("Ben");

    const stale = await server.open(old);
    expect(stale).toMatchObject({ status: 303, location: "/?error=signin" });
    expect(await memberName(stale.browser, trip.tripId)).toBeNull();

    const fresh = await server.open(reissued.data.personalPath);
    expect(await memberName(fresh.browser, trip.tripId)).toBe("Ben");
    expect(await memberName(laptop.browser, trip.tripId)).toBe("Ben");
    expect(await memberName(phone, trip.tripId)).toBe("Ben");
  });

  it("a member can't re-issue anyone's link; the organizer can't for another trip's member", async () => {
    const trip = await newTrip();
    const other = await newTrip("Elsewhere");
    const { phone } = await joinWithLink(trip, "Ben");
    const stranger = await joinWithLink(other, "Zed");
    const { member: ben } = await requireMember(phone.ctx, trip.tripId);
    const { member: zed } = await requireMember(stranger.phone.ctx, other.tripId);
    expect(await actions.reissuePersonalLink(phone.ctx, { tripId: trip.tripId, memberId: ben.id })).toMatchObject({
      ok: false,
      code: "forbidden:organizer",
    });
    expect(
      await actions.reissuePersonalLink(trip.organizer.ctx, { tripId: trip.tripId, memberId: zed.id }),
    ).toMatchObject({ ok: false, code: "not_found:member" });
  });

  it("a name already taken points the person to their personal link or the organizer", async () => {
    const trip = await newTrip();
    await joinWithLink(trip, "Ben");
    const again = await actions.joinTrip(browser().ctx, { inviteToken: await trip.inviteToken(), name: "Ben" });
    expect(again).toMatchObject({ ok: false, code: "conflict:name" });
    expect(!again.ok && again.message).toMatch(/personal sign-in link.*ask the organizer/);
  });
});

describe("signing in another device from one already signed in", () => {
  it("a device link works once", async () => {
    const trip = await newTrip();
    const { phone } = await joinWithLink(trip, "Ben");
    const made = await actions.createDeviceLink(phone.ctx, { tripId: trip.tripId });
    if (!made.ok) throw new Error(made.message);

    const laptop = await server.open(made.data.devicePath);
    expect(await memberName(laptop.browser, trip.tripId)).toBe("Ben");
    const second = await server.open(made.data.devicePath);
    expect(second).toMatchObject({ status: 303, location: "/?error=signin" });
    expect(await memberName(second.browser, trip.tripId)).toBeNull();
  });

  it("a device link expires after 15 minutes", async () => {
    const trip = await newTrip();
    const { phone } = await joinWithLink(trip, "Ben");
    const made = await actions.createDeviceLink(phone.ctx, { tripId: trip.tripId });
    if (!made.ok) throw new Error(made.message);
    expect(new Date(made.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(new Date(made.data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(made.data.expiresAt).getTime() + 1000);
      const late = await server.open(made.data.devicePath);
      expect(late).toMatchObject({ status: 303, location: "/?error=signin" });
      expect(await memberName(late.browser, trip.tripId)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("garbage and other trips' cookies open nothing", async () => {
    expect(await server.open("/signin/not-a-token")).toMatchObject({ status: 303, location: "/?error=signin" });
    expect(await server.open(`/signin/${"A".repeat(43)}`)).toMatchObject({ status: 303, location: "/?error=signin" });
  });
});

describe("revoking devices", () => {
  it("a revoked device is refused like a stranger; the member's other devices stay in", async () => {
    const trip = await newTrip();
    const { phone, personalPath } = await joinWithLink(trip, "Ben");
    const laptop = await server.open(personalPath);
    const { device: laptopDevice } = await requireMember(laptop.browser.ctx, trip.tripId);

    expect(
      await actions.revokeDevice(trip.organizer.ctx, { tripId: trip.tripId, deviceId: laptopDevice.id }),
    ).toMatchObject({ ok: true });
    await expect(requireMember(laptop.browser.ctx, trip.tripId)).rejects.toMatchObject({ code: "not_found:trip" });
    expect(
      await actions.savePreferences(laptop.browser.ctx, {
        tripId: trip.tripId,
        expectedVersion: 0,
        preferences: answers(),
      }),
    ).toMatchObject({
      ok: false,
      code: "not_found:trip",
    });
    expect(await memberName(phone, trip.tripId)).toBe("Ben");
  });

  it("a member revokes their own other device, not another member's, and not the one in hand", async () => {
    const trip = await newTrip();
    const ben = await joinWithLink(trip, "Ben");
    const cleo = await joinWithLink(trip, "Cleo");
    const benLaptop = await server.open(ben.personalPath);
    const cleoLaptop = await server.open(cleo.personalPath);
    const { device: benLaptopDevice } = await requireMember(benLaptop.browser.ctx, trip.tripId);
    const { device: cleoLaptopDevice } = await requireMember(cleoLaptop.browser.ctx, trip.tripId);
    const { device: benPhoneDevice } = await requireMember(ben.phone.ctx, trip.tripId);

    expect(
      await actions.revokeDevice(ben.phone.ctx, { tripId: trip.tripId, deviceId: cleoLaptopDevice.id }),
    ).toMatchObject({ ok: false, code: "not_found:device" });
    expect(await memberName(cleoLaptop.browser, trip.tripId)).toBe("Cleo");

    expect(
      await actions.revokeDevice(ben.phone.ctx, { tripId: trip.tripId, deviceId: benPhoneDevice.id }),
    ).toMatchObject({ ok: false, code: "conflict:device-current" });

    expect(
      await actions.revokeDevice(ben.phone.ctx, { tripId: trip.tripId, deviceId: benLaptopDevice.id }),
    ).toMatchObject({ ok: true });
    expect(await memberName(benLaptop.browser, trip.tripId)).toBeNull();
    expect(await memberName(ben.phone, trip.tripId)).toBe("Ben");
  });

  it("the organizer can't revoke a device of another trip", async () => {
    const trip = await newTrip();
    const other = await newTrip("Elsewhere");
    const { phone } = await joinWithLink(other, "Zed");
    const { device } = await requireMember(phone.ctx, other.tripId);
    expect(await actions.revokeDevice(trip.organizer.ctx, { tripId: trip.tripId, deviceId: device.id })).toMatchObject({
      ok: false,
      code: "not_found:device",
    });
    expect(await memberName(phone, other.tripId)).toBe("Zed");
  });
});

describe("the organizer's recovery link", () => {
  it("signs a new browser in as the organizer, as a device of its own; a new link retires the old", async () => {
    const trip = await newTrip();
    const first = await actions.createRecoveryLink(trip.organizer.ctx, { tripId: trip.tripId });
    const second = await actions.createRecoveryLink(trip.organizer.ctx, { tripId: trip.tripId });
    if (!first.ok || !second.ok) throw new Error("recovery link not created");
    const laptop = await server.open(second.data.recoveryPath);
    await expect(requireMember(laptop.browser.ctx, trip.tripId)).resolves.toMatchObject({ isOrganizer: true });
    expect(await server.open(first.data.recoveryPath)).toMatchObject({ location: "/?error=recovery" });
    expect(await memberName(trip.organizer, trip.tripId)).toBe("Olga");
  });

  it("guessing is limited per client like sign-in links: past the limit a clear message, another client unaffected", async () => {
    const ua = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
    const guess = (n: number, from: string) => server.open(`/recover/${"x".repeat(42)}${n}`, new Map(), ua, from);
    // RATE_LIMIT_JOIN's default: 20 in 10 minutes per client.
    for (let i = 0; i < 20; i++) expect(await guess(i, "203.0.113.7")).toMatchObject({ location: "/?error=recovery" });
    expect(await guess(20, "203.0.113.7")).toMatchObject({ location: "/?error=signin-limit" });
    expect(await guess(21, "198.51.100.4")).toMatchObject({ location: "/?error=recovery" });
  });
});

describe("the join page", () => {
  it("counts everyone who joined and names the organizer and the members", async () => {
    const trip = await newTrip();
    await joinWithLink(trip, "Ben Okafor");
    await joinWithLink(trip, "Cleo");
    const found = await getTripByInviteToken({ inviteToken: await trip.inviteToken() });
    expect(found?.memberCount).toBe(3);
    expect(await joinPageMembers({ tripId: trip.tripId })).toEqual({ organizer: "Olga", names: ["Ben", "Cleo"] });
  });
});

describe("Generate needs the organizer's own answers", () => {
  it("is refused, saying so, until the organizer answers — even when others have", async () => {
    const trip = await newTrip();
    const { phone } = await joinWithLink(trip, "Ben");
    await actions.savePreferences(phone.ctx, { tripId: trip.tripId, expectedVersion: 0, preferences: answers() });
    const refused = await actions.generateRecommendations(trip.organizer.ctx, { tripId: trip.tripId });
    expect(refused).toMatchObject({
      ok: false,
      code: "conflict:organizer-answers",
      message: expect.stringMatching(/Add your own answers first/),
    });
    const db = await getDb();
    expect(await db.$count(pipelineRuns, eq(pipelineRuns.tripId, trip.tripId))).toBe(0);

    const saved = await actions.savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers(),
    });
    expect(saved.ok).toBe(true);
    expect(await actions.generateRecommendations(trip.organizer.ctx, { tripId: trip.tripId })).toMatchObject({
      ok: true,
    });
  });
});
