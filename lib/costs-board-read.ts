import "server-only";
import type { CostsRead } from "@/lib/costs-board";
import { type ExpenseWithParts, memberDisplayCurrencies, readTripCosts } from "@/lib/db/queries/costs";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { currentRates } from "@/lib/money/rates-provider";
import type { MemberCost } from "@/lib/schemas/money";

export type CostsReadWithDeleted = CostsRead & {
  /** The trip's deleted expenses, latest deleted first (to undo a delete). */
  deleted: ExpenseWithParts[];
  plan: { days: { day: number; items: { key: string; title: string; costPerPerson: number }[] }[] } | null;
};

/**
 * The reads every viewer's costs board is cut from (lib/costs-board.ts), once per page or live
 * event: the members (with their budgets — the cut keeps the viewer's own), their display
 * currencies, the trip's costs and the current plan.
 */
export async function readCosts(trip: { id: string; currency: string }): Promise<CostsReadWithDeleted> {
  const [members, currencies, everything, plan, rates] = await Promise.all([
    listMembersWithPreferences({ tripId: trip.id }),
    memberDisplayCurrencies({ tripId: trip.id }),
    readTripCosts({ tripId: trip.id, withDeleted: true }),
    currentItinerary({ tripId: trip.id }),
    currentRates(),
  ]);
  const costs = { ...everything, expenses: everything.expenses.filter((e) => e.deletedAt === null) };
  const deleted = everything.expenses
    .filter((e) => e.deletedAt !== null)
    .sort((a, b) => (b.deletedAt?.getTime() ?? 0) - (a.deletedAt?.getTime() ?? 0));
  const planned: Pick<MemberCost, "memberId" | "total">[] = plan?.itinerary.costs ?? [];
  return {
    currency: trip.currency,
    costs,
    deleted,
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      displayCurrency: currencies.get(m.id) ?? null,
      budget: m.preferences?.budget ?? null,
    })),
    rates: rates.table,
    planned: planned.map((c) => ({ memberId: c.memberId, total: c.total })),
    plan: plan ? { days: plan.itinerary.days } : null,
  };
}
