import type { TripCosts } from "@/lib/db/queries/costs";
import { atTableRate, maxOf, ownBudget } from "@/lib/money/budget";
import { quote, type RatesTable, rateToString } from "@/lib/money/rates";
import type { CostsBoard } from "@/lib/schemas/costs-board";
import { costsSummary, shareOf } from "@/lib/views/costs-summary";

export type { CostsBoard };

/**
 * One trip's costs as read once (for every viewer of a page or a live event), and the one
 * function that cuts the board for a viewer from it: the Costs page, the dashboard's glance
 * and the live channel's `costs.changed` payload all come from `boardFor`, so they can't
 * disagree. The read holds every member's budget (it is the members' read); the cut keeps
 * the viewer's own and nobody else's.
 */
export interface CostsRead {
  currency: string;
  /** Expenses not deleted, payments in force, opt-outs. */
  costs: TripCosts;
  members: {
    id: string;
    name: string;
    displayCurrency: string | null;
    budget: { currency: string; minAmount: number; maxAmount: number; hardLimit: boolean } | null;
  }[];
  /** The rate table in use (the provider's today, else the shipped one). */
  rates: RatesTable;
  /** The current plan's total per member, whole US dollars (empty: no plan). */
  planned: { memberId: string; total: number }[];
}

/** The currency a member reads amounts in: their choice, else the trip's. */
export function displayCurrencyOf(read: Pick<CostsRead, "currency" | "members">, memberId: string): string {
  return read.members.find((m) => m.id === memberId)?.displayCurrency ?? read.currency;
}

export function boardFor(read: CostsRead, viewerId: string): CostsBoard {
  const summary = costsSummary(read.costs, read.members, read.currency);
  const displayCurrency = displayCurrencyOf(read, viewerId);
  const plannedUsd = read.planned.find((p) => p.memberId === viewerId)?.total ?? null;
  const inDisplay = plannedUsd === null ? null : atTableRate(plannedUsd * 100, "USD", displayCurrency, read.rates);
  const rate = displayCurrency === read.currency ? null : quote(read.currency, displayCurrency, read.rates);
  const own = read.members.find((m) => m.id === viewerId);
  const ceiling = maxOf(ownBudget(own?.budget));
  return {
    currency: summary.currency,
    displayCurrency,
    displayRate: rate ? rateToString(rate.rate) : null,
    ratesDate: read.rates.date,
    total: summary.total,
    balances: summary.balances,
    transfers: summary.transfers,
    settled: summary.settled,
    mine: {
      balance: summary.balances.find((b) => b.memberId === viewerId)?.balance ?? 0,
      share: shareOf(read.costs, viewerId, read.currency),
      plannedUsd,
      planned: inDisplay === null ? null : { amount: inDisplay, currency: displayCurrency },
      budget: ceiling,
    },
  };
}
