import type { Rate } from "./rates";
import { type ExpenseInput, inTripCurrency } from "./split";

/**
 * Balances and settling up, in minor units of the trip's currency.
 *
 * A member's balance is what they paid minus their share, plus payments they made, minus
 * payments they received: positive, the group owes them; negative, they owe. The balances of
 * a trip always add up to zero (each expense's paid and owed parts are allocated from the same
 * converted total).
 *
 * Settling with the fewest transfers is NP-hard in general (it asks for the largest number of
 * disjoint groups whose balances sum to zero). We use the usual heuristic, which is optimal for
 * every case our tests work out by hand and never needs more than n − 1 transfers for n members
 * with a balance: first pair a debtor and a creditor whose balances cancel exactly, then match the
 * largest debtor with the largest creditor until everyone is at zero. Ties go by member id, so the
 * same balances always settle the same way.
 */

export interface KeptExpense extends ExpenseInput {
  /** Units of the trip's currency for one unit of the expense's, kept from when it was recorded. */
  rate: Rate;
}

export interface KeptPayment {
  fromMemberId: string;
  toMemberId: string;
  /** Minor units of the trip's currency. */
  amount: number;
}

export interface Transfer {
  fromMemberId: string;
  toMemberId: string;
  amount: number;
}

export function balancesOf(
  memberIds: string[],
  expenses: KeptExpense[],
  payments: KeptPayment[],
  tripCurrency: string,
): Map<string, number> {
  const balances = new Map<string, number>(memberIds.map((id) => [id, 0]));
  const bump = (id: string, by: number) => balances.set(id, (balances.get(id) ?? 0) + by);
  for (const expense of expenses) {
    const { paid, owed } = inTripCurrency(expense, tripCurrency, expense.rate);
    for (const p of paid) bump(p.memberId, p.amount);
    for (const o of owed) bump(o.memberId, -o.amount);
  }
  for (const payment of payments) {
    bump(payment.fromMemberId, payment.amount);
    bump(payment.toMemberId, -payment.amount);
  }
  return balances;
}

const byAmountThenId = (a: [string, number], b: [string, number]) =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export function settleUp(balances: Map<string, number>): Transfer[] {
  let total = 0;
  for (const v of balances.values()) total += v;
  if (total !== 0) throw new RangeError(`Balances add up to ${total}, not zero.`);
  // Amounts owed (positive numbers) and amounts to receive.
  const debtors = new Map<string, number>();
  const creditors = new Map<string, number>();
  for (const [id, v] of balances) {
    if (v < 0) debtors.set(id, -v);
    else if (v > 0) creditors.set(id, v);
  }
  const transfers: Transfer[] = [];
  // Exact pairs first: each one settles two people with one transfer.
  const creditorsByAmount = new Map<number, string[]>();
  for (const [id, v] of [...creditors].sort(byAmountThenId)) {
    const list = creditorsByAmount.get(v) ?? [];
    list.push(id);
    creditorsByAmount.set(v, list);
  }
  for (const [id, v] of [...debtors].sort(byAmountThenId)) {
    const match = creditorsByAmount.get(v);
    const to = match?.shift();
    if (!to) continue;
    transfers.push({ fromMemberId: id, toMemberId: to, amount: v });
    debtors.delete(id);
    creditors.delete(to);
  }
  // Then largest debtor to largest creditor.
  const d = [...debtors].sort(byAmountThenId);
  const c = [...creditors].sort(byAmountThenId);
  for (let head = d[0], top = c[0]; head && top; head = d[0], top = c[0]) {
    const amount = Math.min(head[1], top[1]);
    transfers.push({ fromMemberId: head[0], toMemberId: top[0], amount });
    head[1] -= amount;
    top[1] -= amount;
    if (head[1] === 0) d.shift();
    if (top[1] === 0) c.shift();
    d.sort(byAmountThenId);
    c.sort(byAmountThenId);
  }
  return transfers;
}
