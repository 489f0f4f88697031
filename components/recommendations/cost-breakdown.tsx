import { formatUsd } from "@/lib/format";
import {
  type BudgetView,
  exceeds,
  formatBudget,
  formatUsdIn,
  maxOf,
  minOf,
  overByOwn,
  usdIn,
} from "@/lib/money/budget";
import type { MemberCost } from "@/lib/schemas/money";

/** A member's own budget in their own currency (null: none given), with dollar figures to plot it against the plan's. */
export type Budget = BudgetView | null;

/** A plan figure (whole USD), and beside it the member's own currency when that is another one ("$2,150 · €1,854.38"). */
export function planFigure(usd: number, budget: Budget): string {
  return budget && budget.currency !== "USD"
    ? `${formatUsd(usd)} · ${formatUsdIn(usd, budget.currency)}`
    : formatUsd(usd);
}

/**
 * What a trip costs the people looking at it, under the privacy model: a member sees
 * their own total against their own budget, line by line with where each figure comes
 * from; the organizer sees every member's; nobody else's figures reach a member.
 */
export function CostBreakdown({
  costs,
  budgets,
  nameOf,
  viewerId,
}: {
  costs: MemberCost[];
  budgets: Record<string, Budget>;
  nameOf: (memberId: string) => string;
  viewerId: string;
}) {
  if (costs.length === 0) return null;
  const scale =
    Math.max(
      ...costs.map((c) => Math.max(c.total, budgets[c.memberId]?.usd.max ?? 0, budgets[c.memberId]?.usd.min ?? 0)),
    ) * 1.1;
  return (
    <ul className="space-y-3" aria-label="Cost per member">
      {costs.map((cost) => {
        const isViewer = cost.memberId === viewerId;
        const who = isViewer ? "You" : nameOf(cost.memberId);
        return (
          <li key={cost.memberId} className="space-y-1">
            <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
              <span className="font-medium text-slate-900">{who}</span>
              <span className="font-semibold text-slate-900">
                {planFigure(cost.total, budgets[cost.memberId] ?? null)}
              </span>
            </p>
            <BudgetBar total={cost.total} budget={budgets[cost.memberId] ?? null} scale={scale} who={who} />
            {cost.tierNote ? <p className="text-xs text-amber-800">{capitalise(cost.tierNote)}.</p> : null}
            {cost.lines
              .filter((line) => line.item === "food-extra")
              .map((line) => (
                <p key={line.label} className="text-xs text-amber-800">
                  Extra: {line.label}.
                </p>
              ))}
            {cost.verified ? null : (
              <p className="text-xs text-amber-800">
                {isViewer
                  ? "Travel not included: your home isn't confirmed. Pick it under “Travelling from” in your preferences."
                  : `Travel not included: ${who}'s home isn't confirmed.`}
                {cost.capUnverifiable || (budgets[cost.memberId]?.hardLimit && budgets[cost.memberId]?.max != null)
                  ? ` ${isViewer ? "Your" : "Their"} hard cap can't be checked until it is.`
                  : ""}
              </p>
            )}
            {isViewer || costs.length === 1 ? (
              <details className="text-xs text-slate-700">
                <summary className="cursor-pointer text-brand-700 underline">How this adds up</summary>
                <ul className="mt-1 space-y-0.5">
                  {cost.lines.map((line) => (
                    <li key={`${line.item}:${line.label}`} className="flex justify-between gap-2">
                      <span>
                        {line.label}
                        <span className="block text-slate-500">{line.basis}</span>
                      </span>
                      <span className="shrink-0 tabular-nums">
                        {planFigure(line.usd, budgets[cost.memberId] ?? null)}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "€145.62": how far a total goes over, in the member's own currency when their ceiling is known, else in dollars. */
export function overBudgetBy(total: number, budget: Budget, overByUsd: number): string {
  const limit = maxOf(budget);
  return limit ? formatBudget({ amount: overByOwn(total, limit), currency: limit.currency }) : formatUsd(overByUsd);
}

export function overMyBudget(total: number, budget: Budget, overByUsd: number): string {
  return `${overBudgetBy(total, budget, overByUsd)} over your budget`;
}

/** The member's total as a marker on a track, with their budget range shaded and a hard cap drawn as a line. */
function BudgetBar({ total, budget, scale, who }: { total: number; budget: Budget; scale: number; who: string }) {
  const pct = (n: number) => `${Math.min(100, (n / scale) * 100)}%`;
  // Judged in the member's own currency: the plan's dollars converted at the table's rate.
  const limit = maxOf(budget);
  const floor = minOf(budget);
  const over = limit !== null && exceeds(total, limit);
  const status =
    budget === null || floor === null
      ? "no budget given"
      : limit !== null && over
        ? `${formatBudget({ amount: overByOwn(total, limit), currency: limit.currency })} over ${budget.hardLimit ? "the hard cap" : "the budget"} of ${formatBudget(limit)}`
        : usdIn(total, floor.currency) < floor.amount
          ? `under the ${formatBudget(floor)} minimum`
          : `within ${formatBudget(floor)}${limit === null ? "+" : `–${formatBudget(limit)}`}`;
  const max = budget?.usd.max ?? null;
  return (
    <div>
      <div
        className="relative h-2 rounded-full bg-slate-100"
        role="img"
        aria-label={`${who}: ${planFigure(total, budget)}, ${status}`}
      >
        {budget ? (
          <div
            className="absolute inset-y-0 rounded-full bg-emerald-100"
            style={{ left: pct(budget.usd.min), width: `calc(${pct(max ?? scale)} - ${pct(budget.usd.min)})` }}
          />
        ) : null}
        {max !== null && budget?.hardLimit ? (
          <div className="absolute -inset-y-1 w-0.5 bg-red-600" style={{ left: pct(max) }} />
        ) : null}
        <div
          className={`absolute -inset-y-0.5 w-1.5 -translate-x-1/2 rounded-full ${over ? "bg-amber-600" : "bg-brand-600"}`}
          style={{ left: pct(total) }}
        />
      </div>
      <p className={`mt-0.5 text-xs ${over ? "text-amber-800" : "text-slate-600"}`}>{capitalise(status)}</p>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
