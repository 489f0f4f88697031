import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTrip, joinTrip, savePreferences } from "@/lib/actions";
import { getDb } from "@/lib/db/client";
import { MAX_MEMBERS_PER_TRIP } from "@/lib/db/queries/members";
import { getTripByInviteToken } from "@/lib/db/queries/trips";
import { members, preferences } from "@/lib/db/schema";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

async function storedPreferences(tripId: string) {
  const db = await getDb();
  return db.select().from(preferences).where(eq(preferences.tripId, tripId)).orderBy(preferences.memberId);
}

describe("tampered preference posts", () => {
  const valid = answers();
  const tampered: [string, unknown, string][] = [
    ["wrong types", { ...valid, tripLength: { minDays: "three", maxDays: 5 } }, "tripLength.minDays"],
    ["a huge note", { ...valid, notes: "x".repeat(100_000) }, "notes"],
    ["a huge hard no", { ...valid, hardNos: ["y".repeat(500)] }, "hardNos.0"],
    [
      "11 date windows",
      {
        ...valid,
        dates: {
          flexible: false,
          windows: Array.from({ length: 11 }, () => ({ start: "2027-01-01", end: "2027-01-02" })),
        },
      },
      "dates.windows",
    ],
    [
      "an end before the start",
      { ...valid, dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-01" }] } },
      "dates.windows.0.end",
    ],
    [
      "a date that doesn't exist",
      { ...valid, dates: { flexible: false, windows: [{ start: "2027-02-30", end: "2027-03-02" }] } },
      "dates.windows.0.start",
    ],
    ["an unknown vibe", { ...valid, vibes: ["beach", "skydiving"] }, "vibes.1"],
    ["a negative budget", { ...valid, budget: { min: -100, max: 500, hardLimit: false } }, "budget.min"],
    ["max below min", { ...valid, budget: { min: 900, max: 500, hardLimit: false } }, "budget.max"],
    ["a fractional trip length", { ...valid, tripLength: { minDays: 2.5, maxDays: 5 } }, "tripLength.minDays"],
    ["11 hard no's", { ...valid, hardNos: Array.from({ length: 11 }, (_, i) => `no ${i}`) }, "hardNos"],
    ["an unknown field", { ...valid, isAdmin: true }, ""],
    ["no dates and not flexible", { ...valid, dates: { flexible: false, windows: [] } }, "dates.windows"],
  ];

  it.each(tampered)("%s → a field error and nothing saved", async (_label, prefs, field) => {
    const trip = await newTrip();
    await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ notes: "original" }),
    });
    const before = await storedPreferences(trip.tripId);

    const result = await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 1,
      preferences: prefs,
    });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("invalid:input");
    expect(Object.keys(result.fieldErrors ?? {})).toContain(field === "" ? "preferences" : `preferences.${field}`);
    expect(await storedPreferences(trip.tripId)).toEqual(before);
  });

  it("rejects a payload that isn't an object at all", async () => {
    const trip = await newTrip();
    for (const junk of [null, "preferences", 42, [], { tripId: "../../etc" }]) {
      const result = await savePreferences(trip.organizer.ctx, junk);
      expect(result).toMatchObject({ ok: false, code: "invalid:input" });
    }
    expect(await storedPreferences(trip.tripId)).toEqual([]);
  });

  it("trip and member names are validated with field errors", async () => {
    const result = await createTrip(browser().ctx, { tripName: " ", organizerName: "z".repeat(41) });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { tripName: "Give the trip a name", organizerName: "Keep it under 40 characters" },
    });
  });
});

describe("concurrent edits", () => {
  it("two members saving at the same moment both land", async () => {
    const trip = await newTrip();
    const [a, b] = await Promise.all([trip.join("Ana"), trip.join("Ben")]);
    const results = await Promise.all([
      savePreferences(a.ctx, { tripId: trip.tripId, expectedVersion: 0, preferences: answers({ notes: "from Ana" }) }),
      savePreferences(b.ctx, { tripId: trip.tripId, expectedVersion: 0, preferences: answers({ notes: "from Ben" }) }),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await storedPreferences(trip.tripId)).map((r) => r.data.notes).sort()).toEqual(["from Ana", "from Ben"]);
  });

  it("the same member saving from two tabs: the second, stale save is refused with a clear message", async () => {
    const trip = await newTrip();
    const tab = trip.organizer;
    await savePreferences(tab.ctx, { tripId: trip.tripId, expectedVersion: 0, preferences: answers({ notes: "v1" }) });

    // Both tabs loaded version 1 and save at once: exactly one wins.
    const results = await Promise.all(
      ["tab A", "tab B"].map((notes) =>
        savePreferences(tab.ctx, { tripId: trip.tripId, expectedVersion: 1, preferences: answers({ notes }) }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    const losers = results.filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).toMatchObject({
      code: "conflict:preferences",
      message: expect.stringContaining("another tab or device"),
    });

    const [row] = await storedPreferences(trip.tripId);
    expect(row?.version).toBe(2);
    expect(["tab A", "tab B"]).toContain(row?.data.notes);
  });

  it("two first saves from two tabs: one lands, the other is told", async () => {
    const trip = await newTrip();
    const results = await Promise.all(
      ["first", "second"].map((notes) =>
        savePreferences(trip.organizer.ctx, {
          tripId: trip.tripId,
          expectedVersion: 0,
          preferences: answers({ notes }),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)[0]).toMatchObject({ code: "conflict:preferences" });
  });
});

describe("joining", () => {
  it("refuses a name already used in the trip, in any case", async () => {
    const trip = await newTrip();
    await trip.join("Sam");
    const again = await joinTrip(browser().ctx, { inviteToken: await trip.inviteToken(), name: "sam" });
    expect(again).toMatchObject({ ok: false, code: "conflict:name", fieldErrors: { name: expect.any(String) } });
  });

  it("refuses an unknown invite", async () => {
    const result = await joinTrip(browser().ctx, { inviteToken: "not-a-real-invite", name: "Eve" });
    expect(result).toMatchObject({ ok: false, code: "not_found:invite" });
  });

  it("refuses an invite link with characters no link has (a NUL byte, a broken character) the same way, and the join page finds no trip", async () => {
    for (const inviteToken of ["abc\u0000def", "abc\uD800def", "x".repeat(43)]) {
      const result = await joinTrip(browser().ctx, { inviteToken, name: "Eve" });
      expect(result).toMatchObject({ ok: false, code: "not_found:invite" });
      expect(await getTripByInviteToken({ inviteToken })).toBeNull();
    }
  });

  it(`stops at ${MAX_MEMBERS_PER_TRIP} members, even when people join at the same moment`, async () => {
    const trip = await newTrip();
    const inviteToken = await trip.inviteToken();
    const openPlaces = 5;
    // The organizer plus these fill all but `openPlaces` places.
    for (let i = 0; i < MAX_MEMBERS_PER_TRIP - 1 - openPlaces; i++) await trip.join(`Member ${i}`);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => joinTrip(browser().ctx, { inviteToken, name: `Late ${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(openPlaces);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "limit:members")).toBe(true);
    const db = await getDb();
    expect(await db.$count(members, eq(members.tripId, trip.tripId))).toBe(MAX_MEMBERS_PER_TRIP);
    // The join page sees the trip as full, and one more join is refused.
    expect((await getTripByInviteToken({ inviteToken }))?.memberCount).toBe(MAX_MEMBERS_PER_TRIP);
    expect(await joinTrip(browser().ctx, { inviteToken, name: "One too many" })).toMatchObject({
      ok: false,
      code: "limit:members",
    });
  });
});
