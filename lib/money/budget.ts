import { currencyOf, requireCurrency } from "./currency";
import { formatMoney } from "./display";
import { quote, type RatesTable, SHIPPED_RATES } from "./rates";
import { convertAmount } from "./split";

/**
 * A member's budget in their own currency (DESIGN.md "Money"): typed as people write money
 * ("€2000", "2500 EUR", "2.000 €", "$1,200"), kept as minor units with an ISO 4217 code, and
 * judged in that currency: a plan's figures (whole US dollars, from the facts) are converted
 * with the dated rate table and compared with the member's own amount, never the other way
 * round. The planner's ledger and the independent validator both judge through `exceeds` /
 * `overByUsd` here, each from the totals it computed itself.
 */

/** An amount in minor units of `currency` (200000 EUR = €2,000.00). */
export interface Money {
  amount: number;
  currency: string;
}

/** A member's budget read in their own currency, minor units; max null = no ceiling. */
export interface OwnBudget {
  currency: string;
  min: number;
  max: number | null;
  hardLimit: boolean;
}

/** The most a budget may be, as its equivalent in US dollars at the table's rate. */
export const MAX_BUDGET_USD = 1_000_000;

/** Symbols people type for a currency. "$" alone is the dollar (or peso) they chose, else the US dollar. */
const SYMBOLS: [RegExp, string][] = [
  [/^US\$|^U\$S/i, "USD"],
  [/^C\$|^CA\$/i, "CAD"],
  [/^A\$|^AU\$/i, "AUD"],
  [/^NZ\$/i, "NZD"],
  [/^MX\$/i, "MXN"],
  [/^€/, "EUR"],
  [/^£/, "GBP"],
  [/^¥|^円/, "JPY"],
  [/^Fr\.?(?=[\s\d]|$)/, "CHF"],
  [/^kr\.?(?=[\s\d]|$)/i, "SEK"],
];
const DOLLARS = new Set(["USD", "CAD", "AUD", "NZD", "MXN"]);

export type ParsedMoney =
  | { ok: true; money: Money }
  | { ok: false; reason: "empty" | "not-a-number" | "negative" | "unknown-currency" | "too-precise"; message: string };

/** The currency named at one end of the text (a symbol or a three-letter code), and the rest. */
function splitCurrency(text: string, fallback: string): { currency: string | null; code: string | null; rest: string } {
  const flip = (s: string) => [...s].reverse().join("");
  for (const [pattern, code] of SYMBOLS) {
    const m = pattern.exec(text);
    if (m) return { currency: code, code, rest: text.slice(m[0].length) };
  }
  if (text.startsWith("$"))
    return { currency: DOLLARS.has(fallback) ? fallback : "USD", code: "$", rest: text.slice(1) };
  const iso = /^([A-Za-z]{3})(?![A-Za-z])/.exec(text);
  if (iso?.[1]) return { currency: currencyOf(iso[1])?.code ?? null, code: iso[1].toUpperCase(), rest: text.slice(3) };
  // The same at the end ("2.000 €", "2500 EUR", "1200$").
  const tail = flip(text);
  for (const [symbol, code] of [
    ["€", "EUR"],
    ["£", "GBP"],
    ["¥", "JPY"],
    ["円", "JPY"],
  ] as const) {
    if (tail.startsWith(symbol)) return { currency: code, code, rest: text.slice(0, -symbol.length) };
  }
  if (tail.startsWith("$"))
    return { currency: DOLLARS.has(fallback) ? fallback : "USD", code: "$", rest: text.slice(0, -1) };
  const isoEnd = /(?<![A-Za-z])([A-Za-z]{3})$/.exec(text);
  if (isoEnd?.[1]) {
    const code = isoEnd[1].toUpperCase();
    return { currency: currencyOf(code)?.code ?? null, code, rest: text.slice(0, -3) };
  }
  const kr = /(?<![A-Za-z])kr\.?$/i.exec(text);
  if (kr) return { currency: "SEK", code: "kr", rest: text.slice(0, -kr[0].length) };
  return { currency: fallback, code: null, rest: text };
}

/**
 * The digits of an amount written with either decimal mark: "1,200", "1.200", "1 200" and
 * "1'200" are twelve hundred; "12.50" and "12,50" twelve and a half. A single mark followed
 * by exactly three digits groups thousands; with both marks, the last one is the decimal.
 */
function splitNumber(text: string): { whole: string; fraction: string } | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, "");
  if (!/^\d[\d.,]*$/.test(compact) || /[.,]$/.test(compact)) return null;
  const dots = compact.split(".").length - 1;
  const commas = compact.split(",").length - 1;
  let decimal: "." | "," | null = null;
  if (dots && commas) decimal = compact.lastIndexOf(".") > compact.lastIndexOf(",") ? "." : ",";
  else if (dots === 1 || commas === 1) {
    const mark = dots ? "." : ",";
    decimal = /^\d{3}$/.test(compact.split(mark)[1] ?? "") && !/^0+$/.test(compact.split(mark)[0] ?? "") ? null : mark;
  }
  const [wholeText, fraction = ""] = decimal ? compact.split(decimal) : [compact];
  const groups = (wholeText ?? "").split(/[.,]/);
  // Grouped thousands must look like it ("1,2,3" is not a number).
  if (groups.length > 1 && (groups.slice(1).some((g) => g.length !== 3) || (groups[0] ?? "").length > 3)) return null;
  if (decimal && /[.,]/.test(fraction)) return null;
  return { whole: groups.join("").replace(/^0+(?=\d)/, ""), fraction };
}

/**
 * Money as a person types it, in minor units. `fallback` is the currency of a bare number
 * (the form's currency picker). Never a float: the digits are assembled as text.
 */
export function parseMoneyText(input: string | number, fallback: string): ParsedMoney {
  if (typeof input === "number" && !Number.isFinite(input))
    return { ok: false, reason: "not-a-number", message: "Enter an amount, like 2000 or €2,000" };
  const text = (
    typeof input === "number" ? input.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 }) : input
  ).trim();
  if (text === "") return { ok: false, reason: "empty", message: "Enter an amount" };
  const MINUS = /^[-−–]\s*/;
  const { currency, code, rest: after } = splitCurrency(text.replace(MINUS, ""), fallback);
  const negative = MINUS.test(text) || MINUS.test(after.trim());
  const rest = after.trim().replace(MINUS, "");
  if (currency === null || !currencyOf(currency))
    return {
      ok: false,
      reason: "unknown-currency",
      message: `“${code ?? text}” isn't a currency we know: use a code like EUR or a symbol like €`,
    };
  const digits = splitNumber(rest);
  if (!digits) return { ok: false, reason: "not-a-number", message: "Enter an amount, like 2000 or €2,000" };
  if (negative) return { ok: false, reason: "negative", message: "Can't be negative" };
  const { exponent } = requireCurrency(currency);
  if (digits.fraction.length > exponent && /[1-9]/.test(digits.fraction.slice(exponent)))
    return {
      ok: false,
      reason: "too-precise",
      message: exponent === 0 ? `${currency} has no smaller unit: whole amounts only` : `At most ${exponent} decimals`,
    };
  const minor = `${digits.whole}${digits.fraction.slice(0, exponent).padEnd(exponent, "0")}`;
  if (minor.length > 15) return { ok: false, reason: "not-a-number", message: "That's over our limit" };
  return { ok: true, money: { amount: Number(minor), currency } };
}

/** Currencies a budget can be judged in: those the shipped rate table converts. */
export function budgetCurrencies(table: RatesTable = SHIPPED_RATES): string[] {
  return Object.keys(table.rates).sort();
}

/** An amount (minor units of `from`) in minor units of `to` at the table's rate; null without a rate. */
export function atTableRate(
  amount: number,
  from: string,
  to: string,
  table: RatesTable = SHIPPED_RATES,
): number | null {
  const q = quote(from, to, table);
  return q ? convertAmount(amount, from, to, q.rate) : null;
}

/** Whole US dollars in minor units of `currency`, at the table's rate (half to even at the minor unit). */
export function usdIn(usd: number, currency: string, table: RatesTable = SHIPPED_RATES): number {
  const converted = atTableRate(usd * 100, "USD", currency, table);
  if (converted === null) throw new RangeError(`No rate from USD to ${currency} in the ${table.date} table.`);
  return converted;
}

/** A member amount in whole US dollars, rounded down: the most the plan may cost (in USD) and stay within it. */
export function wholeUsdWithin(money: Money, table: RatesTable = SHIPPED_RATES): number {
  const q = quote(money.currency, "USD", table);
  if (!q) throw new RangeError(`No rate from ${money.currency} to USD in the ${table.date} table.`);
  let usd = Math.floor(convertAmount(money.amount, money.currency, "USD", q.rate) / 100);
  // The two directions' rounding can disagree at a cent: step down until it truly fits.
  while (usd > 0 && usdIn(usd, money.currency, table) > money.amount) usd -= 1;
  return usd;
}

/** A member amount in whole US dollars, rounded up: the least a plan must cost to reach it. */
export function wholeUsdReaching(money: Money, table: RatesTable = SHIPPED_RATES): number {
  const within = wholeUsdWithin(money, table);
  return usdIn(within, money.currency, table) >= money.amount ? within : within + 1;
}

/** A plan figure (whole USD) goes over the member's own amount, judged in the member's currency. */
export function exceeds(usd: number, limit: Money, table: RatesTable = SHIPPED_RATES): boolean {
  return usdIn(usd, limit.currency, table) > limit.amount;
}

/**
 * How far over, in whole US dollars (the plan's unit): 0 within it; otherwise the total less the
 * most that fits, so a total a cent over in the member's currency is $1 over, never $0.
 */
export function overByUsd(usd: number, limit: Money | null, table: RatesTable = SHIPPED_RATES): number {
  if (limit === null || !exceeds(usd, limit, table)) return 0;
  return usd - wholeUsdWithin(limit, table);
}

/** How far over, in the member's own currency (minor units); 0 within it. */
export function overByOwn(usd: number, limit: Money, table: RatesTable = SHIPPED_RATES): number {
  return Math.max(0, usdIn(usd, limit.currency, table) - limit.amount);
}

/** A budget amount as the member reads it: whole units when it has no cents ("€2,000"), else to the cent. */
export function formatBudget(money: Money, locale = "en-US"): string {
  const { exponent } = requireCurrency(money.currency);
  const whole = money.amount % 10 ** exponent === 0;
  const full = formatMoney(money.amount, money.currency, locale);
  if (!whole || exponent === 0) return full;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: money.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(money.amount / 10 ** exponent);
}

/** A plan figure (whole USD) shown in the member's currency for their locale ("€1,854.38"). */
export function formatUsdIn(usd: number, currency: string, locale = "en-US"): string {
  return formatMoney(usdIn(usd, currency), currency, locale);
}

/**
 * The currency of a member's confirmed home, when the rate table has it: the default of their
 * display currency and of their budget. Countries of the euro area, then the table's others.
 */
const EURO_AREA = "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK".split(" ");
const HOME_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO_AREA.map((c) => [c, "EUR"])),
  US: "USD",
  PR: "USD",
  EC: "USD",
  GB: "GBP",
  JP: "JPY",
  MX: "MXN",
  CA: "CAD",
  AU: "AUD",
  CH: "CHF",
  LI: "CHF",
  SE: "SEK",
  NZ: "NZD",
};

export function homeCurrency(countryCode: string | null | undefined, table: RatesTable = SHIPPED_RATES): string | null {
  const code = countryCode ? HOME_CURRENCY[countryCode.toUpperCase()] : undefined;
  return code && table.rates[code] ? code : null;
}

/** A stored budget (lib/schemas/preferences.ts `Budget`) read as the member's own figures. */
export function ownBudget(
  b: { currency: string; minAmount: number; maxAmount: number; hardLimit: boolean } | null | undefined,
): OwnBudget | null {
  return b ? { currency: b.currency, min: b.minAmount, max: b.maxAmount, hardLimit: b.hardLimit } : null;
}

/** The member's ceiling, when they gave one. */
export function maxOf(b: OwnBudget | null): Money | null {
  return b && b.max !== null ? { amount: b.max, currency: b.currency } : null;
}

/** The member's hard cap: their ceiling when they said it's a hard limit. */
export function capOf(b: OwnBudget | null): Money | null {
  return b?.hardLimit ? maxOf(b) : null;
}

/** The member's floor. */
export function minOf(b: OwnBudget | null): Money | null {
  return b ? { amount: b.min, currency: b.currency } : null;
}

/**
 * A member's budget in whole US dollars, for what the group compares across currencies (the
 * group's range, conflicts, the plan's heuristics): the floor rounded up, the ceiling rounded
 * down, so the dollar range never claims more room than the member's own amounts give.
 */
export function budgetInUsd(b: OwnBudget): { min: number; max: number | null; hardLimit: boolean } {
  const max = maxOf(b);
  return {
    min: wholeUsdReaching({ amount: b.min, currency: b.currency }),
    max: max ? wholeUsdWithin(max) : null,
    hardLimit: b.hardLimit && max !== null,
  };
}

/** What a page shows of the viewer's own budget: their amounts, and the dollar figures to plot them by. */
export interface BudgetView extends OwnBudget {
  usd: { min: number; max: number | null };
}

export function budgetView(
  b: { currency: string; minAmount: number; maxAmount: number; hardLimit: boolean } | null | undefined,
): BudgetView | null {
  const own = ownBudget(b);
  if (!own) return null;
  const { min, max } = budgetInUsd(own);
  return { ...own, usd: { min, max } };
}
