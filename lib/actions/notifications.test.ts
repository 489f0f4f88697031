import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { addUnsubscribeLink, getNotificationSettings } from "@/lib/db/queries/notifications";
import { loadDashboard } from "@/lib/views/dashboard";
import { myData } from "@/lib/views/my-data";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

/**
 * The member's own email settings: validated at the boundary, private to them, in their
 * "Download my data", and gone when their answers are erased, when they leave or are
 * removed, and with the trip.
 */

const KIM_EMAIL = "kim.private.address@example.com";

async function tripWithKim(name: string) {
  const trip = await newTrip(name);
  const kim = await trip.join("Kim");
  const ned = await trip.join("Ned");
  const kimId = (await requireMember(kim.ctx, trip.tripId)).member.id;
  return { ...trip, kim, ned, kimId };
}

const save = (who: TestBrowser, input: Record<string, unknown>) => actions.saveNotificationSettings(who.ctx, input);

describe("saving email settings", () => {
  it("keeps a valid address (trimmed, lowercased) and the chosen topics; a bad one is refused and changes nothing", async () => {
    const trip = await tripWithKim("Settings");
    const { tripId } = trip;
    expect(
      await save(trip.kim, { tripId, email: "  Kim.Private.Address@Example.COM ", topics: ["vote", "final"] }),
    ).toEqual({
      ok: true,
      data: { email: KIM_EMAIL, topics: ["vote", "final"] },
    });

    const refusals = [
      { email: "not-an-address", field: "That doesn't look like an email address" },
      { email: `${"a".repeat(250)}@example.com`, field: "That address is too long" },
      { email: "kim@example.com\r\nBcc: everyone@example.com", field: "That doesn't look like an email address" },
    ];
    for (const { email, field } of refusals) {
      expect(await save(trip.kim, { tripId, email, topics: ["vote"] })).toMatchObject({
        ok: false,
        code: "invalid:input",
        fieldErrors: { email: field },
      });
    }
    expect(await save(trip.kim, { tripId, email: KIM_EMAIL, topics: ["spam"] })).toMatchObject({
      ok: false,
      code: "invalid:input",
    });
    // Naming someone else isn't possible: the input has no member field.
    const nedId = (await requireMember(trip.ned.ctx, tripId)).member.id;
    expect(await save(trip.kim, { tripId, email: KIM_EMAIL, memberId: nedId })).toMatchObject({
      ok: false,
      code: "invalid:input",
    });
    expect(await getNotificationSettings({ memberId: trip.kimId })).toEqual({
      email: KIM_EMAIL,
      topics: ["vote", "final"],
    });
    expect(await getNotificationSettings({ memberId: nedId })).toEqual({ email: null, topics: [] });

    // An empty address removes it.
    expect(await save(trip.kim, { tripId, email: "", topics: ["vote"] })).toEqual({
      ok: true,
      data: { email: null, topics: [] },
    });
    expect(await getNotificationSettings({ memberId: trip.kimId })).toEqual({ email: null, topics: [] });
  });

  it("is private: in Kim's own data download, in nobody else's, and not in the organizer's dashboard", async () => {
    const trip = await tripWithKim("Private address");
    const { tripId } = trip;
    await save(trip.kim, { tripId, email: KIM_EMAIL, topics: ["request", "plan"] });

    const own = await myData(await requireMember(trip.kim.ctx, tripId));
    expect(own.notifications).toEqual({ email: KIM_EMAIL, topics: ["request", "plan"], lastEmailAt: null, queued: [] });

    for (const other of [trip.ned, trip.organizer]) {
      const caller = await requireMember(other.ctx, tripId);
      expect(JSON.stringify(await myData(caller))).not.toContain(KIM_EMAIL);
      expect(JSON.stringify(await loadDashboard(caller))).not.toContain(KIM_EMAIL);
    }
  });
});

/** Kim's rows in the three notification tables. */
async function notificationRows(memberId: string) {
  const db = await getDb();
  const counts: Record<string, number> = {};
  for (const table of ["notification_settings", "notification_outbox", "unsubscribe_links"]) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where member_id = ${memberId}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Kim has an address, a queued request and an unsubscribe link from an earlier email. */
async function kimWithEverything(name: string) {
  const trip = await tripWithKim(name);
  const { tripId } = trip;
  const saved = async (who: TestBrowser, prefs: Parameters<typeof answers>[0]) =>
    expect(
      (await actions.savePreferences(who.ctx, { tripId, expectedVersion: 0, preferences: answers(prefs) })).ok,
    ).toBe(true);
  await saved(trip.organizer, { tripLength: { minDays: 3, maxDays: 4 } });
  await saved(trip.kim, { tripLength: { minDays: 6, maxDays: 9 } });
  await save(trip.kim, { tripId, email: KIM_EMAIL });
  expect(
    (await actions.askMemberToResolve(trip.organizer.ctx, { tripId, memberId: trip.kimId, conflict: "trip-length" }))
      .ok,
  ).toBe(true);
  await addUnsubscribeLink({ memberId: trip.kimId, tokenHash: hashToken(newToken()) });
  expect(await notificationRows(trip.kimId)).toEqual({
    notification_settings: 1,
    notification_outbox: 1,
    unsubscribe_links: 1,
  });
  const own = await myData(await requireMember(trip.kim.ctx, tripId));
  expect(own.notifications.queued).toEqual([{ topic: "request", queuedAt: expect.any(String), sentAt: null }]);
  return trip;
}

const NONE = { notification_settings: 0, notification_outbox: 0, unsubscribe_links: 0 };

describe("erasure", () => {
  it("erasing my answers erases my address, my topics and what was waiting for me", async () => {
    const trip = await kimWithEverything("Erase answers");
    expect((await actions.eraseMyAnswers(trip.kim.ctx, { tripId: trip.tripId })).ok).toBe(true);
    expect(await notificationRows(trip.kimId)).toEqual(NONE);
    expect((await myData(await requireMember(trip.kim.ctx, trip.tripId))).notifications).toEqual({
      email: null,
      topics: [],
      lastEmailAt: null,
      queued: [],
    });
  });

  it("leaving, being removed and the trip's deletion take them too", async () => {
    const left = await kimWithEverything("Leave");
    expect((await actions.leaveTrip(left.kim.ctx, { tripId: left.tripId, confirm: true })).ok).toBe(true);
    expect(await notificationRows(left.kimId)).toEqual(NONE);

    const removed = await kimWithEverything("Remove");
    expect(
      (await actions.removeMember(removed.organizer.ctx, { tripId: removed.tripId, memberId: removed.kimId })).ok,
    ).toBe(true);
    expect(await notificationRows(removed.kimId)).toEqual(NONE);

    const deleted = await kimWithEverything("Delete");
    expect(
      (await actions.deleteTrip(deleted.organizer.ctx, { tripId: deleted.tripId, confirmName: "Delete" })).ok,
    ).toBe(true);
    expect(await notificationRows(deleted.kimId)).toEqual(NONE);
  });
});
