import { z } from "zod";
import { readEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { type RatesTable, SHIPPED_RATES } from "./rates";

/**
 * The rate table new expenses convert at. With `RATES_URL` set, a provider's table fetched at
 * most once a day (per server process) and kept for the day; without it, or when the provider
 * fails or answers something we can't trust, the dated table shipped with the app. Each expense
 * keeps the rate and the date it was converted at, so a later table never changes it.
 *
 * The provider answers JSON `{ "date": "2026-12-01", "base": "USD", "rates": { "EUR": "0.8620", … } }`
 * (rates as decimal text or plain numbers, units of each currency for one unit of `base`), and
 * must cover every currency of the shipped table.
 */

export const RATES_MAX_AGE_MS = 24 * 60 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;

export interface RatesInUse {
  table: RatesTable;
  /** Where the table came from: the provider, or the shipped table (unset, or the provider failed). */
  source: "provider" | "shipped";
}

const Decimal = z.union([
  z.string().regex(/^\d+(\.\d+)?$/),
  z
    .number()
    .positive()
    .finite()
    .transform((n) => String(n))
    .pipe(z.string().regex(/^\d+(\.\d+)?$/, "a rate in plain decimal notation")),
]);

const ProviderTable = z.object({
  date: z.iso.date(),
  base: z.string().regex(/^[A-Z]{3}$/),
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), Decimal),
});

/** The provider's answer as a table, or why it can't be used. */
export function tableFromProvider(body: unknown): RatesTable | string {
  const parsed = ProviderTable.safeParse(body);
  if (!parsed.success) return `not a rate table: ${parsed.error.issues[0]?.message ?? "unreadable"}`;
  const { date, base } = parsed.data;
  const rates: Record<string, string> = { ...parsed.data.rates, [base]: "1" };
  if (Object.values(rates).some((r) => /^0+(\.0+)?$/.test(r))) return "a rate of zero";
  const missing = Object.keys(SHIPPED_RATES.rates).filter((c) => !rates[c]);
  if (missing.length) return `no rate for ${missing.join(", ")}`;
  return { date, base, rates };
}

export function ratesProvider({
  url,
  fetchImpl = fetch,
  now = () => Date.now(),
}: {
  url: string | undefined;
  fetchImpl?: typeof fetch;
  now?: () => number;
}) {
  let kept: { at: number; rates: RatesInUse } | null = null;
  let inFlight: Promise<RatesInUse> | null = null;

  async function fetchOnce(): Promise<RatesInUse> {
    const shipped: RatesInUse = { table: SHIPPED_RATES, source: "shipped" };
    if (!url) return shipped;
    try {
      const response = await fetchImpl(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const table = tableFromProvider(await response.json());
      if (typeof table === "string") throw new Error(table);
      return { table, source: "provider" };
    } catch (error) {
      log.warn(
        { reason: error instanceof Error ? error.message : String(error), shipped: SHIPPED_RATES.date },
        "exchange rates provider failed; using the shipped table",
      );
      return shipped;
    }
  }

  return {
    /** The table in use: fetched when the one kept is a day old (a failure, too, is kept for the day). */
    async current(): Promise<RatesInUse> {
      if (kept && now() - kept.at < RATES_MAX_AGE_MS) return kept.rates;
      inFlight ??= fetchOnce().then((rates) => {
        kept = { at: now(), rates };
        inFlight = null;
        return rates;
      });
      return inFlight;
    },
  };
}

let configured: ReturnType<typeof ratesProvider> | null = null;

/** The table new expenses convert at, from `RATES_URL` or the shipped one. */
export function currentRates(): Promise<RatesInUse> {
  configured ??= ratesProvider({ url: readEnv().RATES_URL });
  return configured.current();
}
