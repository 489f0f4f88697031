import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { readBalancesFor } from "@/lib/actions/costs";
import { requireMember } from "@/lib/auth/guards";
import { readTripCosts } from "@/lib/db/queries/costs";
import { latestTripEventId, listTripEvents } from "@/lib/db/queries/trip-events";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

withTestDatabase();

/** A EUR trip of Olga (organizer), Ben and Cy, with each one's member id. */
async function group() {
  const trip = await newTrip("Costs");
  const ben = await trip.join("Ben");
  const cy = await trip.join("Cy");
  const set = await actions.setTripCostCurrency(trip.organizer.ctx, { tripId: trip.tripId, currency: "eur" });
  expect(set).toEqual({ ok: true, data: { currency: "EUR" } });
  const idOf = async (b: TestBrowser) => (await requireMember(b.ctx, trip.tripId)).member.id;
  return {
    trip,
    olga: trip.organizer,
    ben,
    cy,
    ids: { olga: await idOf(trip.organizer), ben: await idOf(ben), cy: await idOf(cy) },
  };
}

const dinner = (tripId: string, extra: Record<string, unknown> = {}) => ({
  tripId,
  description: "Dinner at the harbour",
  amount: "84",
  currency: "EUR",
  category: "food",
  spentOn: "2026-07-14",
  split: { kind: "equal" },
  ...extra,
});

/** Everything of the trip's costs a refused call must leave as it was. */
async function snapshot(tripId: string) {
  return {
    costs: await readTripCosts({ tripId, withDeleted: true }),
    lastEvent: await latestTripEventId({ tripId }),
  };
}

describe("adding an expense", () => {
  it("€84 paid by Olga, split among everyone: 28 each; balances +56, −28, −28; two transfers to Olga", async () => {
    const { trip, olga, ben, ids } = await group();
    const since = await latestTripEventId({ tripId: trip.tripId });
    const added = await actions.addExpense(olga.ctx, dinner(trip.tripId));
    expect(added).toMatchObject({ ok: true, data: { tripAmount: 8400, tripCurrency: "EUR", version: 1 } });
    const events = await listTripEvents({ tripId: trip.tripId, afterId: since, limit: 10 });
    expect(events.map((e) => e.kind)).toEqual(["costs.changed"]);
    // Read by another member: 8400 / 3 = 2800 each; Olga paid 8400 → +5600.
    const summary = await readBalancesFor(await requireMember(ben.ctx, trip.tripId));
    expect(summary.balances).toEqual([
      { memberId: ids.olga, name: "Olga", balance: 5600 },
      { memberId: ids.ben, name: "Ben", balance: -2800 },
      { memberId: ids.cy, name: "Cy", balance: -2800 },
    ]);
    expect(summary.transfers.map((t) => [t.fromName, t.toName, t.amount]).sort()).toEqual([
      ["Ben", "Olga", 2800],
      ["Cy", "Olga", 2800],
    ]);
  });

  it("in another currency: ¥9,000 in a EUR trip keeps its amount, the rate and its date, and converts to €49.89", async () => {
    const { trip, ben } = await group();
    // JPY→EUR = 0.8625 / 155.60 = 0.00554306 (8 places); 9000 × 0.00554306 = 49.88754 → 4989 cents.
    const added = await actions.addExpense(ben.ctx, dinner(trip.tripId, { amount: "9000", currency: "JPY" }));
    expect(added).toMatchObject({ ok: true, data: { tripAmount: 4989 } });
    const [row] = (await readTripCosts({ tripId: trip.tripId })).expenses;
    expect(row).toMatchObject({ amount: 9000, currency: "JPY", rate: "0.00554306", rateDate: "2026-11-30" });
  });
});

describe("bad input is refused at the boundary, and nothing changes", () => {
  it("negative, absurd, too precise, unknown currency, split not adding up, stranger as payer", async () => {
    const { trip, olga, ids } = await group();
    const other = await newTrip("Elsewhere");
    const stranger = (await requireMember(other.organizer.ctx, other.tripId)).member.id;
    const before = await snapshot(trip.tripId);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ amount: "-5" }, "invalid:input", /no minus sign/],
      [{ amount: "0" }, "invalid:costs", /more than zero/],
      [{ amount: "999999999" }, "invalid:costs", /more than 250,000 US dollars/],
      [{ amount: "12.5", currency: "JPY" }, "invalid:costs", /no decimals/],
      [{ currency: "XYZ" }, "invalid:costs", /isn't a currency code/],
      [{ currency: "KWD" }, "invalid:costs", /no exchange rate/],
      [
        {
          split: {
            kind: "exact",
            amounts: [
              { memberId: ids.olga, amount: "40" },
              { memberId: ids.ben, amount: "40" },
            ],
          },
        },
        "invalid:split",
        /add up to 8000, not the expense's 8400/,
      ],
      [{ payers: [{ memberId: ids.olga, amount: "80" }] }, "invalid:split", /payers' amounts add up to 8000/],
      [{ payers: [{ memberId: stranger, amount: "84" }] }, "invalid:costs", /isn't a member of this trip/],
    ];
    for (const [extra, code, message] of cases) {
      const result = await actions.addExpense(olga.ctx, dinner(trip.tripId, extra));
      expect(result, JSON.stringify(extra)).toMatchObject({ ok: false, code });
      if (!result.ok) expect(result.message + JSON.stringify(result.fieldErrors ?? {})).toMatch(message);
    }
    expect(await snapshot(trip.tripId)).toEqual(before);
  });

  it("a stale version and an expense of another trip", async () => {
    const { trip, olga, ben } = await group();
    const added = await actions.addExpense(olga.ctx, dinner(trip.tripId));
    if (!added.ok) throw new Error(added.message);
    const { expenseId } = added.data;
    const edited = await actions.editExpense(ben.ctx, {
      ...dinner(trip.tripId, { amount: "90" }),
      expenseId,
      version: 1,
    });
    expect(edited).toMatchObject({ ok: true, data: { version: 2 } });
    const before = await snapshot(trip.tripId);
    // Olga still has version 1 open.
    const stale = await actions.editExpense(olga.ctx, {
      ...dinner(trip.tripId, { amount: "95" }),
      expenseId,
      version: 1,
    });
    expect(stale).toMatchObject({ ok: false, code: "conflict:expense-version" });
    const staleDelete = await actions.deleteExpense(olga.ctx, { tripId: trip.tripId, expenseId, version: 1 });
    expect(staleDelete).toMatchObject({ ok: false, code: "conflict:expense-version" });
    // The organizer of another trip names this expense in their own trip: not found there.
    const other = await newTrip("Elsewhere");
    await actions.setTripCostCurrency(other.organizer.ctx, { tripId: other.tripId, currency: "EUR" });
    const foreign = await actions.editExpense(other.organizer.ctx, { ...dinner(other.tripId), expenseId, version: 2 });
    expect(foreign).toMatchObject({ ok: false, code: "not_found:expense" });
    const foreignDelete = await actions.deleteExpense(other.organizer.ctx, {
      tripId: other.tripId,
      expenseId,
      version: 2,
    });
    expect(foreignDelete).toMatchObject({ ok: false, code: "not_found:expense" });
    expect(await snapshot(trip.tripId)).toEqual(before);
  });

  it("the trip's currency is fixed once something is recorded", async () => {
    const { trip, olga } = await group();
    await actions.addExpense(olga.ctx, dinner(trip.tripId));
    const changed = await actions.setTripCostCurrency(olga.ctx, { tripId: trip.tripId, currency: "USD" });
    expect(changed).toMatchObject({ ok: false, code: "conflict:trip-currency" });
  });
});

describe("settling up, undo, and an edit after a payment", () => {
  it("records a payment, reaches all settled, undoes it; an edit after a payment counts it", async () => {
    const { trip, olga, ben, cy, ids } = await group();
    const added = await actions.addExpense(olga.ctx, dinner(trip.tripId, { amount: "90" }));
    if (!added.ok) throw new Error(added.message);
    // €90 three ways: Ben and Cy owe Olga 30 each.
    const pay = (from: string, amount: string) =>
      actions.recordPayment(ben.ctx, { tripId: trip.tripId, fromMemberId: from, toMemberId: ids.olga, amount });
    const benPaid = await pay(ids.ben, "30");
    const cyPaid = await pay(ids.cy, "30");
    if (!benPaid.ok || !cyPaid.ok) throw new Error("payment refused");
    const viewer = await requireMember(cy.ctx, trip.tripId);
    expect((await readBalancesFor(viewer)).settled).toBe(true);
    // Cy's payment undone: Cy owes 30 again.
    expect(
      (await actions.undoRecordedPayment(cy.ctx, { tripId: trip.tripId, paymentId: cyPaid.data.paymentId })).ok,
    ).toBe(true);
    const again = await actions.undoRecordedPayment(cy.ctx, { tripId: trip.tripId, paymentId: cyPaid.data.paymentId });
    expect(again).toMatchObject({ ok: false, code: "not_found:payment" });
    expect((await readBalancesFor(viewer)).transfers).toMatchObject([
      { fromMemberId: ids.cy, toMemberId: ids.olga, amount: 3000 },
    ]);
    // The dinner was €120: 40 each. Olga +120 −40 −30 = +50; Ben −40 +30 = −10; Cy −40.
    const edited = await actions.editExpense(olga.ctx, {
      ...dinner(trip.tripId, { amount: "120" }),
      expenseId: added.data.expenseId,
      version: 1,
    });
    expect(edited.ok).toBe(true);
    const summary = await readBalancesFor(viewer);
    expect(Object.fromEntries(summary.balances.map((b) => [b.name, b.balance]))).toEqual({
      Olga: 5000,
      Ben: -1000,
      Cy: -4000,
    });
    // Deleting it and undoing the delete.
    expect(
      (await actions.deleteExpense(ben.ctx, { tripId: trip.tripId, expenseId: added.data.expenseId, version: 2 })).ok,
    ).toBe(true);
    expect((await readBalancesFor(viewer)).total).toBe(0);
    expect((await actions.restoreExpense(ben.ctx, { tripId: trip.tripId, expenseId: added.data.expenseId })).ok).toBe(
      true,
    );
    expect((await readBalancesFor(viewer)).total).toBe(12000);
  });

  it("a payment to oneself, or to someone outside the trip, is refused", async () => {
    const { trip, ben, ids } = await group();
    const self = await actions.recordPayment(ben.ctx, {
      tripId: trip.tripId,
      fromMemberId: ids.ben,
      toMemberId: ids.ben,
      amount: "5",
    });
    expect(self).toMatchObject({ ok: false, code: "invalid:costs" });
    const other = await newTrip("Elsewhere");
    const stranger = (await requireMember(other.organizer.ctx, other.tripId)).member.id;
    const out = await actions.recordPayment(ben.ctx, {
      tripId: trip.tripId,
      fromMemberId: ids.ben,
      toMemberId: stranger,
      amount: "5",
    });
    expect(out).toMatchObject({ ok: false, code: "invalid:costs" });
    expect((await readTripCosts({ tripId: trip.tripId })).payments).toEqual([]);
  });
});

describe("a member who leaves", () => {
  it("an expense someone else paid keeps its amounts and split; the leaver becomes 'A former member', their id and name gone", async () => {
    const { trip, olga, cy, ids } = await group();
    // Olga pays €90 for the three; Cy pays €30 for Cy and Olga; Cy's payment of €10 to Olga.
    const first = await actions.addExpense(
      olga.ctx,
      dinner(trip.tripId, { amount: "90", description: "Boat with Cy" }),
    );
    const second = await actions.addExpense(
      cy.ctx,
      dinner(trip.tripId, { amount: "30", split: { kind: "equal", memberIds: [ids.olga, ids.cy] } }),
    );
    const paid = await actions.recordPayment(cy.ctx, {
      tripId: trip.tripId,
      fromMemberId: ids.cy,
      toMemberId: ids.olga,
      amount: "10",
    });
    expect([first.ok, second.ok, paid.ok]).toEqual([true, true, true]);
    const before = await readBalancesFor(await requireMember(olga.ctx, trip.tripId));
    // Olga +90 −30 −15 −10 = +35; Ben −30; Cy +30 −30 −15 +10 = −5.
    expect(Object.fromEntries(before.balances.map((b) => [b.name, b.balance]))).toEqual({
      Olga: 3500,
      Ben: -3000,
      Cy: -500,
    });

    expect((await actions.leaveTrip(cy.ctx, { tripId: trip.tripId, confirm: true })).ok).toBe(true);
    const costs = await readTripCosts({ tripId: trip.tripId });
    // Both expenses stay with their amounts and their three (two) shares.
    expect(costs.expenses.map((e) => [e.amount, e.shares.length, e.payers.length])).toEqual([
      [9000, 3, 1],
      [3000, 2, 1],
    ]);
    expect(costs.expenses[0]?.description).toBe("Boat with Someone");
    const text = JSON.stringify(costs);
    expect(text).not.toContain(ids.cy);
    expect(text).not.toContain("Cy");
    // The balances are the same figures, Cy's under "A former member", and still add up to zero.
    const after = await readBalancesFor(await requireMember(olga.ctx, trip.tripId));
    expect(Object.fromEntries(after.balances.map((b) => [b.name, b.balance]))).toEqual({
      Olga: 3500,
      Ben: -3000,
      "A former member": -500,
    });
  });
});
