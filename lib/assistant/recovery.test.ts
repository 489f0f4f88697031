import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { getDb } from "@/lib/db/client";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { trips } from "@/lib/db/schema";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { ask } from "@/test/assistant";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";
import { keysOf, lisbonPlan } from "@/test/itinerary";

withTestDatabase();

/** How the assistant recovers when a call is refused: its arguments, or a plan that changed meanwhile. */

async function tripName(tripId: string) {
  const db = await getDb();
  const [row] = await db.select({ name: trips.name }).from(trips).where(eq(trips.id, tripId));
  return row?.name;
}

describe("invalid tool arguments", () => {
  it("go back to the model as the action's field errors, and one retry with them fixed goes through", async () => {
    const { tripId, organizer } = await newTrip("Porto");
    let calls = 0;
    const answer = await ask(organizer, tripId, `Rename the trip to ${"Lisbon ".repeat(15)}`, {
      onCall: () => calls++,
    });
    expect(answer.tools.map((t) => t.name)).toEqual(["renameTrip", "renameTrip", "readTrip", "complete_task"]);
    expect(answer.tools[0]?.output).toMatchObject({
      ok: false,
      code: "invalid:input",
      fieldErrors: { name: "Keep it under 80 characters" },
    });
    expect(answer.tools.at(-1)?.input).toMatchObject({ status: "success" });
    // Four model calls: the call, its retry, the read back, the end.
    // 15 × "Lisbon " is 105 characters; cut to 80 and trimmed: 11 whole words and "Lis".
    const expected = `${"Lisbon ".repeat(11)}Lis`;
    expect(await tripName(tripId)).toBe(expected);
    expect(answer.text).toContain(expected);
    expect(calls).toBe(4);
  });

  it("refused twice end the turn as partial with what to change, and nothing else runs", async () => {
    const { tripId, organizer } = await newTrip("Porto");
    let calls = 0;
    const answer = await ask(organizer, tripId, 'Rename the trip to " "', { onCall: () => calls++ });
    expect(answer.tools.map((t) => t.name)).toEqual(["renameTrip", "renameTrip", "complete_task"]);
    expect(answer.tools.at(-1)?.input).toEqual({ summary: "renameTrip did not go through", status: "partial" });
    expect(answer.text).toBe(
      "That didn't go through: Some fields need another look. name: Give the trip a name. Nothing else changed.",
    );
    // Two model calls (the call and its one retry), none after the second refusal.
    expect(calls).toBe(2);
    expect(await tripName(tripId)).toBe("Porto");
  });
});

describe("a plan that changed between the read and the edit", () => {
  /** Someone else's edit of the plan meanwhile: the organizer locks the Belém tower (a new version). */
  const lockBelem = (tripId: string, organizer: TestBrowser) => async () => {
    const version = (await currentItinerary({ tripId }))?.version ?? 0;
    const locked = await actions.lockItineraryItem(organizer.ctx, {
      tripId,
      version,
      itemKey: "a:belem-tower",
      locked: version % 2 === 1,
    });
    if (!locked.ok) throw new Error(locked.message);
  };

  it("is read again once and the edit made on the new version", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const meanwhile = lockBelem(tripId, organizer);
    // The second model call is the one that makes the edit: just before it, the plan changes (version 2).
    const answer = await ask(organizer, tripId, "Move the Pilar 7 bridge to Friday afternoon", {
      beforeCall: async (n) => (n === 2 ? meanwhile() : undefined),
    });
    expect(answer.tools.map((t) => t.name)).toEqual([
      "readPlan",
      "moveItineraryItem",
      "readPlan",
      "moveItineraryItem",
      "readPlan",
      "complete_task",
    ]);
    expect(answer.tools[1]?.input).toMatchObject({ version: 1, itemKey: "a:pilar-7-bridge", day: 5 });
    expect(answer.tools[1]?.output).toMatchObject({ ok: false, code: "conflict:version" });
    expect(answer.tools[3]?.input).toMatchObject({
      version: 2,
      itemKey: "a:pilar-7-bridge",
      day: 5,
      slot: "afternoon",
    });
    expect(answer.tools.at(-1)?.input).toMatchObject({ status: "success" });
    // Fri 14 May 2027 is day 5; its afternoon holds the 2-hour stroll from 13:30 (to 15:30), and the
    // bridge is 3.29 km away in a straight line: by public transport 4.28 km, 10 + 4.28 / 18 × 60 =
    // 24.3 → 25 minutes (as in lib/actions/itinerary-edits.test.ts), so the bridge goes at 15:55.
    const v3 = await currentItinerary({ tripId });
    expect(v3?.version).toBe(3);
    expect(keysOf(v3?.itinerary as Itinerary)[4]).toEqual([
      "a:lisbon-cathedral-se",
      "a:principe-real-stroll",
      "a:pilar-7-bridge",
    ]);
    expect(answer.text).toMatch(/^Moved .+ to day 5 \(afternoon, from 15:55\)\.$/);
  });

  it("changed again: explained, nothing moved", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const meanwhile = lockBelem(tripId, organizer);
    // Before each of the two edits (model calls 2 and 4) someone else changes the plan.
    const answer = await ask(organizer, tripId, "Move the Pilar 7 bridge to Friday afternoon", {
      beforeCall: async (n) => (n === 2 || n === 4 ? meanwhile() : undefined),
    });
    expect(answer.tools.map((t) => t.name)).toEqual([
      "readPlan",
      "moveItineraryItem",
      "readPlan",
      "moveItineraryItem",
      "complete_task",
    ]);
    expect(answer.tools.at(-1)?.input).toMatchObject({ status: "partial" });
    expect(answer.text).toMatch(/^That didn't go through: The plan changed since you opened it/);
    expect(answer.text).toMatch(/Nothing else changed\.$/);
    // Versions 2 and 3 are the other edits; the bridge is still on day 3.
    const current = await currentItinerary({ tripId });
    expect(current?.version).toBe(3);
    expect(keysOf(current?.itinerary as Itinerary)[2]).toEqual(["a:belem-tower", "a:pilar-7-bridge"]);
  });
});
