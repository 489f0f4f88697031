import table from "./rates/2026-11-30.json";

/**
 * Reference exchange rates shipped with the app, used offline; the table carries its date
 * and every converted figure keeps the rate and date it used. A rate is a decimal kept as an
 * integer and a scale (`{ amount: 923456, scale: 6 }` is 0.923456) so no float is ever
 * multiplied into money.
 */

export interface Rate {
  amount: number;
  scale: number;
}

export interface RateQuote {
  from: string;
  to: string;
  rate: Rate;
  /** The date of the table the rate was read from. */
  date: string;
}

export interface RatesTable {
  date: string;
  base: string;
  rates: Record<string, string>;
}

export const SHIPPED_RATES: RatesTable = table;

/** Digits kept of a cross rate: enough that 1,000,000 units convert within a cent. */
const CROSS_SCALE = 8;

function parseDecimal(text: string): { digits: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a rate: "${text}"`);
  const fraction = match[2] ?? "";
  return { digits: BigInt(match[1] + fraction), scale: fraction.length };
}

/** Units of `to` for one unit of `from`, from the table (rounded half up at 8 decimals). */
export function quote(from: string, to: string, tableIn: RatesTable = SHIPPED_RATES): RateQuote | null {
  if (from === to) return { from, to, rate: { amount: 1, scale: 0 }, date: tableIn.date };
  const rFrom = tableIn.rates[from];
  const rTo = tableIn.rates[to];
  if (!rFrom || !rTo) return null;
  // rate = rTo / rFrom (both per one unit of the table's base), worked in integers.
  const a = parseDecimal(rTo);
  const b = parseDecimal(rFrom);
  const num = a.digits * 10n ** BigInt(b.scale + CROSS_SCALE);
  const den = b.digits * 10n ** BigInt(a.scale);
  const amount = (num * 2n + den) / (den * 2n);
  return { from, to, rate: trim({ amount: Number(amount), scale: CROSS_SCALE }), date: tableIn.date };
}

function trim(rate: Rate): Rate {
  let { amount, scale } = rate;
  while (scale > 0 && amount % 10 === 0) {
    amount /= 10;
    scale -= 1;
  }
  return { amount, scale };
}

export function rateToString(rate: Rate): string {
  const s = String(rate.amount).padStart(rate.scale + 1, "0");
  return rate.scale === 0 ? s : `${s.slice(0, -rate.scale)}.${s.slice(-rate.scale)}`;
}

export function rateFromString(text: string): Rate {
  const { digits, scale } = parseDecimal(text);
  return trim({ amount: Number(digits), scale });
}
