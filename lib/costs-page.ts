import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { type CostsSummary, costsSummary, shareOf } from "@/lib/costs-view";
import { type ExpenseWithParts, readTripCosts } from "@/lib/db/queries/costs";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { budgetInUsd, ownBudget } from "@/lib/money/budget";
import { quote, SHIPPED_RATES } from "@/lib/money/rates";
import { convertAmount } from "@/lib/money/split";

/**
 * What the Costs page shows one member (one place that authorizes, then reads): the group's
 * expenses, balances and settle-up (the group's, not private), and — for them alone — their
 * planned figure, their actual share and their own budget. The organizer also sees the group's
 * totals; nobody's budget but their own ever leaves here.
 */
export interface CostsView {
  tripId: string;
  tripName: string;
  currency: string;
  displayCurrency: string;
  /** The shipped rate table's date, for "at reference rates of …". */
  ratesDate: string;
  members: { id: string; name: string }[];
  me: { id: string; isOrganizer: boolean };
  expenses: ExpenseWithParts[];
  /** The latest deleted expenses, to undo a delete. */
  deleted: { id: string; description: string }[];
  payments: { id: string; fromName: string; toName: string; amount: number; at: string }[];
  summary: CostsSummary;
  mine: {
    /** What the plan says the trip costs them, whole US dollars (null: no plan yet). */
    plannedUsd: number | null;
    /** Their share of what was spent, in the trip's currency (minor units). */
    share: number;
    /** Their own budget's most, whole US dollars (null: none given). */
    budgetUsd: number | null;
    optedOut: string[];
  };
  /** Organizer only: the group's totals (never anyone's budget). */
  group: { expenses: number; total: number; plannedUsdRange: { min: number; max: number } | null } | null;
  /** Who skips which plan item (the group sees it on the plan): a linked expense leaves them out. */
  optOuts: { memberId: string; itemKey: string }[];
  /** Items of the plan an expense can be linked to (key, title, day, planned cost per person in USD). */
  planItems: { key: string; title: string; day: number; costPerPerson: number }[];
}

export async function loadCostsView(caller: Caller): Promise<CostsView> {
  const { trip, member } = caller;
  const [members, everything, plan] = await Promise.all([
    listMembersWithPreferences({ tripId: trip.id }),
    readTripCosts({ tripId: trip.id, withDeleted: true }),
    currentItinerary({ tripId: trip.id }),
  ]);
  const costs = { ...everything, expenses: everything.expenses.filter((e) => e.deletedAt === null) };
  const deleted = everything.expenses
    .filter((e) => e.deletedAt !== null)
    .sort((a, b) => (b.deletedAt?.getTime() ?? 0) - (a.deletedAt?.getTime() ?? 0))
    .slice(0, 5);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? "A former member") : "A former member");
  const summary = costsSummary(costs, members, trip.currency);
  const own = members.find((m) => m.id === member.id);
  const planned = plan?.itinerary.costs.find((c) => c.memberId === member.id)?.total ?? null;
  const totals = plan?.itinerary.costs.map((c) => c.total) ?? [];
  return {
    tripId: trip.id,
    tripName: trip.name,
    currency: trip.currency,
    displayCurrency: member.displayCurrency ?? trip.currency,
    ratesDate: SHIPPED_RATES.date,
    members: members.map((m) => ({ id: m.id, name: m.name })),
    me: { id: member.id, isOrganizer: caller.isOrganizer },
    expenses: [...costs.expenses].reverse(),
    deleted: deleted.map((e) => ({ id: e.id, description: e.description })),
    payments: costs.payments.map((p) => ({
      id: p.id,
      fromName: nameOf(p.fromMemberId),
      toName: nameOf(p.toMemberId),
      amount: p.amount,
      at: p.createdAt.toISOString(),
    })),
    summary,
    mine: {
      plannedUsd: planned,
      share: shareOf(costs, member.id, trip.currency),
      budgetUsd: ((b) => (b ? budgetInUsd(b).max : null))(ownBudget(own?.preferences?.budget)),
      optedOut: costs.optOuts.filter((o) => o.memberId === member.id).map((o) => o.itemKey),
    },
    group: caller.isOrganizer
      ? {
          expenses: costs.expenses.length,
          total: summary.total,
          plannedUsdRange: totals.length ? { min: Math.min(...totals), max: Math.max(...totals) } : null,
        }
      : null,
    optOuts: costs.optOuts,
    planItems: (plan?.itinerary.days ?? []).flatMap((d) =>
      d.items.map((i) => ({ key: i.key, title: i.title, day: d.day, costPerPerson: i.costPerPerson })),
    ),
  };
}

/** An amount of `from` (minor units) in `to`, at the shipped reference rates; null without a rate. */
export function atReferenceRate(amount: number, from: string, to: string): number | null {
  const q = quote(from, to);
  return q ? convertAmount(amount, from, to, q.rate) : null;
}
