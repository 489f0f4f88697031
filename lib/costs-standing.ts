import { formatMoney } from "@/lib/money/display";
import { rateFromString } from "@/lib/money/rates";
import { convertAmount } from "@/lib/money/split";

/** What a board says about currencies: the trip's, the viewer's, and the rate between them. */
export interface Currencies {
  currency: string;
  displayCurrency: string;
  /** Units of the display currency for one of the trip's, as decimal text (null: the same currency). */
  displayRate: string | null;
}

/** A trip-currency amount, and in the viewer's currency when it differs ("$30.00 (≈ €25.88)"). */
export function inBoth(amount: number, c: Currencies, locale = "en-US"): string {
  const trip = formatMoney(amount, c.currency, locale);
  if (c.displayCurrency === c.currency || c.displayRate === null) return trip;
  const own = convertAmount(amount, c.currency, c.displayCurrency, rateFromString(c.displayRate));
  return `${trip} (≈ ${formatMoney(own, c.displayCurrency, locale)})`;
}

/**
 * One member's standing in the trip's costs, in a few words: what they owe or are owed
 * (balance in minor units of the trip's currency; positive, the group owes them), with the
 * figure in their own display currency beside it. Null when they're even. The Costs page, the
 * dashboard's glance and the email digest say it the same way.
 */
export function costsStanding(balance: number, c: Currencies, locale = "en-US"): string | null {
  if (balance === 0) return null;
  const figure = inBoth(Math.abs(balance), c, locale);
  return balance > 0 ? `You're owed ${figure} in all.` : `You owe ${figure} in all.`;
}
