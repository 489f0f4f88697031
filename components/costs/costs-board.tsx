"use client";

import Link from "next/link";
import { DisplayCurrencyPicker, RecordPaymentButton } from "@/components/costs/costs-buttons";
import { useCostsBoard } from "@/components/trip/live-store";
import { Card } from "@/components/ui/card";
import { decimal } from "@/lib/costs-csv";
import { costsStanding, inBoth } from "@/lib/costs-standing";
import { formatBudget } from "@/lib/money/budget";
import { formatMoney } from "@/lib/money/display";
import type { CostsBoard } from "@/lib/schemas/costs-board";

/**
 * The Costs page's board, owned here in the browser: the viewer's own figures (planned, their
 * share, their budget, what they owe or are owed) and the group's settle-up and balances. It
 * starts from the server's render and takes every `costs.changed` the live channel brings, so a
 * payment someone records shows at once in every open view.
 */
export function CostsBoardCards({
  tripId,
  rendered,
  locale,
  currencies,
}: {
  tripId: string;
  rendered: CostsBoard;
  locale: string;
  currencies: string[];
}) {
  const board = useCostsBoard(tripId, rendered);
  const { currency, displayCurrency, mine } = board;
  const both = (amount: number) => inBoth(amount, board, locale);
  const names = new Set(board.balances.map((b) => b.memberId));
  const standing = costsStanding(mine.balance, board, locale);
  return (
    <>
      <Card title="You" description="Only you see your budget and your planned figure.">
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Planned for you</dt>
            <dd className="font-semibold" data-testid="my-planned">
              {mine.planned ? formatMoney(mine.planned.amount, mine.planned.currency, locale) : "No plan yet"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Your share so far</dt>
            <dd className="font-semibold" data-testid="my-share">
              {both(mine.share)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Your budget</dt>
            <dd className="font-semibold">{mine.budget ? formatBudget(mine.budget, locale) : "None given"}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="my-standing" role="status">
          {standing ?? "You're even."}
        </p>
        <div className="mt-4">
          <DisplayCurrencyPicker
            tripId={tripId}
            current={displayCurrency}
            tripCurrency={currency}
            currencies={currencies}
          />
        </div>
      </Card>

      <Card title="Settle up">
        {board.settled ? (
          <p role="status" className="font-medium text-emerald-800">
            All settled: nobody owes anybody.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Transfers that settle the group">
            {board.transfers.map((t) => {
              const label = `${t.fromName} pays ${t.toName} ${formatMoney(t.amount, currency, locale)}`;
              const known = names.has(t.fromMemberId) && names.has(t.toMemberId);
              return (
                <li
                  key={`${t.fromMemberId}-${t.toMemberId}`}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span>{label}</span>
                  {known ? (
                    <RecordPaymentButton
                      tripId={tripId}
                      fromMemberId={t.fromMemberId}
                      toMemberId={t.toMemberId}
                      amount={decimal(t.amount, currency)}
                      label={`Record payment: ${label}`}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <h3 className="mt-4 text-sm font-semibold text-slate-800">Balances</h3>
        <ul className="mt-1 text-sm" aria-label="Balances">
          {board.balances.map((b) => (
            <li key={b.memberId}>
              {b.name}: {b.balance > 0 ? "is owed " : b.balance < 0 ? "owes " : "even"}
              {b.balance === 0 ? "" : both(Math.abs(b.balance))}
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}

/** The dashboard's glance at the costs: where the viewer stands and whether the group is settled, live. */
export function CostsGlanceLive({
  tripId,
  rendered,
  locale,
}: {
  tripId: string;
  rendered: CostsBoard;
  locale: string;
}) {
  const board = useCostsBoard(tripId, rendered);
  const standing = costsStanding(board.mine.balance, board, locale);
  const transfers = board.transfers.length;
  return (
    <section
      aria-labelledby="costs-glance-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="costs-glance-title" className="text-base font-semibold text-slate-900">
          Costs
        </h2>
        <p className="text-sm text-slate-700" data-testid="costs-glance" role="status">
          {board.total === 0
            ? "No expenses yet."
            : `${standing ?? "You're even."} ${
                board.settled
                  ? "All settled."
                  : `${transfers} transfer${transfers === 1 ? " settles" : "s settle"} the group.`
              }`}
        </p>
      </div>
      <Link href={`/trips/${tripId}/costs`} className="text-sm font-medium text-brand-700 underline">
        Open costs
      </Link>
    </section>
  );
}
