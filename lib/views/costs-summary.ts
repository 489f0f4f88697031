import type { ExpenseWithParts, TripCosts } from "@/lib/db/queries/costs";
import { rateFromString } from "@/lib/money/rates";
import { balancesOf, type KeptExpense, settleUp, type Transfer } from "@/lib/money/settle";
import { inTripCurrency, type SplitRule } from "@/lib/money/split";

/**
 * The trip's costs as every member sees them (expenses and balances are the group's, not any
 * one member's): each expense with its payers and sharers, each party's balance (paid − share,
 * with payments) and the fewest transfers that settle the group, in the trip's currency.
 * A member who left is one party, "A former member": their amounts stay, their name goes.
 */

export const FORMER = "former";
export const FORMER_NAME = "A former member";

export interface CostsSummary {
  currency: string;
  /** Minor units of `currency`: everything spent. */
  total: number;
  balances: { memberId: string; name: string; balance: number }[];
  transfers: (Transfer & { fromName: string; toName: string })[];
  settled: boolean;
}

const party = (memberId: string | null) => memberId ?? FORMER;

/** An expense's kept rows back as the split they were recorded with. */
export function keptExpense(e: ExpenseWithParts): KeptExpense {
  // Two former members on one expense merge into one party: their parts add up.
  const merge = (rows: { memberId: string | null; amount: number; weight?: number | null }[]) => {
    const by = new Map<string, { amount: number; weight: number }>();
    for (const r of rows) {
      const k = party(r.memberId);
      const was = by.get(k) ?? { amount: 0, weight: 0 };
      by.set(k, { amount: was.amount + r.amount, weight: was.weight + (r.weight ?? 1) });
    }
    return [...by];
  };
  const shares = merge(e.shares);
  const merged = shares.length < e.shares.length;
  const split: SplitRule =
    e.splitKind === "equal" && !merged
      ? { kind: "equal", memberIds: shares.map(([id]) => id) }
      : e.splitKind === "exact"
        ? { kind: "exact", amounts: shares.map(([memberId, s]) => ({ memberId, amount: s.amount })) }
        : { kind: "shares", shares: shares.map(([memberId, s]) => ({ memberId, shares: s.weight })) };
  return {
    amount: e.amount,
    currency: e.currency,
    payers: merge(e.payers).map(([memberId, p]) => ({ memberId, amount: p.amount })),
    split,
    rate: rateFromString(e.rate),
  };
}

export function costsSummary(
  costs: TripCosts,
  members: { id: string; name: string }[],
  currency: string,
): CostsSummary {
  const names = new Map(members.map((m) => [m.id, m.name]));
  const nameOf = (id: string) => names.get(id) ?? FORMER_NAME;
  const expenses = costs.expenses.filter((e) => e.tripCurrency === currency);
  const balances = balancesOf(
    members.map((m) => m.id),
    expenses.map(keptExpense),
    costs.payments
      .filter((p) => p.currency === currency)
      .map((p) => ({ fromMemberId: party(p.fromMemberId), toMemberId: party(p.toMemberId), amount: p.amount })),
    currency,
  );
  const transfers = settleUp(balances).map((t) => ({
    ...t,
    fromName: nameOf(t.fromMemberId),
    toName: nameOf(t.toMemberId),
  }));
  return {
    currency,
    total: expenses.reduce((t, e) => t + e.tripAmount, 0),
    balances: [...balances]
      .filter(([id, v]) => names.has(id) || v !== 0)
      .map(([memberId, balance]) => ({ memberId, name: nameOf(memberId), balance })),
    transfers,
    settled: transfers.length === 0,
  };
}

/** What one member's share of the trip's expenses comes to (what they spent), in the trip's currency. */
export function shareOf(costs: TripCosts, memberId: string, currency: string): number {
  let share = 0;
  for (const e of costs.expenses) {
    if (e.tripCurrency !== currency) continue;
    const kept = keptExpense(e);
    share += inTripCurrency(kept, currency, kept.rate).owed.find((o) => o.memberId === memberId)?.amount ?? 0;
  }
  return share;
}
