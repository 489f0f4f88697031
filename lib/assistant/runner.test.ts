import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";
import { runTool } from "./registry";

withTestDatabase();

/** A tool is its action: the same authorization, validation and messages, on the trip of the context. */
describe("runTool", () => {
  it("acts on the context's trip: a tripId among the arguments can't point it at another", async () => {
    const mine = await newTrip("Mine");
    const other = await newTrip("Other");
    const result = await runTool(
      "renameTrip",
      { tripId: other.tripId, name: "Lisbon in June" },
      { ctx: mine.organizer.ctx, tripId: mine.tripId },
    );
    expect(result).toEqual({ ok: true, data: { name: "Lisbon in June", description: "" } });
    expect((await requireMember(mine.organizer.ctx, mine.tripId)).trip.name).toBe("Lisbon in June");
    expect((await requireMember(other.organizer.ctx, other.tripId)).trip.name).toBe("Other");
  });

  it("refuses as the action does: a member calling an organizer's tool, bad input with field errors", async () => {
    const trip = await newTrip("Refusals");
    const mia = await trip.join("Mia");
    const byMember = await runTool("renameTrip", { name: "Mine now" }, { ctx: mia.ctx, tripId: trip.tripId });
    const direct = await actions.renameTrip(mia.ctx, { tripId: trip.tripId, name: "Mine now" });
    expect(byMember).toEqual({
      ok: false,
      code: "forbidden:organizer",
      message: "Only the trip's organizer can do that.",
    });
    expect(byMember).toEqual(direct);

    const bad = await runTool(
      "setTripDates",
      { start: "2027-06-18", end: "2027-06-14" },
      { ctx: trip.organizer.ctx, tripId: trip.tripId },
    );
    expect(bad).toMatchObject({
      ok: false,
      code: "invalid:input",
      fieldErrors: { end: "The last day can't be before the first" },
    });
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.startDate).toBeNull();
  });

  it("knows no tool outside the registry, and takes only an object of fields", async () => {
    const trip = await newTrip();
    const ctx = { ctx: trip.organizer.ctx, tripId: trip.tripId };
    expect(await runTool("createRecoveryLink", {}, ctx)).toMatchObject({ ok: false, code: "not_found:tool" });
    expect(await runTool("rotateInviteLink", {}, ctx)).toMatchObject({ ok: false, code: "not_found:tool" });
    expect(await runTool("nope", {}, ctx)).toMatchObject({ ok: false, code: "not_found:tool" });
    expect(await runTool("renameTrip", "Lisbon", ctx)).toMatchObject({ ok: false, code: "invalid:input" });
    expect(await runTool("renameTrip", ["Lisbon"], ctx)).toMatchObject({ ok: false, code: "invalid:input" });
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.name).toBe("Test trip");
  });
});
