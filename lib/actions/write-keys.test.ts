import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { getDb } from "@/lib/db/client";
import { expenses, feedbackItems } from "@/lib/db/schema";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";
import { lisbonPlan } from "@/test/itinerary";

withTestDatabase();

/**
 * A phone's outbox sends a write again when it can't know the first send arrived (the network
 * dropped before the answer, two tabs woke up at once): the key it made for the write makes
 * the server answer every send with the first outcome and keep one row. On PostgreSQL the
 * sends race for real (CI runs this file with DATABASE_URL set); on PGlite they queue.
 */

const KEY = "6f1c1e0a-8d1b-4b7e-9a51-2f0f7d3b9c11";
const OTHER_KEY = "0d2b7a4e-3c5f-4f6a-8e9d-1a2b3c4d5e6f";
const SENDS = 6;

async function rowsWithKey(table: typeof feedbackItems | typeof expenses, tripId: string, key: string) {
  const db = await getDb();
  return db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tripId, tripId), eq(table.clientKey, key)));
}

describe("a write sent again with its key", () => {
  it("a flag sent six times at once is one flag, and every send answers with it", async () => {
    const { tripId, member } = await lisbonPlan();
    const flag = {
      tripId,
      version: 1,
      itemKey: "a:belem-tower",
      reason: "not-my-thing",
      note: "Seen it",
      clientKey: KEY,
    };
    const answers = await Promise.all(Array.from({ length: SENDS }, () => actions.flagItineraryItem(member.ctx, flag)));
    const rows = await rowsWithKey(feedbackItems, tripId, KEY);
    expect(rows).toHaveLength(1);
    // Not "You've already flagged this item" for the late ones: the same answer as the first.
    expect(answers).toEqual(Array.from({ length: SENDS }, () => ({ ok: true, data: { feedbackId: rows[0]?.id } })));
  });

  it("sent again after the plan changed, the flag answers as first accepted; a new one on the old plan is refused with why", async () => {
    const { tripId, organizer, member } = await lisbonPlan();
    const flag = { tripId, version: 1, itemKey: "a:belem-tower", reason: "too-expensive", note: "", clientKey: KEY };
    const first = await actions.flagItineraryItem(member.ctx, flag);
    expect(first.ok).toBe(true);
    // The organizer edits the plan by hand: version 2.
    expect(
      await actions.removeItineraryItem(organizer.ctx, { tripId, version: 1, itemKey: "a:pilar-7-bridge" }),
    ).toEqual({
      ok: true,
      data: { version: 2 },
    });
    expect(await actions.flagItineraryItem(member.ctx, flag)).toEqual(first);

    const late = await actions.flagItineraryItem(member.ctx, {
      ...flag,
      itemKey: "a:jeronimos-monastery",
      clientKey: OTHER_KEY,
    });
    expect(late).toMatchObject({ ok: false, code: "conflict:version" });
    if (!late.ok) expect(late.message).toMatch(/^The plan changed since you opened it/);
    expect(await rowsWithKey(feedbackItems, tripId, OTHER_KEY)).toEqual([]);
  });

  it("a suggestion sent at once from two tabs is one suggestion", async () => {
    const { tripId, member } = await lisbonPlan();
    const idea = { tripId, version: 1, activityId: null, text: "A fado night in Alfama", clientKey: KEY };
    const [a, b] = await Promise.all([
      actions.suggestAddition(member.ctx, idea),
      actions.suggestAddition(member.ctx, idea),
    ]);
    const rows = await rowsWithKey(feedbackItems, tripId, KEY);
    expect(rows).toHaveLength(1);
    expect([a, b]).toEqual([
      { ok: true, data: { feedbackId: rows[0]?.id } },
      { ok: true, data: { feedbackId: rows[0]?.id } },
    ]);
  });

  it("another member's key is refused, and tells nothing of that member's write", async () => {
    const { tripId, organizer, member } = await lisbonPlan();
    expect(
      (
        await actions.suggestAddition(member.ctx, {
          tripId,
          version: 1,
          activityId: null,
          text: "Fado",
          clientKey: KEY,
        })
      ).ok,
    ).toBe(true);
    const reused = await actions.suggestAddition(organizer.ctx, {
      tripId,
      version: 1,
      activityId: null,
      text: "Sunset cruise",
      clientKey: KEY,
    });
    expect(reused).toEqual({ ok: false, code: "conflict:client-key", message: "That write key was already used." });
    expect(await rowsWithKey(feedbackItems, tripId, KEY)).toHaveLength(1);
  });

  it("an expense sent six times at once is one expense of €84, answered six times alike", async () => {
    const trip = await newTrip("Costs");
    await trip.join("Ben");
    expect((await actions.setTripCostCurrency(trip.organizer.ctx, { tripId: trip.tripId, currency: "EUR" })).ok).toBe(
      true,
    );
    const dinner = {
      tripId: trip.tripId,
      description: "Dinner at the harbour",
      amount: "84",
      currency: "EUR",
      category: "food",
      spentOn: "2026-07-14",
      split: { kind: "equal" },
      clientKey: KEY,
    };
    const answers = await Promise.all(
      Array.from({ length: SENDS }, () => actions.addExpense(trip.organizer.ctx, dinner)),
    );
    const rows = await rowsWithKey(expenses, trip.tripId, KEY);
    expect(rows).toHaveLength(1);
    // €84 in the trip's own currency: 8400 cents, version 1, the same answer for every send.
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([
        JSON.stringify({
          ok: true,
          data: { expenseId: rows[0]?.id, version: 1, tripAmount: 8400, tripCurrency: "EUR" },
        }),
      ]),
    );
  });
});
