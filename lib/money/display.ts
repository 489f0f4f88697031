import { requireCurrency } from "./currency";

/** An amount in minor units shown for a locale: `formatMoney(123456, "EUR", "de-DE")` → "1.234,56 €". */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  const { exponent } = requireCurrency(currency);
  // Integer division into major units done as a string, so no float rounding touches the figure.
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(exponent + 1, "0");
  const major = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(`${negative ? "-" : ""}${major}` as unknown as number);
}

/** A major-unit amount typed by a person ("12.5", "1,234.50") in minor units; null when it isn't one. */
export function parseMajor(text: string, currency: string): number | null {
  const { exponent } = requireCurrency(currency);
  const cleaned = text.trim().replace(/[,\s]/g, "");
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > exponent) return null;
  return Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, "0") || "0");
}
