import { ArrowLeft, Download } from "lucide-react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AddExpenseForm } from "@/components/costs/add-expense-form";
import { CostsBoardCards } from "@/components/costs/costs-board";
import { DeleteExpenseButton, RestoreExpenseButton, UndoPaymentButton } from "@/components/costs/costs-buttons";
import { Outbox } from "@/components/offline/outbox";
import { LiveTrip } from "@/components/trip/live-trip";
import { buttonClasses } from "@/components/ui/button";
import { Card, EmptyState } from "@/components/ui/card";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { inBoth } from "@/lib/costs-standing";
import { localeOf } from "@/lib/format";
import { liveCursor } from "@/lib/live/stream";
import { formatMoney } from "@/lib/money/display";
import { SHIPPED_RATES } from "@/lib/money/rates";
import { EXPENSE_CATEGORY_LABELS } from "@/lib/schemas/costs";
import { loadCostsView } from "@/lib/views/costs";

export const metadata: Metadata = { title: "Costs" };

/**
 * The trip's costs: what was spent, who paid, each member's balance and the fewest transfers that
 * settle the group, in the trip's currency and the viewer's own; their planned figure beside what
 * they actually spent and their own budget (theirs alone). Members only; never on the share page.
 */
export default async function CostsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const after = await liveCursor(id);
  const caller = await requireMember(await requestContext(), id).catch(() => notFound());
  const view = await loadCostsView(caller);
  const locale = localeOf((await headers()).get("accept-language"));
  const { board } = view;
  const { currency, displayCurrency } = board;
  const money = (amount: number, c = currency) => formatMoney(amount, c, locale);
  /** A trip-currency figure, and in the viewer's currency when it differs. */
  const both = (amount: number) => inBoth(amount, board, locale);
  const usd = (dollars: number) => formatMoney(dollars * 100, "USD", locale);
  const nameOf = new Map(view.members.map((m) => [m.id, m.name]));
  const currencies = Object.keys(SHIPPED_RATES.rates).sort();
  const today = new Date().toISOString().slice(0, 10);

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <LiveTrip tripId={view.tripId} after={after} page="costs" />
      <Outbox tripId={view.tripId} />
      <div className="space-y-1">
        <Link
          href={`/trips/${view.tripId}`}
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Trip dashboard
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Costs: {view.tripName}</h1>
        <p className="text-sm text-slate-600">
          Balanced in {currency}. Other currencies convert at reference rates of {board.ratesDate}; each expense keeps
          the rate it was recorded at.
        </p>
      </div>

      <CostsBoardCards tripId={view.tripId} rendered={board} locale={locale} currencies={currencies} />

      {view.group ? (
        <Card title="The group" description="Totals only: nobody's budget.">
          <p>
            {view.group.expenses} expense{view.group.expenses === 1 ? "" : "s"}, {both(view.group.total)} in all
            {view.group.plannedUsdRange
              ? `; planned ${usd(view.group.plannedUsdRange.min)}–${usd(view.group.plannedUsdRange.max)} per person`
              : ""}
            .
          </p>
        </Card>
      ) : null}

      {view.payments.length ? (
        <Card title="Payments">
          <ul className="divide-y divide-slate-100 text-sm">
            {view.payments.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-1">
                <span>
                  {p.fromName} paid {p.toName} {money(p.amount)}
                </span>
                <UndoPaymentButton
                  tripId={view.tripId}
                  paymentId={p.id}
                  label={`Undo payment: ${p.fromName} paid ${p.toName} ${money(p.amount)}`}
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card
        title="Expenses"
        action={
          <a href={`/trips/${view.tripId}/costs/export`} download className={buttonClasses("secondary")}>
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        }
      >
        {view.expenses.length === 0 ? (
          <EmptyState title="No expenses yet">Add what the group spends below.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {view.expenses.map((e) => (
              <li key={e.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">{e.description}</p>
                  <p className="text-sm text-slate-600">
                    {e.spentOn} · {EXPENSE_CATEGORY_LABELS[e.category]} · {money(e.amount, e.currency)}
                    {e.currency !== currency ? ` = ${money(e.tripAmount)} at ${e.rate} (${e.rateDate})` : ""}
                  </p>
                  <p className="text-sm text-slate-600">
                    Paid by {e.payers.map((p) => nameOf.get(p.memberId ?? "") ?? "A former member").join(", ")} · shared
                    by {e.shares.filter((s) => s.amount > 0).length}
                  </p>
                </div>
                <DeleteExpenseButton tripId={view.tripId} expenseId={e.id} version={e.version} label={e.description} />
              </li>
            ))}
          </ul>
        )}
      </Card>

      {view.deleted.length ? (
        <section aria-label="Deleted expenses" className="space-y-2">
          {view.deleted.map((d) => (
            <RestoreExpenseButton key={d.id} tripId={view.tripId} expenseId={d.id} label={d.description} />
          ))}
        </section>
      ) : null}

      <Card title="Add an expense">
        <AddExpenseForm
          tripId={view.tripId}
          me={view.me.id}
          members={view.members}
          currencies={currencies}
          defaultCurrency={displayCurrency}
          today={today}
          planItems={view.planItems}
          optOuts={view.optOuts}
        />
      </Card>
    </main>
  );
}
