import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { trips } from "@/lib/db/schema";
import { ask } from "@/test/assistant";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

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
