"use client";

import { CalendarCheck } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { AvailabilitySummary } from "@/components/dashboard/availability-summary";
import {
  type CalendarMonth,
  countOn,
  hiddenMonthsNote,
  type MemberName,
  monthIndexOf,
  monthsBetween,
  monthTitle,
  monthWeeks,
  nameOf,
  shadeLevel,
  visibleMonthRange,
} from "@/components/dashboard/layout-math";
import { EmptyState } from "@/components/ui/card";
import { addDays } from "@/lib/dates";
import { formatDay, joinAnd } from "@/lib/format";
import type { GroupProfile } from "@/lib/schemas/group-profile";

type Dates = GroupProfile["dates"];

/** Months drawn at most; the rest of a long span is summarised in a sentence. */
const MAX_MONTHS = 6;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** Heat shades, nobody → everyone. Every pair keeps day numbers at ≥ 4.5:1 contrast. */
const SHADES = [
  "bg-white text-slate-700 ring-1 ring-inset ring-slate-200",
  "bg-emerald-100 text-emerald-950",
  "bg-emerald-200 text-emerald-950",
  "bg-emerald-300 text-emerald-950",
  "bg-emerald-400 text-emerald-950",
  "bg-emerald-700 text-white",
];
const OVERLAP_MARK = "outline-2 outline-offset-1 outline-brand-700";
const BEST_MARK = "outline-2 outline-dashed outline-offset-1 outline-amber-700";

/** Availability heat map: one month table per month, shaded by how many respondents can come. */
export type Availability = { memberId: string; flexible: boolean; windows: { start: string; end: string }[] };

export function AvailabilityCalendar({
  dates,
  respondentCount,
  members,
  tripDays,
  availability,
}: {
  dates: Dates;
  respondentCount: number;
  members: MemberName[];
  /** The trip length the dates are matched against (a window must be this long). */
  tripDays: number;
  /** Who answered with which dates (dates aren't private): a tapped or focused day says who can and can't come. */
  availability: Availability[];
}) {
  const [selected, setSelected] = useState<string | null>(null);
  if (dates.status === "flexible") {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
        Everyone who answered is flexible — any dates work.
      </p>
    );
  }
  const { calendar } = dates;
  if (dates.status === "no-data" || !calendar || calendar.counts.length === 0) {
    return (
      <EmptyState title="No dates yet">The calendar fills in as members add the dates they can travel.</EmptyState>
    );
  }

  const end = addDays(calendar.start, calendar.counts.length - 1);
  const months = monthsBetween(calendar.start, end);
  const focusDay = dates.overlapWindows[0]?.start ?? dates.best?.start ?? calendar.start;
  const { from, to } = visibleMonthRange(months.length, Math.max(0, monthIndexOf(months, focusDay)), MAX_MONTHS);
  const shown = months.slice(from, to);
  const best = dates.overlapWindows.length === 0 ? dates.best : null;
  const markOf = (day: string) =>
    dates.overlapWindows.some((w) => day >= w.start && day <= w.end)
      ? "overlap"
      : best && day >= best.start && day <= best.end
        ? "best"
        : null;

  const firstShown = shown[0] ? `${shown[0].year}-${String(shown[0].month).padStart(2, "0")}-01` : calendar.start;
  const days = shown
    .flatMap((m) => monthWeeks(m).flat())
    .filter((d): d is string => d !== null && countOn(calendar, d) !== null);
  const current = selected && days.includes(selected) ? selected : null;
  // One tab stop for the whole map; arrow keys move a day or a week (roving focus).
  const tabbable = current ?? (days.includes(focusDay) ? focusDay : (days[0] ?? firstShown));
  const move = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(day, step);
    if (!days.includes(next)) return;
    setSelected(next);
    document.getElementById(dayButtonId(next))?.focus();
  };

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] items-start gap-x-6 gap-y-4">
        {shown.map((month) => (
          <MonthTable
            key={`${month.year}-${month.month}`}
            month={month}
            render={(day) => {
              const count = countOn(calendar, day);
              return { count, mark: count === null ? null : markOf(day) };
            }}
            respondentCount={respondentCount}
            selected={current}
            tabbable={tabbable}
            onSelect={setSelected}
            onKey={move}
          />
        ))}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-800">
        {current ? dayDetails(current, availability, members) : "Tap or focus a day to see who can come."}
      </p>
      {months.length > shown.length ? (
        <p className="text-sm text-slate-600">{hiddenMonthsNote(shown, from, months.length - to)}</p>
      ) : null}
      {dates.overlapWindows.length === 0 && calendar.counts.some((c) => c >= respondentCount) ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Everyone can come on some days, but never {tripDays} days in a row (the trip's length), so no dates work for
          the whole group yet.
        </p>
      ) : null}
      <Legend
        respondentCount={respondentCount}
        showOverlap={dates.overlapWindows.length > 0}
        showBest={best !== null}
      />
      <AvailabilitySummary dates={dates} respondentCount={respondentCount} members={members} />
    </div>
  );
}

function dayButtonId(day: string): string {
  return `heat-day-${day}`;
}

/** "Tue, Jun 12: Ana, Ben and Cy can come; Dee can't." from the members' own windows. */
function dayDetails(day: string, availability: Availability[], members: MemberName[]): string {
  const can = availability.filter((a) => a.flexible || a.windows.some((w) => day >= w.start && day <= w.end));
  const cannot = availability.filter((a) => !can.includes(a));
  const names = (list: Availability[]) => joinAnd(list.map((a) => nameOf(members, a.memberId)));
  const parts = [
    can.length ? `${names(can)} can come` : "nobody who answered can come",
    ...(cannot.length ? [`${names(cannot)} can't`] : []),
  ];
  return `${formatDay(day)}: ${parts.join("; ")}.`;
}

function MonthTable({
  month,
  render,
  respondentCount,
  selected,
  tabbable,
  onSelect,
  onKey,
}: {
  month: CalendarMonth;
  render: (day: string) => { count: number | null; mark: "overlap" | "best" | null };
  respondentCount: number;
  selected: string | null;
  tabbable: string;
  onSelect: (day: string) => void;
  onKey: (event: KeyboardEvent<HTMLButtonElement>, day: string) => void;
}) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-0 text-center text-xs sm:text-sm">
      <caption className="pb-1 text-left text-sm font-semibold text-slate-900">{monthTitle(month)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" className="pb-1 text-xs font-medium text-slate-600">
              <abbr title={day} className="no-underline">
                {day.slice(0, 2)}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? "empty"}>
            {week.map((day, i) => {
              if (!day) return <td key={`blank-${WEEKDAYS[i]}`} />;
              const { count, mark } = render(day);
              const label =
                count === null
                  ? `${formatDay(day)}: outside the planning range`
                  : `${formatDay(day)}: ${count} of ${respondentCount} can come${mark === "overlap" ? ", everyone free window" : mark === "best" ? ", best partial window" : ""}`;
              const box =
                count === null
                  ? "text-slate-500"
                  : `${SHADES[shadeLevel(count, respondentCount)]} ${mark === "overlap" ? OVERLAP_MARK : mark === "best" ? BEST_MARK : ""}`;
              if (count === null) {
                return (
                  <td key={day} title={label} className="p-1">
                    <span className={`flex h-7 items-center justify-center rounded-md tabular-nums sm:h-8 ${box}`}>
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                      <span className="sr-only">{label}</span>
                    </span>
                  </td>
                );
              }
              return (
                <td key={day} title={label} className="p-1">
                  <button
                    type="button"
                    id={dayButtonId(day)}
                    tabIndex={day === tabbable ? 0 : -1}
                    aria-pressed={day === selected}
                    onClick={() => onSelect(day)}
                    onFocus={() => onSelect(day)}
                    onKeyDown={(event) => onKey(event, day)}
                    className={`flex h-7 w-full items-center justify-center rounded-md tabular-nums focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-1 sm:h-8 ${box} ${day === selected ? "ring-2 ring-slate-900" : ""}`}
                  >
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="sr-only">{label}</span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Legend({
  respondentCount,
  showOverlap,
  showBest,
}: {
  respondentCount: number;
  showOverlap: boolean;
  showBest: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-slate-700">
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true">0</span>
        <span aria-hidden="true" className="flex gap-0.5">
          {SHADES.map((shade) => (
            <span key={shade} className={`size-4 rounded ${shade}`} />
          ))}
        </span>
        <span aria-hidden="true">{respondentCount} can come</span>
        <span className="sr-only">Darker days: more people can come, from 0 to all {respondentCount}.</span>
      </span>
      {showOverlap ? (
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`size-4 rounded bg-emerald-700 ${OVERLAP_MARK}`} />
          Everyone free (solid outline)
        </span>
      ) : null}
      {showBest ? (
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`size-4 rounded bg-emerald-200 ${BEST_MARK}`} />
          Best partial window (dashed outline)
        </span>
      ) : null}
    </div>
  );
}
