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

  it("a member's new personal link retires the old one; devices already in stay in", async () => {
    const trip = await newTrip();
    const { phone, personalPath: old } = await joinWithLink(trip, "Ben");
    const laptop = await server.open(old);

    const renewed = await actions.renewPersonalLink(phone.ctx, { tripId: trip.tripId });
    if (!renewed.ok) throw new Error(renewed.message);

    const stale = await server.open(old);
    expect(stale).toMatchObject({ status: 303, location: "/?error=signin" });
    expect(await memberName(stale.browser, trip.tripId)).toBeNull();

    const fresh = await server.open(renewed.data.personalPath);
    expect(await memberName(fresh.browser, trip.tripId)).toBe("Ben");
    expect(await memberName(laptop.browser, trip.tripId)).toBe("Ben");
    expect(await memberName(phone, trip.tripId)).toBe("Ben");
  });

  it("only the organizer makes help links, for members of their own trip, not for themselves", async () => {
    const trip = await newTrip();
    const other = await newTrip("Elsewhere");
    const { phone } = await joinWithLink(trip, "Ben");
    const stranger = await joinWithLink(other, "Zed");
    const { member: ben } = await requireMember(phone.ctx, trip.tripId);
    const { member: zed } = await requireMember(stranger.phone.ctx, other.tripId);
    const { member: olga } = await requireMember(trip.organizer.ctx, trip.tripId);
    expect(await actions.createHelpLink(phone.ctx, { tripId: trip.tripId, memberId: ben.id })).toMatchObject({
      ok: false,
      code: "forbidden:organizer",
    });
    expect(await actions.createHelpLink(trip.organizer.ctx, { tripId: trip.tripId, memberId: zed.id })).toMatchObject({
      ok: false,
      code: "not_found:member",
    });
    expect(await actions.createHelpLink(trip.organizer.ctx, { tripId: trip.tripId, memberId: olga.id })).toMatchObject({
      ok: false,
      code: "conflict:help-self",
    });
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

  it("signs in one device: a second browser is sent to a page that says so, and signs nothing in", async () => {
    const trip = await newTrip();
    const made = await actions.createRecoveryLink(trip.organizer.ctx, { tripId: trip.tripId });
    if (!made.ok) throw new Error(made.message);
    const laptop = await server.open(made.data.recoveryPath);
    expect(laptop).toMatchObject({ status: 303, location: `/trips/${trip.tripId}` });
    const thief = await server.open(made.data.recoveryPath);
    expect(thief).toMatchObject({ status: 303, location: "/?error=recovery-used" });
    expect(await memberName(thief.browser, trip.tripId)).toBeNull();
    expect(thief.browser.cookie(`tripsync_${trip.tripId}`)).toBeUndefined();
  });

  it("every device a recovery link signed in is listed as such, stays after a new link, and all go at once", async () => {
    const trip = await newTrip();
    const devicesUsing = async () => {
      const made = await actions.createRecoveryLink(trip.organizer.ctx, { tripId: trip.tripId });
      if (!made.ok) throw new Error(made.message);
      return (await server.open(made.data.recoveryPath)).browser;
    };
    const laptop = await devicesUsing();
    const tablet = await devicesUsing(); // made after the laptop's link was used: the laptop stays in
    const { member: olga, device: here } = await requireMember(trip.organizer.ctx, trip.tripId);
    const listed = await listDevices({ tripId: trip.tripId, memberId: olga.id });
    expect(listed.map((d) => (d.id === here.id ? "this one" : d.addedVia))).toEqual([
      "this one",
      "recovery",
      "recovery",
    ]);
    expect(listed[0]?.addedVia).toBe("created");
    expect(await memberName(laptop, trip.tripId)).toBe("Olga");

    expect(await actions.signOutOtherDevices(trip.organizer.ctx, { tripId: trip.tripId })).toEqual({
      ok: true,
      data: { signedOut: 2 },
    });
    expect(await memberName(laptop, trip.tripId)).toBeNull();
    expect(await memberName(tablet, trip.tripId)).toBeNull();
    expect(await memberName(trip.organizer, trip.tripId)).toBe("Olga");
  });

  it("two browsers racing with one recovery link get one device between them", async () => {
    const trip = await newTrip();
    const made = await actions.createRecoveryLink(trip.organizer.ctx, { tripId: trip.tripId });
    if (!made.ok) throw new Error(made.message);
    const opened = await Promise.all([1, 2, 3].map(() => server.open(made.data.recoveryPath)));
    expect(opened.map((o) => o.location).sort()).toEqual([
      "/?error=recovery-used",
      "/?error=recovery-used",
      `/trips/${trip.tripId}`,
    ]);
  });
});

describe("too many sign-in attempts from one client", () => {
  it("answer 429 with the message and Retry-After, real links from there too; another client is unaffected", async () => {
    const trip = await newTrip();
    const { personalPath } = await joinWithLink(trip, "Ben");
    const ua = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
    const raw = (path: string, from: string) =>
      fetch(`${server.origin}${path}`, { redirect: "manual", headers: { "user-agent": ua, "x-forwarded-for": from } });
    // RATE_LIMIT_JOIN's default: 20 in 10 minutes per client, sign-in and recovery links counted together.
    for (let i = 0; i < 10; i++) expect((await raw(`/recover/${"x".repeat(42)}${i}`, "203.0.113.7")).status).toBe(303);
    for (let i = 0; i < 10; i++) expect((await raw(`/signin/${"x".repeat(42)}${i}`, "203.0.113.7")).status).toBe(303);
    for (const path of [`/signin/${"y".repeat(43)}`, `/recover/${"y".repeat(43)}`, personalPath]) {
      const limited = await raw(path, "203.0.113.7");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(590);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(600);
      expect(limited.headers.get("content-type")).toMatch(/^text\/html/);
      expect(limited.headers.get("set-cookie")).toBeNull();
      expect(await limited.text()).toContain(
        "There have been a lot of sign-in attempts from your network. Please try again in about 10 minutes.",
      );
    }
    const elsewhere = await server.open(personalPath, new Map(), ua, "198.51.100.4");
    expect(elsewhere).toMatchObject({ status: 303, location: `/trips/${trip.tripId}` });
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
