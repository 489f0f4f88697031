import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { boardFor, type CostsBoard } from "@/lib/costs-board";
import { readCosts } from "@/lib/costs-board-read";
import type { ExpenseWithParts } from "@/lib/db/queries/costs";

/**
 * What the Costs page shows one member (one place that authorizes, then reads): the group's
 * expenses, and the board (balances, settle-up and the viewer's own standing, planned figure
 * and budget) cut by the same function as the live channel's and the dashboard's
 * (lib/costs-board.ts). The organizer also sees the group's totals; nobody's budget but their
 * own ever leaves here.
 */
export interface CostsView {
  tripId: string;
  tripName: string;
  board: CostsBoard;
  members: { id: string; name: string }[];
  me: { id: string; isOrganizer: boolean };
  expenses: ExpenseWithParts[];
  /** The latest deleted expenses, to undo a delete. */
  deleted: { id: string; description: string }[];
  payments: { id: string; fromName: string; toName: string; amount: number; at: string }[];
  optedOut: string[];
  /** Organizer only: the group's totals (never anyone's budget). */
  group: { expenses: number; total: number; plannedUsdRange: { min: number; max: number } | null } | null;
  /** Who skips which plan item (the group sees it on the plan): a linked expense leaves them out. */
  optOuts: { memberId: string; itemKey: string }[];
  /** Items of the plan an expense can be linked to (key, title, day, planned cost per person in USD). */
  planItems: { key: string; title: string; day: number; costPerPerson: number }[];
}

export async function loadCostsView(caller: Caller): Promise<CostsView> {
  const { trip, member } = caller;
  const read = await readCosts(trip);
  const { costs } = read;
  const board = boardFor(read, member.id);
  const names = new Map(read.members.map((m) => [m.id, m.name]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? "A former member") : "A former member");
  const totals = read.planned.map((c) => c.total);
  return {
    tripId: trip.id,
    tripName: trip.name,
    board,
    members: read.members.map((m) => ({ id: m.id, name: m.name })),
    me: { id: member.id, isOrganizer: caller.isOrganizer },
    expenses: [...costs.expenses].reverse(),
    deleted: read.deleted.slice(0, 5).map((e) => ({ id: e.id, description: e.description })),
    payments: costs.payments.map((p) => ({
      id: p.id,
      fromName: nameOf(p.fromMemberId),
      toName: nameOf(p.toMemberId),
      amount: p.amount,
      at: p.createdAt.toISOString(),
    })),
    optedOut: costs.optOuts.filter((o) => o.memberId === member.id).map((o) => o.itemKey),
    group: caller.isOrganizer
      ? {
          expenses: costs.expenses.length,
          total: board.total,
          plannedUsdRange: totals.length ? { min: Math.min(...totals), max: Math.max(...totals) } : null,
        }
      : null,
    optOuts: costs.optOuts,
    planItems: (read.plan?.days ?? []).flatMap((d) =>
      d.items.map((i) => ({ key: i.key, title: i.title, day: d.day, costPerPerson: i.costPerPerson })),
    ),
  };
}
