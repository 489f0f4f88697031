import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { savePreferences } from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { preferences } from "@/lib/db/schema";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { loadDashboard } from "@/lib/views/dashboard";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { BARCELONA_HOME } from "@/test/places";

withTestDatabase();

async function storedHome(tripId: string) {
  const db = await getDb();
  const [row] = await db.select().from(preferences).where(eq(preferences.tripId, tripId));
  return row ? MemberPreferences.parse(row.data) : null;
}

const SPAIN = BARCELONA_HOME;

describe("a member's confirmed home, saved", () => {
  it("stores the gazetteer's record of the picked place, whatever coordinates the browser sent", async () => {
    const trip = await newTrip();
    // Venezuela's coordinates and country under Spain's id: the id decides.
    const tampered = { ...SPAIN, country: "Venezuela", countryCode: "VE", lat: 10.13625, lon: -64.68618 };
    const result = await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ origin: "Barcelona", originPlace: tampered }),
    });
    expect(result.ok).toBe(true);
    const saved = await storedHome(trip.tripId);
    expect(saved?.originPlace).toEqual(SPAIN);
  });

  it("a place id the gazetteer doesn't have is refused, and nothing is saved", async () => {
    const trip = await newTrip();
    const result = await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ origin: "Atlantis", originPlace: { ...SPAIN, id: "city:999999999999" } }),
    });
    expect(result).toMatchObject({ ok: false, code: "invalid:preferences" });
    expect(await storedHome(trip.tripId)).toBeNull();
  });

  it("a home left unknown is stored as null; answers saved before homes were confirmed still parse", async () => {
    const trip = await newTrip();
    const member = await trip.join("Dan");
    await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ origin: "Qwzxville", originPlace: null }),
    });
    // The shape of answers from before this change: no originPlace at all.
    await savePreferences(member.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ origin: "Barcelona" }),
    });
    const db = await getDb();
    const rows = await db.select().from(preferences).where(eq(preferences.tripId, trip.tripId));
    const homes = rows.map((r) => MemberPreferences.parse(r.data)).map((p) => [p.origin, p.originPlace]);
    expect(homes).toContainEqual(["Qwzxville", null]);
    expect(homes).toContainEqual(["Barcelona", undefined]);
  });
});

describe("who sees that a home isn't confirmed", () => {
  it("the member and the organizer; not the rest of the group; a home not given is said apart", async () => {
    const trip = await newTrip();
    const [dan, eve, fay] = [await trip.join("Dan"), await trip.join("Eve"), await trip.join("Fay")];
    const save = (who: typeof dan, prefs: ReturnType<typeof answers>) =>
      savePreferences(who.ctx, { tripId: trip.tripId, expectedVersion: 0, preferences: prefs });
    await save(trip.organizer, answers({ origin: "Barcelona", originPlace: SPAIN }));
    await save(dan, answers({ origin: "Qwzxville", originPlace: null }));
    await save(eve, answers({ origin: "Barcelona" })); // ambiguous, from before homes were confirmed
    await save(fay, answers({ origin: null })); // no home given: her travel isn't priced either
    const unconfirmed = async (who: typeof dan) =>
      (await loadDashboard(await requireMember(who.ctx, trip.tripId))).members
        .filter((m) => m.homeNote)
        .map((m) => `${m.name}: ${m.homeNote}`)
        .sort();
    expect(await unconfirmed(trip.organizer)).toEqual(["Dan: unconfirmed", "Eve: unconfirmed", "Fay: missing"]);
    expect(await unconfirmed(dan)).toEqual(["Dan: unconfirmed"]);
    expect(await unconfirmed(eve)).toEqual(["Eve: unconfirmed"]);
    expect(await unconfirmed(fay)).toEqual(["Fay: missing"]);
  });
});
