import { describe, expect, it } from "vitest";
import {
  exceeds,
  formatBudget,
  homeCurrency,
  overByOwn,
  overByUsd,
  parseMoneyText,
  usdIn,
  wholeUsdWithin,
} from "@/lib/money/budget";

// The shipped table (rates/2026-11-30.json) gives, per US dollar: EUR 0.8625, JPY 155.60, GBP 0.7550.

describe("a budget typed the way people write money", () => {
  it.each([
    ["€2000", "USD", 200000, "EUR"],
    ["2500 EUR", "USD", 250000, "EUR"],
    ["2.000 €", "USD", 200000, "EUR"], // German grouping: a dot before three digits
    ["1.234,56 €", "USD", 123456, "EUR"], // both marks: the last one is the decimal
    ["$1,200", "USD", 120000, "USD"],
    ["US$ 950", "EUR", 95000, "USD"],
    ["eur 800", "USD", 80000, "EUR"],
    ["¥300,000", "USD", 300000, "JPY"], // no minor unit: yen are counted whole
    ["12.5", "EUR", 1250, "EUR"], // a bare number is in the picked currency
    ["2000", "GBP", 200000, "GBP"],
    ["1 500", "EUR", 150000, "EUR"],
    ["€12.345", "USD", 1234500, "EUR"], // one dot before three digits groups thousands: €12,345
  ])("%s (picker %s) is %i minor units of %s", (typed, picked, amount, currency) => {
    expect(parseMoneyText(typed, picked)).toEqual({ ok: true, money: { amount, currency } });
  });

  it("a number from the assistant or MCP is read in the given currency", () => {
    expect(parseMoneyText(2000, "EUR")).toEqual({ ok: true, money: { amount: 200000, currency: "EUR" } });
  });

  it.each([
    ["2500 XYZ", "unknown-currency"],
    ["-500", "negative"],
    ["€-500", "negative"],
    ["¥100.5", "too-precise"],
    ["cheap", "not-a-number"],
    ["lots", "not-a-number"],
    ["", "empty"],
  ])("%s is refused (%s)", (typed, reason) => {
    const read = parseMoneyText(typed, "USD");
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toBe(reason);
  });
});

describe("a member's cap judged in the member's currency", () => {
  const cap = { amount: 200000, currency: "EUR" }; // €2,000

  it("€2,000 against a plan costing $2,150: €1,854.38, inside the cap (in dollars it would look $150 over)", () => {
    // $2,150 × 0.8625 = €1,854.375 → 185437.5 cents, half to even → 185438 = €1,854.38.
    expect(usdIn(2150, "EUR")).toBe(185438);
    expect(exceeds(2150, cap)).toBe(false);
    expect(overByUsd(2150, cap)).toBe(0);
  });

  it("half a cent rounds to the even cent: $2,146 is €1,850.92, not €1,850.93", () => {
    // $2,146 × 0.8625 = €1,850.925 → 185092.5 cents → 185092 (even).
    expect(usdIn(2146, "EUR")).toBe(185092);
  });

  it("at the edge: $2,318 is within €2,000, $2,319 is 14 cents over (one dollar over in the plan's unit)", () => {
    // $2,318 × 0.8625 = €1,999.275 → 199927.5 cents → 199928 (even) ≤ 200000.
    expect(usdIn(2318, "EUR")).toBe(199928);
    expect(exceeds(2318, cap)).toBe(false);
    // $2,319 × 0.8625 = €2,000.1375 → 200013.75 cents → 200014 > 200000: over by 14 cents.
    expect(exceeds(2319, cap)).toBe(true);
    expect(overByOwn(2319, cap)).toBe(14);
    // The most that fits is $2,318 (EUR→USD 1/0.8625 = 1.15942029: 200000 × 1.15942029 = 231884 cents → $2,318).
    expect(wholeUsdWithin(cap)).toBe(2318);
    expect(overByUsd(2319, cap)).toBe(1);
  });

  it("a yen budget (no minor unit): ¥300,000 holds $1,928 and not $1,929", () => {
    const yen = { amount: 300000, currency: "JPY" };
    // $1,928 × 155.60 = ¥299,996.8 → ¥299,997; $1,929 × 155.60 = ¥300,152.4 → ¥300,152, ¥152 over.
    expect(usdIn(1928, "JPY")).toBe(299997);
    expect(exceeds(1928, yen)).toBe(false);
    expect(exceeds(1929, yen)).toBe(true);
    expect(overByOwn(1929, yen)).toBe(152);
    expect(wholeUsdWithin(yen)).toBe(1928);
  });

  it("shown as the member writes it: €2,000, ¥300,000, €1,854.38", () => {
    expect(formatBudget({ amount: 200000, currency: "EUR" })).toBe("€2,000");
    expect(formatBudget({ amount: 300000, currency: "JPY" })).toBe("¥300,000");
    expect(formatBudget({ amount: 185438, currency: "EUR" })).toBe("€1,854.38");
    expect(formatBudget({ amount: 200000, currency: "EUR" }, "de-DE")).toBe("2.000\u00a0€"); // Intl puts a no-break space before the sign
  });

  it("a confirmed home names the default currency", () => {
    expect(homeCurrency("ES")).toBe("EUR");
    expect(homeCurrency("JP")).toBe("JPY");
    expect(homeCurrency("US")).toBe("USD");
    expect(homeCurrency("BR")).toBeNull(); // no rate in the shipped table
  });
});
