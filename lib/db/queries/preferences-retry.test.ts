import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { getPreferences, savePreferences, savePreferencesAttempt } from "@/lib/db/queries/preferences";
import { listTripEvents } from "@/lib/db/queries/trip-events";
import { log } from "@/lib/log";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

/** A save that meets a dropped connection: tried once more, never applied twice, never refused as stale. */

afterEach(() => vi.restoreAllMocks());

const savedEvents = async (tripId: string) =>
  (await listTripEvents({ tripId, afterId: 0, limit: 100 })).filter((e) => e.kind === "preferences.saved");

describe("a preference save and a dropped connection", () => {
  it("a retry whose first attempt had committed answers saved with that version, and changes nothing", async () => {
    const trip = await newTrip();
    const memberId = (await requireMember(trip.organizer.ctx, trip.tripId)).member.id;
    const data = MemberPreferences.parse(answers({ notes: "window seat" }));
    // The first attempt commits (version 0 → 1), then its answer is lost with the connection…
    expect(
      await savePreferencesAttempt({ tripId: trip.tripId, memberId, data, expectedVersion: 0, isRetry: false }),
    ).toEqual({
      version: 1,
    });
    // …so the retry finds its own write: saved as version 1, not "changed somewhere else", and not saved twice.
    expect(
      await savePreferencesAttempt({ tripId: trip.tripId, memberId, data, expectedVersion: 0, isRetry: true }),
    ).toEqual({
      version: 1,
    });
    expect((await getPreferences({ memberId }))?.version).toBe(1);
    expect(await savedEvents(trip.tripId)).toHaveLength(1);
    // An update works the same: version 1 → 2 once.
    const edited = MemberPreferences.parse(answers({ notes: "aisle seat" }));
    await savePreferencesAttempt({ tripId: trip.tripId, memberId, data: edited, expectedVersion: 1, isRetry: false });
    expect(
      await savePreferencesAttempt({ tripId: trip.tripId, memberId, data: edited, expectedVersion: 1, isRetry: true }),
    ).toEqual({
      version: 2,
    });
    expect(await savedEvents(trip.tripId)).toHaveLength(2);
  });

  it("a retry that finds someone else's answers in that version is still refused as stale", async () => {
    const trip = await newTrip();
    const memberId = (await requireMember(trip.organizer.ctx, trip.tripId)).member.id;
    const other = MemberPreferences.parse(answers({ notes: "from the other tab" }));
    await savePreferencesAttempt({ tripId: trip.tripId, memberId, data: other, expectedVersion: 0, isRetry: false });
    const mine = MemberPreferences.parse(answers({ notes: "from this tab" }));
    await expect(
      savePreferencesAttempt({ tripId: trip.tripId, memberId, data: mine, expectedVersion: 0, isRetry: true }),
    ).rejects.toMatchObject({ code: "conflict:preferences" });
    expect((await getPreferences({ memberId }))?.data.notes).toBe("from the other tab");
  });

  // Only a Postgres server has connections that can be cut.
  if (process.env.DATABASE_URL) {
    it("a save right after the database cut its connections is tried once more and saved once; the retry is logged once with its cause", async () => {
      const trip = await newTrip();
      const memberId = (await requireMember(trip.organizer.ctx, trip.tripId)).member.id;
      // Every pooled connection busy once, so each is one the cut will kill.
      const db = await getDb();
      await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`)));
      const warnings = vi.spyOn(log, "warn").mockImplementation(() => undefined);
      const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
      try {
        await admin`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`;
        // At once, before the driver has seen its connections go: the save's first statement meets a dead one.
        const saved = await savePreferences({
          tripId: trip.tripId,
          memberId,
          expectedVersion: 0,
          data: MemberPreferences.parse(answers({ notes: "after the cut" })),
        });
        expect(saved).toEqual({ version: 1 });
      } finally {
        await admin.end();
      }
      expect(await getPreferences({ memberId })).toMatchObject({ version: 1, data: { notes: "after the cut" } });
      expect(await savedEvents(trip.tripId)).toHaveLength(1);
      const retries = warnings.mock.calls.filter((call) => String(call[1]).startsWith("preference save"));
      expect(retries).toHaveLength(1);
      expect(retries[0]?.[0]).toMatchObject({ err: expect.any(Error) });
    });
  }
});
