import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { latestTripEventId, listTripEvents } from "@/lib/db/queries/trip-events";
import { getTrip } from "@/lib/db/queries/trips";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

withTestDatabase();

/** The organizer renames the trip and edits its description; nobody else can. */
describe("renaming the trip", () => {
  it("saves the trimmed name and description and tells open views the trip changed", async () => {
    const trip = await newTrip("Lisbon");
    const since = await latestTripEventId({ tripId: trip.tripId });
    const renamed = await actions.renameTrip(trip.organizer.ctx, {
      tripId: trip.tripId,
      name: "  Lisbon in May  ",
      description: "\n Five days of tiles and tarts. \n",
    });
    expect(renamed).toEqual({
      ok: true,
      data: { name: "Lisbon in May", description: "Five days of tiles and tarts." },
    });
    expect(await getTrip({ tripId: trip.tripId })).toMatchObject({
      name: "Lisbon in May",
      description: "Five days of tiles and tarts.",
    });
    const events = await listTripEvents({ tripId: trip.tripId, afterId: since, limit: 10 });
    expect(events.map((e) => e.kind)).toEqual(["trip.changed"]);

    // Without a description it keeps the one it has; an empty one clears it.
    await actions.renameTrip(trip.organizer.ctx, { tripId: trip.tripId, name: "Lisbon" });
    expect(await getTrip({ tripId: trip.tripId })).toMatchObject({
      name: "Lisbon",
      description: "Five days of tiles and tarts.",
    });
    await actions.renameTrip(trip.organizer.ctx, { tripId: trip.tripId, name: "Lisbon", description: "" });
    expect((await getTrip({ tripId: trip.tripId }))?.description).toBe("");
  });

  it("takes a name of 1 to 80 characters and a description up to 500; otherwise says which field and changes nothing", async () => {
    const trip = await newTrip("Lisbon");
    const attempt = (fields: { name: string; description?: string }) =>
      actions.renameTrip(trip.organizer.ctx, { tripId: trip.tripId, ...fields });

    const cases: [{ name: string; description?: string }, string, string][] = [
      [{ name: "   " }, "name", "Give the trip a name"],
      [{ name: "x".repeat(81) }, "name", "Keep it under 80 characters"],
      [{ name: "Lisbon", description: "d".repeat(501) }, "description", "Keep it under 500 characters"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await attempt(fields);
      expect(result).toMatchObject({ ok: false, code: "invalid:input", fieldErrors: { [field]: message } });
    }
    expect(await getTrip({ tripId: trip.tripId })).toMatchObject({ name: "Lisbon", description: "" });

    expect(await attempt({ name: "y", description: "d".repeat(500) })).toMatchObject({ ok: true });
    expect(await attempt({ name: "x".repeat(80) })).toMatchObject({ ok: true });
    expect((await getTrip({ tripId: trip.tripId }))?.name).toBe("x".repeat(80));
  });

  it("is the organizer's: a member and someone from another trip are refused and the trip keeps its name", async () => {
    const trip = await newTrip("Lisbon");
    const mia = await trip.join("Mia");
    const outsider = await (await newTrip("Elsewhere")).join("Otto");
    const since = await latestTripEventId({ tripId: trip.tripId });

    const byMember = await actions.renameTrip(mia.ctx, { tripId: trip.tripId, name: "Mia's trip" });
    expect(byMember).toMatchObject({ ok: false, code: "forbidden:organizer" });
    const byOutsider = await actions.renameTrip(outsider.ctx, { tripId: trip.tripId, name: "Otto's trip" });
    expect(byOutsider).toMatchObject({ ok: false, code: "not_found:trip" });

    expect(await getTrip({ tripId: trip.tripId })).toMatchObject({ name: "Lisbon", description: "" });
    expect(await listTripEvents({ tripId: trip.tripId, afterId: since, limit: 10 })).toEqual([]);
  });
});
