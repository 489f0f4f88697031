import { describe, expect, it } from "vitest";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { ask } from "@/test/assistant";
import { withTestDatabase } from "@/test/db";
import { keysOf, lisbonPlan } from "@/test/itinerary";

withTestDatabase();

/** Itinerary edits asked in words, on the known Lisbon plan (test/itinerary.ts `lisbonPlan`). */

const itemOf = (plan: Itinerary, key: string) => plan.days.flatMap((d) => d.items).find((i) => i.key === key);

describe("itinerary edits asked in words", () => {
  it("remove the <item>: reads the plan, removes that item from the version read, reads it back", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const answer = await ask(organizer, tripId, "Remove the Belem tower from the plan");
    expect(answer.tools.map((t) => t.name)).toEqual(["readPlan", "removeItineraryItem", "readPlan", "complete_task"]);
    expect(answer.tools[1]?.input).toEqual({ version: 1, itemKey: "a:belem-tower" });
    expect(answer.tools.at(-1)?.input).toMatchObject({ status: "success" });
    const v2 = await currentItinerary({ tripId });
    expect(v2?.version).toBe(2);
    expect(keysOf(v2?.itinerary as Itinerary)[2]).toEqual(["a:pilar-7-bridge"]);
    // $81 − $11 of activities a person: $1,370 and $1,520.
    expect(v2?.itinerary.costs.map((c) => c.total).sort((a, b) => a - b)).toEqual([1370, 1520]);
    expect(answer.text).toMatch(/^Removed .+ from the plan\.$/);
  });

  it("lock, then unlock, the <item>; an item no words match gets a question, nothing changes", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const locked = await ask(organizer, tripId, "Lock the Pilar 7 bridge");
    expect(locked.tools[1]?.input).toEqual({ version: 1, itemKey: "a:pilar-7-bridge", locked: true });
    expect(itemOf((await currentItinerary({ tripId }))?.itinerary as Itinerary, "a:pilar-7-bridge")?.locked).toBe(true);
    expect(locked.text).toMatch(/^Locked .+: regenerations keep it where it is\.$/);

    const unlocked = await ask(organizer, tripId, "Unlock the pilar 7 bridge");
    expect(unlocked.tools[1]?.input).toEqual({ version: 2, itemKey: "a:pilar-7-bridge", locked: false });
    const v3 = await currentItinerary({ tripId });
    expect(v3?.version).toBe(3);
    expect(itemOf(v3?.itinerary as Itinerary, "a:pilar-7-bridge")?.locked).toBe(false);

    const unknown = await ask(organizer, tripId, "Lock the submarine tour");
    expect(unknown.tools.map((t) => `${t.name}:${t.state}`)).toEqual([
      "readPlan:output-available",
      "ask_clarification:input-available",
    ]);
    expect(unknown.tools[1]?.input).toMatchObject({
      missing: "the item",
      why: 'No item of the plan matches "submarine tour".',
    });
    expect((await currentItinerary({ tripId }))?.version).toBe(3);
  });
});
