import { atTableRate } from "@/lib/money/budget";
import { formatMoney } from "@/lib/money/display";

/**
 * One member's standing in the trip's costs, in a few words: what they owe or are owed
 * (balance in minor units of the trip's currency; positive, the group owes them), with the
 * figure in their own display currency beside it when that differs. Null when they're even.
 * The dashboard's glance and the email digest say it the same way.
 */
export function costsStanding(
  balance: number,
  currency: string,
  displayCurrency: string = currency,
  locale = "en-US",
): string | null {
  if (balance === 0) return null;
  const figure = inBoth(Math.abs(balance), currency, displayCurrency, locale);
  return balance > 0 ? `You're owed ${figure} in all.` : `You owe ${figure} in all.`;
}

/** A trip-currency amount, and in the viewer's currency when it differs ("€40.00 (≈ $46.38)"). */
export function inBoth(amount: number, currency: string, displayCurrency: string, locale = "en-US"): string {
  const own = displayCurrency === currency ? null : atTableRate(amount, currency, displayCurrency);
  return own === null
    ? formatMoney(amount, currency, locale)
    : `${formatMoney(amount, currency, locale)} (≈ ${formatMoney(own, displayCurrency, locale)})`;
}
