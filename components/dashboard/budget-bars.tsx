import { Lock, Wallet } from "lucide-react";
import type { CSSProperties, ReactNode } from "react";
import { type Axis, type MemberName, moneyAxis, nameOf, percentOn } from "@/components/dashboard/layout-math";
import { EmptyState } from "@/components/ui/card";
import { formatUsd, joinAnd, plural } from "@/lib/format";
import { formatBudget } from "@/lib/money/budget";
import { type GroupProfile, isAnonymousMemberId } from "@/lib/schemas/group-profile";

type Budget = GroupProfile["budget"];

/**
 * From `sm` up, names sit in a column left of the bars and the overlay and axis are offset by
 * its width; on phones each name sits above its bar and the plot uses the full width.
 */
// On phones the label row sits above the overlay (white, on top), so no cap or gap line runs through a name.
const NAME_COLUMN = "relative z-10 flex items-baseline gap-2 bg-white sm:block sm:w-32 sm:shrink-0 sm:pr-2";
const PLOT_OFFSET = "left-0 sm:left-32";
const AXIS_OFFSET = "sm:ml-32";
const GAP_STRIPES: CSSProperties = {
  backgroundImage: "repeating-linear-gradient(135deg, rgb(254 202 202) 0 6px, rgb(255 255 255 / 0) 6px 12px)",
};

/** Each member's budget range as a bar on one shared $ axis, with the group's feasible band or gap. */
export function BudgetBars({ budget, members }: { budget: Budget; members: MemberName[] }) {
  if (budget.status === "flexible") {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <Wallet aria-hidden="true" className="size-4 shrink-0" />
        Nobody has set a budget yet — everyone who answered is flexible.
      </p>
    );
  }
  if (budget.status === "no-data" || budget.ranges.length === 0) {
    return (
      <EmptyState title="No budgets yet">Budget ranges appear here as members fill in their preferences.</EmptyState>
    );
  }

  const { low, high, hardCap } = budget;
  const axis = moneyAxis([
    ...budget.ranges.flatMap((r) => [r.min, r.max]),
    ...[low, high, hardCap].filter((v) => v !== null),
  ]);
  // A member sees the others' ranges without names (lib/views/dashboard.ts): those ids aren't members.
  const anonymous = [...budget.ranges.map((r) => r.memberId), ...budget.flexibleIds].some(isAnonymousMemberId);
  const who = (id: string | null) => (id === null || isAnonymousMemberId(id) ? "another member" : nameOf(members, id));
  const hiddenFlexible = budget.flexibleIds.filter(isAnonymousMemberId).length;
  const flexible = [
    ...budget.flexibleIds.filter((id) => !isAnonymousMemberId(id)).map((id) => nameOf(members, id)),
    ...(hiddenFlexible > 0 ? [plural(hiddenFlexible, anonymous ? "other member" : "member")] : []),
  ];
  const hardCapOwners = [
    ...new Set(budget.ranges.filter((r) => r.hardLimit && r.max === hardCap).map((r) => who(r.memberId))),
  ];

  return (
    <div className="space-y-3">
      <div className="relative">
        <div aria-hidden="true" className={`pointer-events-none absolute inset-y-0 right-0 ${PLOT_OFFSET}`}>
          {axis.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute inset-y-0 border-l border-slate-200"
              style={{ left: `${percentOn(axis, tick)}%` }}
            />
          ))}
          {budget.status === "ok" && low !== null && high !== null ? (
            <span
              className="absolute inset-y-0 min-w-0.5 border-x-2 border-emerald-600 bg-emerald-100/70"
              style={span(axis, low, high)}
            />
          ) : null}
          {budget.status === "conflict" && low !== null && high !== null ? (
            <span
              className="absolute inset-y-0 min-w-0.5 border-x-2 border-red-600"
              style={{ ...span(axis, high, low), ...GAP_STRIPES }}
            />
          ) : null}
          {hardCap !== null ? (
            <span
              className="absolute inset-y-0 border-l-2 border-dashed border-red-700"
              style={{ left: `${percentOn(axis, hardCap)}%` }}
            />
          ) : null}
        </div>
        <ul className="relative">
          {budget.ranges.map((range) => {
            const name = isAnonymousMemberId(range.memberId) ? "Another member" : nameOf(members, range.memberId);
            const limit = range.hardLimit ? ", hard limit" : "";
            return (
              <li key={range.memberId} className="flex flex-col pt-1 sm:h-12 sm:flex-row sm:items-center sm:pt-0">
                <span className="sr-only">{`${name}: ${rangeText(range, " to ")}${limit}`}</span>
                <div aria-hidden="true" className={`${NAME_COLUMN} leading-tight`}>
                  <div className="flex items-center gap-1 text-sm font-medium text-slate-900">
                    <span className="truncate">{name}</span>
                    {range.hardLimit ? <Lock className="size-3.5 shrink-0 text-slate-700" /> : null}
                  </div>
                  <div className="truncate text-xs text-slate-600 tabular-nums">{rangeText(range, "–")}</div>
                </div>
                <div aria-hidden="true" className="relative h-5 sm:h-full sm:flex-1">
                  <span
                    className={`absolute top-1/2 h-3 min-w-2 -translate-y-1/2 rounded-full ${range.hardLimit ? "rounded-r-none border-r-4 border-slate-900 bg-brand-700" : "bg-brand-500"}`}
                    style={span(axis, range.min, range.max)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <div aria-hidden="true" className={`relative h-4 text-xs text-slate-600 tabular-nums ${AXIS_OFFSET}`}>
        {axis.ticks.map((tick) => {
          const at = percentOn(axis, tick);
          const align = at < 6 ? "" : at > 94 ? "-translate-x-full" : "-translate-x-1/2";
          return (
            <span key={tick} className={`absolute top-0 ${align}`} style={{ left: `${at}%` }}>
              {tickLabel(tick, axis)}
            </span>
          );
        })}
      </div>
      <ul className="space-y-1.5 text-sm text-slate-800">
        {budget.status === "ok" && low !== null && high !== null ? (
          <Key swatch="border-x-2 border-emerald-600 bg-emerald-100">
            <strong className="font-semibold">Feasible for everyone:</strong> {formatUsd(low)}–{formatUsd(high)} per
            person
          </Key>
        ) : null}
        {budget.status === "conflict" && low !== null && high !== null ? (
          <Key swatch="border-x-2 border-red-600" style={GAP_STRIPES}>
            <strong className="font-semibold">Gap:</strong> the lowest max ({formatUsd(high)},{" "}
            {who(budget.lowestMaxMemberId)}) is below the highest min ({formatUsd(low)},{" "}
            {who(budget.highestMinMemberId)})
          </Key>
        ) : null}
        {hardCap !== null ? (
          <Key swatch="border-l-2 border-dashed border-red-700">
            <strong className="font-semibold">Hard cap:</strong> {formatUsd(hardCap)} per person
            {hardCapOwners.length > 0 ? ` (${joinAnd(hardCapOwners)}'s hard limit)` : ""}
          </Key>
        ) : null}
        {flexible.length > 0 ? <li className="pl-6">Flexible: {flexible.join(", ")}</li> : null}
        {anonymous ? (
          <li className="pl-6 text-slate-600">
            Budgets are private: you see your own, and everyone else's without a name.
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function Key({ swatch, style, children }: { swatch: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <span aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${swatch}`} style={style} />
      <span>{children}</span>
    </li>
  );
}

/** `left`/`width` styles for the stretch from `from` to `to` on the axis. */
function span(axis: Axis, from: number, to: number): CSSProperties {
  const left = percentOn(axis, Math.min(from, to));
  return { left: `${left}%`, width: `${percentOn(axis, Math.max(from, to)) - left}%` };
}

/** Ticks on wide axes read "$25k" so they don't collide on a phone. */
function tickLabel(value: number, axis: Axis): string {
  if (axis.max >= 1_000_000 && value >= 1_000_000) return `$${Number((value / 1_000_000).toFixed(2))}M`;
  return axis.max >= 10_000 && value >= 1000 ? `$${Number((value / 1000).toFixed(1))}k` : formatUsd(value);
}

/** A range as its member gave it ("€0–€2,000 (≈ $0–$2,318)") when they gave it in their own currency, else in dollars. */
function rangeText(range: Budget["ranges"][number], to: string): string {
  const usd = `${formatUsd(range.min)}${to}${formatUsd(range.max)}`;
  if (!range.own) return usd;
  const { currency } = range.own;
  return `${formatBudget({ amount: range.own.min, currency })}${to}${formatBudget({ amount: range.own.max, currency })} (≈ ${usd})`;
}
