import { addDays, daysBetweenInclusive } from "@/lib/dates";
import { formatRange } from "@/lib/format";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { TripShape } from "@/lib/schemas/recommendations";

/**
 * How long the trip can be and when, before any destination is priced: the trip-length
 * range everyone accepts and the window they can all (or most of them) travel in. A
 * destination then takes the longest length in that range that every member's hard cap
 * allows, as a concrete span of exactly that many nights inside the window.
 */

export type TripFrame = {
  /** The window the dates go in (the longest full overlap, else the best partial one); null = any dates. */
  window: { start: string; end: string } | null;
  /**
   * Not everyone can make the window yet (or nobody has chosen dates). An organizer's
   * decision settles the dates: who can't make all of them is said with it, not as "pending".
   */
  datesPending: boolean;
  /** Longest and shortest trip to try, in days (days = nights + 1). */
  maxDays: number;
  minDays: number;
  /** Why the longest length anyone accepts can't be used, when it can't. */
  limit: string | null;
};

export function tripFrame(profile: GroupProfile, today: string): TripFrame {
  const { tripLength, dates } = profile;
  // On a trip-length conflict nobody can go longer than the shortest maximum.
  const longest = tripLength.maxDays ?? tripLength.windowDays;
  const shortest = tripLength.conflict ? longest : (tripLength.minDays ?? 1);
  // A partial window (most of the group) is a proposal; with no real overlap there are no dates to propose.
  // The organizer's decision comes first: it is what the group agreed to plan for.
  const chosen = dates.decided ?? dates.overlapWindows[0] ?? (dates.status === "partial" ? dates.best : null);
  const tomorrow = addDays(today, 1);
  // Never plan a day that has passed: a window that started already begins tomorrow.
  const window =
    chosen && chosen.end >= tomorrow
      ? // biome-ignore lint/complexity/useMathMinMax: ISO date strings compare as text, not numbers.
        { start: chosen.start < tomorrow ? tomorrow : chosen.start, end: chosen.end }
      : null;
  const windowDays = window ? daysBetweenInclusive(window.start, window.end) : Number.POSITIVE_INFINITY;
  const maxDays = Math.max(1, Math.min(longest, windowDays));
  const minDays = Math.max(1, Math.min(shortest, maxDays));
  return {
    window,
    datesPending: window === null || (!dates.decided && dates.status !== "overlap"),
    maxDays,
    minDays,
    limit:
      windowDays < longest
        ? `the dates everyone can make are ${windowDays} day${windowDays === 1 ? "" : "s"} long`
        : null,
  };
}

/** The concrete trip for `days` days at the start of the frame's window. */
export function shapeFor(frame: TripFrame, days: number, lengthNote: string | null): TripShape {
  const nights = days - 1;
  const start = frame.window?.start ?? null;
  return {
    days,
    nights,
    start,
    end: start ? addDays(start, nights) : null,
    datesPending: frame.datesPending,
    lengthNote,
  };
}

/** Months (1–12) a trip touches; null without dates. */
export function monthsOf(shape: Pick<TripShape, "start" | "end">): number[] | null {
  if (!shape.start || !shape.end) return null;
  const months = new Set<number>();
  for (let day = shape.start; day <= shape.end; day = addDays(day, 1)) months.add(Number(day.slice(5, 7)));
  return [...months];
}

/**
 * Why a plan can't be edited or finalized as the trip's plan: it was made for other dates
 * than the trip's confirmed ones (the organizer changed them since). Null when they agree.
 */
export function planDatesDiffer(
  plan: { dates: { start: string | null; end: string | null } },
  trip: { startDate: string | null; endDate: string | null },
): string | null {
  const { start, end } = plan.dates;
  if (start === trip.startDate && end === trip.endDate) return null;
  const was = start && end ? `is for ${formatRange(start, end)}` : "was made before the dates were confirmed";
  const now = trip.startDate && trip.endDate ? `are now ${formatRange(trip.startDate, trip.endDate)}` : "aren't set";
  return `The plan ${was}, but the trip's dates ${now}. Generate the plan for these dates first.`;
}
