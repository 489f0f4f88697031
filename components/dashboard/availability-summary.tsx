import { type MemberName, nameOf } from "@/components/dashboard/layout-math";
import { formatRange, joinAnd, plural } from "@/lib/format";
import type { GroupProfile } from "@/lib/schemas/group-profile";

type Dates = GroupProfile["dates"];

const MAX_LISTED_WINDOWS = 3;

/**
 * The calendar's findings in words: shared windows, or the best partial window and who can't
 * make it, and who is flexible. Rendered by `AvailabilityCalendar`; usable on its own too.
 */
export function AvailabilitySummary({
  dates,
  respondentCount,
  members,
}: {
  dates: Dates;
  respondentCount: number;
  members: MemberName[];
}) {
  const windows = dates.overlapWindows;
  const best = windows.length === 0 ? dates.best : null;
  const short = best?.widen.filter((w) => w.days > 0) ?? [];
  const flexible = dates.flexibleIds.map((id) => nameOf(members, id));
  return (
    <ul className="space-y-1 text-sm text-slate-800">
      {windows.slice(0, MAX_LISTED_WINDOWS).map((w) => (
        <li key={w.start}>
          <strong className="font-semibold">Everyone is free {formatRange(w.start, w.end)}</strong> (
          {plural(w.days, "day")})
        </li>
      ))}
      {windows.length > MAX_LISTED_WINDOWS ? (
        <li>+{plural(windows.length - MAX_LISTED_WINDOWS, "more window")} that work for everyone</li>
      ) : null}
      {windows.length === 0 ? (
        <li>
          {dates.status === "none"
            ? "No stretch of days works for more than one person yet."
            : "No dates work for everyone yet."}
        </li>
      ) : null}
      {best ? (
        <li>
          <strong className="font-semibold">
            Best window: {formatRange(best.start, best.end)} ({plural(best.days, "day")})
          </strong>{" "}
          — {best.availableIds.length} of {respondentCount} can come.
          {short.length > 0
            ? ` Can't make it: ${joinAnd(short.map((w) => `${nameOf(members, w.memberId)} (misses ${plural(w.days, "day")})`))}.`
            : best.missingIds.length > 0
              ? ` Can't make it: ${joinAnd(best.missingIds.map((id) => nameOf(members, id)))}.`
              : ""}
        </li>
      ) : null}
      {flexible.length > 0 ? (
        <li>
          {joinAnd(flexible)} {flexible.length === 1 ? "is" : "are"} flexible
        </li>
      ) : null}
    </ul>
  );
}
