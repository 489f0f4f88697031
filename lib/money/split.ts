import { allocate, convert, dinero, halfEven, toSnapshot, transformScale } from "dinero.js";
import { type Currency, requireCurrency } from "./currency";
import type { Rate } from "./rates";

/**
 * Splitting one expense: who paid how much and who owes what share, in minor units of the
 * expense's own currency and, converted once at the expense's kept rate, of the trip's.
 *
 * Rounding: a total that doesn't divide evenly is shared with the money library's `allocate`,
 * which hands the leftover minor units out one at a time — to the largest ratio first, ties in
 * the order given. Callers pass members sorted by id, so the same expense always rounds the
 * same way and the parts always add up to the total: no cent is made or lost.
 */

export type SplitRule =
  | { kind: "equal"; memberIds: string[] }
  | { kind: "shares"; shares: { memberId: string; shares: number }[] }
  | { kind: "exact"; amounts: { memberId: string; amount: number }[] };

export interface ExpenseInput {
  /** Minor units of `currency` (cents for EUR, yen for JPY). */
  amount: number;
  currency: string;
  payers: { memberId: string; amount: number }[];
  split: SplitRule;
}

export class SplitError extends Error {}

export interface Part {
  memberId: string;
  amount: number;
}

function byId<T extends { memberId: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
}

function noDuplicates(ids: string[], what: string): void {
  if (new Set(ids).size !== ids.length) throw new SplitError(`A member appears twice among the ${what}.`);
}

function share(amount: number, currency: Currency, ratios: Part[]): Part[] {
  if (ratios.every((r) => r.amount === 0)) throw new SplitError("Nobody is left to share the expense.");
  const parts = allocate(
    dinero({ amount, currency }),
    ratios.map((r) => r.amount),
  );
  return ratios.map((r, i) => ({ memberId: r.memberId, amount: parts[i] ? toSnapshot(parts[i]).amount : 0 }));
}

/** Each member's share of the expense in its own currency; refuses a split that doesn't add up. */
export function sharesOf(expense: ExpenseInput): Part[] {
  const currency = requireCurrency(expense.currency);
  const { split } = expense;
  if (split.kind === "equal") {
    noDuplicates(split.memberIds, "people sharing it");
    const ids = [...split.memberIds].sort();
    if (ids.length === 0) throw new SplitError("Choose at least one person to share the expense.");
    return share(
      expense.amount,
      currency,
      ids.map((memberId) => ({ memberId, amount: 1 })),
    );
  }
  if (split.kind === "shares") {
    noDuplicates(
      split.shares.map((s) => s.memberId),
      "people sharing it",
    );
    if (split.shares.some((s) => !Number.isInteger(s.shares) || s.shares < 0))
      throw new SplitError("Shares are whole numbers, zero or more.");
    const rows = byId(split.shares).map((s) => ({ memberId: s.memberId, amount: s.shares }));
    return share(expense.amount, currency, rows);
  }
  noDuplicates(
    split.amounts.map((s) => s.memberId),
    "people sharing it",
  );
  const sum = split.amounts.reduce((t, a) => t + a.amount, 0);
  if (split.amounts.some((a) => !Number.isInteger(a.amount) || a.amount < 0))
    throw new SplitError("Each exact amount is zero or more.");
  if (sum !== expense.amount)
    throw new SplitError(`The exact amounts add up to ${sum}, not the expense's ${expense.amount} (minor units).`);
  return byId(split.amounts);
}

/** The payers, checked: each pays a positive amount and together exactly the total. */
export function payersOf(expense: ExpenseInput): Part[] {
  noDuplicates(
    expense.payers.map((p) => p.memberId),
    "payers",
  );
  if (expense.payers.length === 0) throw new SplitError("Say who paid.");
  if (expense.payers.some((p) => !Number.isInteger(p.amount) || p.amount <= 0))
    throw new SplitError("Each payer paid a positive amount.");
  const sum = expense.payers.reduce((t, p) => t + p.amount, 0);
  if (sum !== expense.amount)
    throw new SplitError(`The payers' amounts add up to ${sum}, not the expense's ${expense.amount} (minor units).`);
  return byId(expense.payers);
}

/** An amount converted at a kept rate, rounded half to even to the target's minor unit. */
export function convertAmount(amount: number, from: string, to: string, rate: Rate): number {
  if (from === to) return amount;
  const target = requireCurrency(to);
  const converted = convert(dinero({ amount, currency: requireCurrency(from) }), target, { [to]: rate });
  return toSnapshot(transformScale(converted, target.exponent, halfEven)).amount;
}

export interface ConvertedExpense {
  /** The total in the trip's currency. */
  total: number;
  paid: Part[];
  owed: Part[];
}

/**
 * The expense in the trip's currency: the total converted once, then the payers' and the
 * sharers' parts allocated from that converted total in proportion to their own-currency parts,
 * so both sides add up to exactly the same converted total.
 */
export function inTripCurrency(expense: ExpenseInput, tripCurrency: string, rate: Rate): ConvertedExpense {
  const paidOwn = payersOf(expense);
  const owedOwn = sharesOf(expense);
  const total = convertAmount(expense.amount, expense.currency, tripCurrency, rate);
  const currency = requireCurrency(tripCurrency);
  if (expense.currency === tripCurrency) return { total, paid: paidOwn, owed: owedOwn };
  return {
    total,
    paid: share(total, currency, paidOwn),
    owed: share(total, currency, owedOwn),
  };
}

/** Who shares an expense by default: the trip's members, less those who opted out of its plan item. */
export function defaultSharers(memberIds: string[], optedOut: Iterable<string> = []): string[] {
  const out = new Set(optedOut);
  return memberIds.filter((id) => !out.has(id)).sort();
}
