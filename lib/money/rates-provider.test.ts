import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quote } from "./rates";
import { RATES_MAX_AGE_MS, ratesProvider } from "./rates-provider";

/**
 * The rates provider against a real HTTP server on localhost: what it answers is what the
 * provider fetches, at most once a day; a failure or an answer we can't trust falls back to
 * the shipped table, labelled with its own date.
 */

const DAY_TABLE = {
  date: "2026-12-01",
  base: "USD",
  rates: { EUR: "0.9000", GBP: 0.8, JPY: "150", MXN: "18", CAD: "1.4", AUD: "1.5", CHF: "0.8", SEK: "9.5", NZD: "1.7" },
};

let answer: { status: number; body: unknown } = { status: 200, body: DAY_TABLE };
let hits = 0;
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A provider whose clock the test moves. */
function providerAt(start: number, target = url) {
  const clock = { now: start };
  return { clock, provider: ratesProvider({ url: target, now: () => clock.now }) };
}

describe("the exchange-rates provider", () => {
  it("without RATES_URL: the shipped table, dated 2026-11-30", async () => {
    const rates = await ratesProvider({ url: undefined }).current();
    expect(rates).toMatchObject({ source: "shipped", table: { date: "2026-11-30" } });
  });

  it("fetches the provider's table, keeps it for a day, then fetches again", async () => {
    answer = { status: 200, body: DAY_TABLE };
    hits = 0;
    const { clock, provider } = providerAt(1_000);
    const first = await provider.current();
    expect(first.source).toBe("provider");
    expect(first.table.date).toBe("2026-12-01");
    // 1 USD = 0.9 EUR, so 1 EUR = 1 / 0.9 = 1.11111111 USD (8 places).
    expect(quote("EUR", "USD", first.table)?.rate).toEqual({ amount: 111111111, scale: 8 });
    // GBP came as a number (0.8): read as the decimal "0.8".
    expect(first.table.rates.GBP).toBe("0.8");
    // Asked again and again within the day (at once too): no further fetch.
    await Promise.all([provider.current(), provider.current()]);
    clock.now += RATES_MAX_AGE_MS - 1;
    await provider.current();
    expect(hits).toBe(1);
    // A day later, the next table.
    answer = { status: 200, body: { ...DAY_TABLE, date: "2026-12-02" } };
    clock.now += 1;
    expect((await provider.current()).table.date).toBe("2026-12-02");
    expect(hits).toBe(2);
  });

  it("a provider that fails, or answers a table we can't trust, gives the shipped table, and is not asked again that day", async () => {
    const cases: { status: number; body: unknown }[] = [
      { status: 503, body: { error: "down" } },
      { status: 200, body: { date: "2026-12-01", base: "USD", rates: { EUR: "0.9" } } },
      { status: 200, body: { ...DAY_TABLE, rates: { ...DAY_TABLE.rates, EUR: "-0.9" } } },
      { status: 200, body: { ...DAY_TABLE, rates: { ...DAY_TABLE.rates, EUR: "0" } } },
      { status: 200, body: "<html>maintenance</html>" },
    ];
    for (const bad of cases) {
      answer = bad;
      hits = 0;
      const { clock, provider } = providerAt(5_000);
      expect(await provider.current()).toMatchObject({ source: "shipped", table: { date: "2026-11-30" } });
      clock.now += RATES_MAX_AGE_MS - 1;
      await provider.current();
      expect(hits).toBe(1);
    }
  });

  it("a provider nobody listens on gives the shipped table", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { provider } = providerAt(0, `http://127.0.0.1:${port}/rates.json`);
    expect(await provider.current()).toMatchObject({ source: "shipped", table: { date: "2026-11-30" } });
  });
});
