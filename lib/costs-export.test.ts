import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { costsCsvResponse } from "@/lib/costs-export";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";
import { startTripServer } from "@/test/route-server";

withTestDatabase();

/** The CSV export over real HTTP, parsed back with csv-parse as a spreadsheet would read it. */
let server: Awaited<ReturnType<typeof startTripServer>>;
beforeAll(async () => {
  server = await startTripServer({ "costs/export": costsCsvResponse });
});
afterAll(async () => {
  await server.close();
});

describe("the costs CSV", () => {
  it("lists each expense in its own currency and the trip's, then the settle-up; text with commas, quotes and formulas survives", async () => {
    const trip = await newTrip("Kyoto & co");
    const ben = await trip.join("Ben");
    expect((await actions.setTripCostCurrency(trip.organizer.ctx, { tripId: trip.tripId, currency: "EUR" })).ok).toBe(
      true,
    );
    const id = async (b: TestBrowser) => (await requireMember(b.ctx, trip.tripId)).member.id;
    const [olga, benId] = [await id(trip.organizer), await id(ben)];
    const add = (who: TestBrowser, description: string, amount: string, currency: string, spentOn: string) =>
      actions.addExpense(who.ctx, {
        tripId: trip.tripId,
        description,
        amount,
        currency,
        category: "food",
        spentOn,
        split: { kind: "equal", memberIds: [olga, benId] },
      });
    expect((await add(trip.organizer, 'Dinner, "the good one"', "84.50", "EUR", "2027-06-12")).ok).toBe(true);
    expect((await add(ben, "=SUM(A1)", "9000", "JPY", "2027-06-13")).ok).toBe(true);

    const response = await server.get(`/trips/${trip.tripId}/costs/export`, ben, trip.tripId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows: string[][] = parse((await response.text()).replace(/^\uFEFF/, ""), { relax_column_count: true });
    expect(rows[0]).toEqual([
      "Date",
      "Description",
      "Category",
      "Amount",
      "Currency",
      "Amount (EUR)",
      "Rate",
      "Rate date",
      "Paid by",
      "Split",
    ]);
    // €84.50 split two ways: 42.25 each. ¥9,000 × 0.00554306 = 49.88754 → €49.89; its shares are kept
    // in yen (4500 each) and the CSV shows them so.
    expect(rows[1]).toEqual([
      "2027-06-12",
      'Dinner, "the good one"',
      "Food",
      "84.50",
      "EUR",
      "84.50",
      "1",
      "2026-11-30",
      "Olga 84.50",
      expect.stringMatching(/^(Olga|Ben) 42.25; (Olga|Ben) 42.25$/),
    ]);
    expect(rows[2]?.slice(0, 9)).toEqual([
      "2027-06-13",
      "'=SUM(A1)",
      "Food",
      "9000",
      "JPY",
      "49.89",
      "0.00554306",
      "2026-11-30",
      "Ben 9000",
    ]);
    // Olga: +84.50 − 42.25 − share of 49.89. The 49.89 is allocated by the yen shares 4500:4500 →
    // 24.95 to the first member by id, 24.94 to the other. Ben owes Olga 42.25 − (49.89 − his part).
    const olgaFirst = olga < benId;
    const olgaPart = olgaFirst ? 2495 : 2494;
    const owed = 4225 - olgaPart; // Olga's balance: 8450 − 4225 − olgaPart
    expect(rows[4]).toEqual(["Settle up", "From", "To", "Amount (EUR)"]);
    expect(rows[5]).toEqual(["", "Ben", "Olga", (owed / 100).toFixed(2)]);
    // A stranger gets nothing.
    expect((await server.get(`/trips/${trip.tripId}/costs/export`)).status).toBe(404);
  });
});
