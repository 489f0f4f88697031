import cc from "currency-codes";
import type { DineroCurrency } from "dinero.js";

/**
 * ISO 4217 currencies as the money library wants them: a code, base 10 and the number of
 * minor units (2 for EUR, 0 for JPY, 3 for KWD), read from `currency-codes` so a code that
 * isn't a real currency is refused rather than guessed.
 */

export type Currency = DineroCurrency<number>;

/** Funds and metals (XAU, XDR, XTS…) carry no minor units a person pays in. */
const NOT_MONEY = /^X/;

export function currencyOf(code: string): Currency | null {
  const upper = code.trim().toUpperCase();
  if (NOT_MONEY.test(upper)) return null;
  const record = cc.code(upper);
  if (!record) return null;
  return { code: record.code, base: 10, exponent: record.digits };
}

export function isCurrency(code: string): boolean {
  return currencyOf(code) !== null;
}

export function requireCurrency(code: string): Currency {
  const currency = currencyOf(code);
  if (!currency) throw new RangeError(`"${code}" is not an ISO 4217 currency.`);
  return currency;
}
