"use client";

import { Button } from "@/components/ui/button";
import { hardNosShown, readMember } from "@/lib/constraints/reading";

/**
 * What the planner takes from the member's own words (hard no's and notes) beyond the
 * boxes they ticked — "no activities before 10:00", "avoid museums & galleries" — shown back
 * as they type, each with a way to set it aside when we misread them. A set-aside is saved
 * with their answers (theirs only, like every answer) and no plan applies it.
 */
export function WhatWeRead({
  hardNos,
  notes,
  dismissed,
  onChange,
}: {
  hardNos: string[];
  notes: string;
  dismissed: string[];
  onChange(dismissed: string[]): void;
}) {
  const reading = readMember({ hardNos, notes, dismissedReadings: dismissed });
  // The hard no's as the planner reads them ("No museums — we'll keep museums out of the plan").
  const rules = hardNosShown({ hardNos, dismissedReadings: dismissed });
  const shown = [
    ...rules.rules.map((r) => ({
      id: r.id,
      label: r.label,
      effect: r.effect,
      from: "hard-no",
      dismissed: r.dismissed,
    })),
    ...reading.all.map((r) => ({ id: r.id, label: r.label, effect: null, from: r.from, dismissed: r.dismissed })),
  ];
  const live = shown.filter((r) => !r.dismissed);
  const setAside = shown.filter((r) => r.dismissed);
  const toggle = (id: string, on: boolean) =>
    // Only ids still read from the answers are kept, so an old set-aside never lingers.
    onChange(on ? [...dismissed.filter((d) => shown.some((r) => r.id === d)), id] : dismissed.filter((d) => d !== id));
  return (
    <section aria-labelledby="what-we-read" className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <h3 id="what-we-read" className="text-sm font-semibold text-slate-900">
        What the planner reads from your words
      </h3>
      {shown.length === 0 && rules.unread.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          Nothing beyond the boxes you ticked. Times of day (“nothing before 10am”, “back by 10pm”), distances (“nothing
          more than 30 minutes away”), a slow pace and things you dislike (“I hate museums”) are read from your hard
          no's and notes.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            {live.length
              ? `We read: ${live.map((r) => r.label).join("; ")}.`
              : shown.length
                ? "We read nothing you haven't set aside."
                : "Nothing we could turn into a rule yet."}
          </p>
          <ul className="mt-2 space-y-2">
            {shown.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className={r.dismissed ? "text-slate-500 line-through" : "text-slate-900"}>
                  {r.label}
                  {r.effect ? ` — ${r.effect}` : ""}
                </span>
                <span className="text-xs text-slate-500">from your {r.from === "notes" ? "notes" : "hard no's"}</span>
                <Button
                  type="button"
                  variant="secondary"
                  className="ml-auto"
                  aria-label={r.dismissed ? `Use “${r.label}” again` : `Not what I meant: “${r.label}”`}
                  onClick={() => toggle(r.id, !r.dismissed)}
                >
                  {r.dismissed ? "Use it again" : "Not what I meant"}
                </Button>
              </li>
            ))}
          </ul>
          {rules.unread.length ? (
            <p className="mt-2 text-sm text-amber-800">
              Not read as a rule, so no plan can check it: {rules.unread.map((u) => `“${u}”`).join(", ")}. Try other
              words (“no museums”, “no flights over 6 hours”).
            </p>
          ) : null}
          {setAside.length ? (
            <p className="mt-2 text-xs text-slate-600">
              Set aside: no plan applies {setAside.length === 1 ? "it" : "them"}. Save your preferences to keep this.
            </p>
          ) : (
            <p className="mt-2 text-xs text-slate-600">Only you see this. Save your preferences after a change.</p>
          )}
        </>
      )}
    </section>
  );
}
