"use client";

import { ArrowRight, CircleCheck, Hourglass } from "lucide-react";
import Link from "next/link";
import { ApplyButton, FixOutcome, useApplyFix } from "@/components/dashboard/apply-fix";
import type { YourTurn } from "@/lib/your-turn";

/**
 * The top of the dashboard: what the viewer has to do now (their turn), and for the
 * organizer who the group is waiting on. Short enough to sit inside a phone's first screen.
 * The viewer's own part in a conflict is applied from here in one step, as on the conflicts card.
 */
export function YourTurnPanel({
  turn,
  tripId,
  answersVersion,
}: {
  turn: YourTurn;
  tripId: string;
  answersVersion: number | null;
}) {
  const fixState = useApplyFix(tripId, answersVersion);
  const [first, ...rest] = turn.mine;
  return (
    <section
      aria-labelledby="your-turn-title"
      className="rounded-2xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800 sm:p-5"
    >
      <h2 id="your-turn-title" className="text-base font-semibold text-slate-900">
        {first ? "Your turn" : "Nothing for you to do right now"}
      </h2>
      {first ? (
        <ul className="mt-2 space-y-2">
          {[first, ...rest].map((item) => (
            <li key={item.id} data-turn={item.id} className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{item.title}</p>
                {item.detail ? <p className="hidden text-xs text-slate-700 sm:block">{item.detail}</p> : null}
              </div>
              {item.fix ? <ApplyButton fix={item.fix} state={fixState} /> : null}
              <Link
                href={item.href}
                className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700"
              >
                {item.action}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 flex items-center gap-1 text-slate-700">
          <CircleCheck aria-hidden className="size-4 text-emerald-700" />
          We'll show it here, and on every member's page, when something needs you.
        </p>
      )}
      <div className="mt-2 empty:hidden">
        <FixOutcome state={fixState} />
      </div>
      {turn.waitingOn ? (
        <p className="mt-3 flex items-center gap-1 text-xs text-slate-700">
          <Hourglass aria-hidden className="size-3.5" />
          {turn.waitingOn}
        </p>
      ) : null}
    </section>
  );
}
