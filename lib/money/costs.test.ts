import { describe, expect, it } from "vitest";
import { currencyOf } from "@/lib/money/currency";
import { formatMoney, parseMajor } from "@/lib/money/display";
import { quote, rateFromString, rateToString } from "@/lib/money/rates";
import { balancesOf, type KeptExpense, settleUp } from "@/lib/money/settle";
import { convertAmount, defaultSharers, inTripCurrency, payersOf, SplitError, sharesOf } from "@/lib/money/split";

/** One-to-one rate: an expense in the trip's own currency. */
const SAME = { amount: 1, scale: 0 };
const eur = (amount: number, payers: [string, number][], split: KeptExpense["split"]): KeptExpense => ({
  amount,
  currency: "EUR",
  payers: payers.map(([memberId, a]) => ({ memberId, amount: a })),
  split,
  rate: SAME,
});
const equal = (...memberIds: string[]) => ({ kind: "equal" as const, memberIds });
const asObject = (m: Map<string, number>) => Object.fromEntries(m);

describe("currencies (ISO 4217 via currency-codes)", () => {
  it("knows each currency's minor units and refuses a code that is not money", () => {
    expect(currencyOf("eur")).toEqual({ code: "EUR", base: 10, exponent: 2 });
    expect(currencyOf("JPY")?.exponent).toBe(0);
    expect(currencyOf("KWD")?.exponent).toBe(3);
    expect(currencyOf("XYZ")).toBeNull();
    expect(currencyOf("XAU")).toBeNull(); // gold is in ISO 4217, but nobody pays dinner in it
    expect(currencyOf("EURO")).toBeNull();
  });
});

describe("splitting one expense", () => {
  it("rounding: €100.00 three ways is 33.34 + 33.33 + 33.33, the leftover cent to the first member by id", () => {
    // 10000 / 3 = 3333 r 1 → the one leftover cent goes to "a" (ties go in id order).
    const parts = sharesOf({ amount: 10000, currency: "EUR", payers: [], split: equal("c", "a", "b") });
    expect(parts).toEqual([
      { memberId: "a", amount: 3334 },
      { memberId: "b", amount: 3333 },
      { memberId: "c", amount: 3333 },
    ]);
    expect(parts.reduce((t, p) => t + p.amount, 0)).toBe(10000);
  });

  it("shares: €100 by 2:1:1 is 50/25/25; €1.00 by 2:1 is 0.67/0.33 (leftover to the larger share)", () => {
    const split = {
      kind: "shares" as const,
      shares: [
        { memberId: "a", shares: 2 },
        { memberId: "b", shares: 1 },
        { memberId: "c", shares: 1 },
      ],
    };
    expect(sharesOf({ amount: 10000, currency: "EUR", payers: [], split }).map((p) => p.amount)).toEqual([
      5000, 2500, 2500,
    ]);
    // 100 × 2/3 = 66.67 → 66, 100 × 1/3 = 33.33 → 33; 1 left → to the larger ratio: 67 + 33.
    const twoToOne = {
      kind: "shares" as const,
      shares: [
        { memberId: "b", shares: 1 },
        { memberId: "a", shares: 2 },
      ],
    };
    expect(sharesOf({ amount: 100, currency: "EUR", payers: [], split: twoToOne })).toEqual([
      { memberId: "a", amount: 67 },
      { memberId: "b", amount: 33 },
    ]);
  });

  it("exact amounts must add up to the total", () => {
    const split = {
      kind: "exact" as const,
      amounts: [
        { memberId: "a", amount: 1000 },
        { memberId: "b", amount: 4000 },
      ],
    };
    expect(sharesOf({ amount: 5000, currency: "EUR", payers: [], split }).map((p) => p.amount)).toEqual([1000, 4000]);
    expect(() => sharesOf({ amount: 4999, currency: "EUR", payers: [], split })).toThrow(SplitError);
  });

  it("payers must pay positive amounts adding up to the total; nobody twice", () => {
    const base = { amount: 9000, currency: "EUR", split: equal("a") };
    expect(() => payersOf({ ...base, payers: [{ memberId: "a", amount: 8000 }] })).toThrow(/add up to 8000/);
    expect(() =>
      payersOf({
        ...base,
        payers: [
          { memberId: "a", amount: 9000 },
          { memberId: "b", amount: 0 },
        ],
      }),
    ).toThrow(SplitError);
    expect(() =>
      payersOf({
        ...base,
        payers: [
          { memberId: "a", amount: 4500 },
          { memberId: "a", amount: 4500 },
        ],
      }),
    ).toThrow(/twice/);
    expect(() => sharesOf({ ...base, payers: [], split: equal() })).toThrow(SplitError);
  });

  it("a member who opted out of the plan item is not among the default sharers", () => {
    expect(defaultSharers(["d", "b", "a", "c"], ["d"])).toEqual(["a", "b", "c"]);
    // €60 for the boat tour "d" skipped: 20 each for a, b, c; d owes nothing and is in no transfer.
    const balances = balancesOf(
      ["a", "b", "c", "d"],
      [eur(6000, [["a", 6000]], equal(...defaultSharers(["a", "b", "c", "d"], ["d"])))],
      [],
      "EUR",
    );
    expect(asObject(balances)).toEqual({ a: 4000, b: -2000, c: -2000, d: 0 });
    expect(settleUp(balances).some((t) => t.fromMemberId === "d" || t.toMemberId === "d")).toBe(false);
  });
});

describe("rates and conversion (the shipped table, dated 2026-11-30)", () => {
  it("cross rates are worked out in integers from the table", () => {
    // USD→EUR = 0.8625 / 1; JPY→EUR = 0.8625 / 155.60 = 0.0055430591… → 0.00554306 at 8 places;
    // GBP→EUR = 0.8625 / 0.7550 = 1.1423841059… → 1.14238411.
    expect(quote("USD", "EUR")).toEqual({
      from: "USD",
      to: "EUR",
      rate: { amount: 8625, scale: 4 },
      date: "2026-11-30",
    });
    expect(rateToString(quote("JPY", "EUR")?.rate ?? SAME)).toBe("0.00554306");
    expect(rateToString(quote("GBP", "EUR")?.rate ?? SAME)).toBe("1.14238411");
    expect(quote("EUR", "XYZ")).toBeNull();
    expect(rateFromString("0.86250")).toEqual({ amount: 8625, scale: 4 });
  });

  it("an amount converts at its kept rate, rounded half to even to the cent", () => {
    // ¥9,000 × 0.00554306 = €49.88754 → 4988.754 cents → 4989.
    expect(convertAmount(9000, "JPY", "EUR", rateFromString("0.00554306"))).toBe(4989);
    // $0.01 × 0.5 = 0.5 cent → half to even → 0; $0.03 × 0.5 = 1.5 cents → 2.
    expect(convertAmount(1, "USD", "EUR", rateFromString("0.5"))).toBe(0);
    expect(convertAmount(3, "USD", "EUR", rateFromString("0.5"))).toBe(2);
  });

  it("a converted expense's paid and owed parts both add up to the converted total", () => {
    // £30.00 × 1.14238411 = 3427.15233 cents → 3427; split two ways 1714 (a, first by id) + 1713.
    const c = inTripCurrency(
      { amount: 3000, currency: "GBP", payers: [{ memberId: "c", amount: 3000 }], split: equal("c", "a") },
      "EUR",
      rateFromString("1.14238411"),
    );
    expect(c).toEqual({
      total: 3427,
      paid: [{ memberId: "c", amount: 3427 }],
      owed: [
        { memberId: "a", amount: 1714 },
        { memberId: "c", amount: 1713 },
      ],
    });
  });
});

describe("balances and settling up", () => {
  it("2 members: a pays €50 for both → b pays a €25 (1 transfer, the minimum)", () => {
    const balances = balancesOf(["a", "b"], [eur(5000, [["a", 5000]], equal("a", "b"))], [], "EUR");
    expect(settleUp(balances)).toEqual([{ fromMemberId: "b", toMemberId: "a", amount: 2500 }]);
  });

  it("several payers: dinner €90 paid 60 by a and 30 by b, split three ways → c pays a €30", () => {
    // Shares 30 each: a +60−30 = +30, b +30−30 = 0, c −30.
    const balances = balancesOf(
      ["a", "b", "c"],
      [
        eur(
          9000,
          [
            ["a", 6000],
            ["b", 3000],
          ],
          equal("a", "b", "c"),
        ),
      ],
      [],
      "EUR",
    );
    expect(asObject(balances)).toEqual({ a: 3000, b: 0, c: -3000 });
    expect(settleUp(balances)).toEqual([{ fromMemberId: "c", toMemberId: "a", amount: 3000 }]);
  });

  it("3 members, three currencies in a EUR trip: balances add to zero and settle in 2 transfers", () => {
    // $120.00 paid by a, split a,b,c: 12000 × 0.8625 = 10350 → 3450 each.
    // ¥9,000 paid by b, split a,b,c: 4989 (above) → 1663 each.
    // £30.00 paid by c, split a,c: 3427 → a 1714, c 1713.
    // a: +10350 − 3450 − 1663 − 1714 = +3523; b: +4989 − 3450 − 1663 = −124;
    // c: +3427 − 3450 − 1663 − 1713 = −3399.  Sum 0.
    // Two debtors, one creditor: the minimum is 2 transfers.
    const expenses: KeptExpense[] = [
      {
        amount: 12000,
        currency: "USD",
        payers: [{ memberId: "a", amount: 12000 }],
        split: equal("a", "b", "c"),
        rate: rateFromString("0.8625"),
      },
      {
        amount: 9000,
        currency: "JPY",
        payers: [{ memberId: "b", amount: 9000 }],
        split: equal("a", "b", "c"),
        rate: rateFromString("0.00554306"),
      },
      {
        amount: 3000,
        currency: "GBP",
        payers: [{ memberId: "c", amount: 3000 }],
        split: equal("a", "c"),
        rate: rateFromString("1.14238411"),
      },
    ];
    const balances = balancesOf(["a", "b", "c"], expenses, [], "EUR");
    expect(asObject(balances)).toEqual({ a: 3523, b: -124, c: -3399 });
    expect(settleUp(balances)).toEqual([
      { fromMemberId: "c", toMemberId: "a", amount: 3399 },
      { fromMemberId: "b", toMemberId: "a", amount: 124 },
    ]);
  });

  it("an expense edited after a payment: the payment still counts against the new split", () => {
    // €90 paid by a, three ways: b and c owe 30 each; b pays a €30.
    const payments = [{ fromMemberId: "b", toMemberId: "a", amount: 3000 }];
    const before = balancesOf(["a", "b", "c"], [eur(9000, [["a", 9000]], equal("a", "b", "c"))], payments, "EUR");
    expect(asObject(before)).toEqual({ a: 3000, b: 0, c: -3000 });
    // Edited to €120: 40 each. a +120−40−30 = +50; b −40+30 = −10; c −40.
    const after = balancesOf(["a", "b", "c"], [eur(12000, [["a", 12000]], equal("a", "b", "c"))], payments, "EUR");
    expect(asObject(after)).toEqual({ a: 5000, b: -1000, c: -4000 });
    expect(settleUp(after)).toEqual([
      { fromMemberId: "c", toMemberId: "a", amount: 4000 },
      { fromMemberId: "b", toMemberId: "a", amount: 1000 },
    ]);
  });

  it("everyone at zero: no transfers (all settled)", () => {
    const balances = balancesOf(
      ["a", "b"],
      [eur(5000, [["a", 5000]], equal("a", "b"))],
      [{ fromMemberId: "b", toMemberId: "a", amount: 2500 }],
      "EUR",
    );
    expect(settleUp(balances)).toEqual([]);
  });

  it("5 members: +5, +3, −4, −3, −1 euros settle in 3 transfers (the minimum)", () => {
    // Each group that settles among itself needs a creditor; with 2 creditors there are at most
    // 2 such groups, so at least 5 − 2 = 3 transfers. {b, d} cancel exactly; {a, c, e} is the other.
    const balances = new Map([
      ["a", 500],
      ["b", 300],
      ["c", -400],
      ["d", -300],
      ["e", -100],
    ]);
    expect(settleUp(balances)).toEqual([
      { fromMemberId: "d", toMemberId: "b", amount: 300 },
      { fromMemberId: "c", toMemberId: "a", amount: 400 },
      { fromMemberId: "e", toMemberId: "a", amount: 100 },
    ]);
  });

  it("12 members settle in 7 transfers, the minimum: 5 creditors, so at most 5 groups", () => {
    // Groups that cancel: {m01 +12, m02 −12}, {m06 +7, m07 −7}, {m11 +1.50, m12 −1.50},
    // {m03 +5, m10 −5}, {m08 +9, m04 −3, m05 −2, m09 −4}. Five creditors → at most five groups →
    // at least 12 − 5 = 7 transfers, and that partition reaches it.
    const balances = new Map([
      ["m01", 1200],
      ["m02", -1200],
      ["m03", 500],
      ["m04", -300],
      ["m05", -200],
      ["m06", 700],
      ["m07", -700],
      ["m08", 900],
      ["m09", -400],
      ["m10", -500],
      ["m11", 150],
      ["m12", -150],
    ]);
    const transfers = settleUp(balances);
    expect(transfers).toHaveLength(7);
    // Applying the transfers brings every balance to zero, to the cent.
    for (const t of transfers) {
      balances.set(t.fromMemberId, (balances.get(t.fromMemberId) ?? 0) + t.amount);
      balances.set(t.toMemberId, (balances.get(t.toMemberId) ?? 0) - t.amount);
    }
    expect([...balances.values()].every((v) => v === 0)).toBe(true);
  });

  it("refuses balances that don't add up to zero (a lost cent is a bug, not a rounding)", () => {
    expect(() =>
      settleUp(
        new Map([
          ["a", 1],
          ["b", 0],
        ]),
      ),
    ).toThrow(/not zero/);
  });
});

describe("display", () => {
  it("formats minor units for the member's locale with Intl.NumberFormat", () => {
    expect(formatMoney(123456, "EUR", "de-DE")).toBe("1.234,56\u00a0€");
    expect(formatMoney(123456, "EUR", "en-IE")).toBe("€1,234.56");
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
    expect(formatMoney(-5, "USD", "en-US")).toBe("-$0.05");
  });

  it("reads a typed amount into minor units, refusing more decimals than the currency has", () => {
    expect(parseMajor("84", "EUR")).toBe(8400);
    expect(parseMajor("1,234.5", "EUR")).toBe(123450);
    expect(parseMajor("1500", "JPY")).toBe(1500);
    expect(parseMajor("15.5", "JPY")).toBeNull();
    expect(parseMajor("-3", "EUR")).toBeNull();
    expect(parseMajor("1.234", "EUR")).toBeNull();
  });
});
