import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { readTripCosts } from "@/lib/db/queries/costs";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

withTestDatabase();

/**
 * With RATES_URL set, a new expense converts at the provider's table (a real HTTP server on
 * localhost here) and keeps that rate and its date; the Costs board names the same date.
 */

let server: Server;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        date: "2026-12-01",
        base: "USD",
        rates: {
          EUR: "0.9",
          GBP: "0.8",
          JPY: "150",
          MXN: "18",
          CAD: "1.4",
          AUD: "1.5",
          CHF: "0.8",
          SEK: "9.5",
          NZD: "1.7",
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.RATES_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates.json`;
});
afterAll(() => {
  delete process.env.RATES_URL;
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("an expense converted at the provider's rates", () => {
  it("€45 in a USD trip at 1 USD = 0.9 EUR is $50.00, kept with the rate 1.11111111 and the date 2026-12-01", async () => {
    const trip = await newTrip("Rates");
    const added = await actions.addExpense(trip.organizer.ctx, {
      tripId: trip.tripId,
      description: "Museum",
      amount: "45",
      currency: "EUR",
      category: "activities",
      spentOn: "2026-12-01",
      split: { kind: "equal" },
    });
    // 1 EUR = 1 / 0.9 = 1.11111111 USD (8 places); 4500 × 1.11111111 = 4999.99999 → 5000 cents.
    expect(added).toMatchObject({ ok: true, data: { tripAmount: 5000, tripCurrency: "USD" } });
    const [row] = (await readTripCosts({ tripId: trip.tripId })).expenses;
    expect(row).toMatchObject({ amount: 4500, currency: "EUR", rate: "1.11111111", rateDate: "2026-12-01" });
  });
});
