import type { DayRoute, RouteLeg, RouteStop } from "@/lib/schemas/day-route";
import type { Itinerary, ItineraryDay } from "@/lib/schemas/itinerary";

/**
 * Where the group is in its trip at a moment, in the destination's own time: before it (days
 * to go), on one of its days (what's on now, what's next, when to leave for it, the way
 * there, the day's meals and weather note, tomorrow in one line) or after it. Pure: the clock
 * is an argument, so a page passes the real time and a test a fixed one.
 *
 * Leave-by: the next stop's start minus the leg's minutes into it (lib/planning/day-route.ts).
 * The day's first stop has no leg (where the group sleeps isn't known), so no leave-by time.
 */

export type TodayView =
  | { phase: "before"; daysToGo: number; start: string }
  | {
      phase: "during";
      day: number;
      date: string;
      time: string;
      now: RouteStop | null;
      next: RouteStop | null;
      /** HH:MM to set off for `next`, or null for the day's first stop. */
      leaveBy: string | null;
      /** The way to `next` from the stop before it. */
      legToNext: RouteLeg | null;
      meals: { name: string; meal: string; time: string }[];
      weather: string;
      /** "Belém: Jerónimos Monastery and …, from 09:00", or null on the last day. */
      tomorrow: string | null;
    }
  | { phase: "after"; days: number; stops: number };

/** The local date (YYYY-MM-DD) and time (HH:MM) at `at` in `timeZone`. */
export function localDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** What of a plan "today" reads: a page passes these, not the whole plan, to the phone. */
export type TodayPlan = Pick<Itinerary, "destination" | "dates" | "weather"> & {
  days: Pick<ItineraryDay, "day" | "date" | "title" | "meals">[];
};

export function todayView(plan: TodayPlan, routes: DayRoute[], at: Date): TodayView | null {
  const { start, end } = plan.dates;
  if (!start || !end) return null;
  const { date, time } = localDateTime(at, plan.destination.timezone);
  if (date < start) return { phase: "before", daysToGo: daysBetween(date, start), start };
  if (date > end) {
    return { phase: "after", days: plan.days.length, stops: routes.reduce((n, r) => n + r.stops.length, 0) };
  }
  const day = plan.days.find((d) => d.date === date);
  const route = day ? routes.find((r) => r.day === day.day) : undefined;
  if (!day || !route) return null;
  const t = minutesOf(time);
  const now = route.stops.find((s) => minutesOf(s.time) <= t && t < minutesOf(s.end)) ?? null;
  const nextIndex = route.stops.findIndex((s) => minutesOf(s.time) > t);
  const next = nextIndex === -1 ? null : (route.stops[nextIndex] as RouteStop);
  // legs[i] goes from stops[i] to stops[i + 1]: the leg into stop k is legs[k − 1].
  const legToNext = nextIndex > 0 ? (route.legs[nextIndex - 1] ?? null) : null;
  const leaveBy = next && legToNext ? hhmm(Math.max(0, minutesOf(next.time) - legToNext.minutes)) : null;
  const after = plan.days.find((d) => d.day === day.day + 1);
  const afterRoute = after ? routes.find((r) => r.day === after.day) : undefined;
  const firstTomorrow = afterRoute?.stops[0];
  return {
    phase: "during",
    day: day.day,
    date,
    time,
    now,
    next,
    leaveBy,
    legToNext,
    meals: day.meals.map((m) => ({ name: m.name, meal: m.meal, time: m.time })),
    weather: plan.weather.note,
    tomorrow: after
      ? `${after.title.replace(/^Day \d+\s*[·:–—-]\s*/, "")}${firstTomorrow ? `, from ${firstTomorrow.time} (${firstTomorrow.name})` : ", a free day"}`
      : null,
  };
}

/**
 * The moment the pages show "today" at: now, or outside production a `?now=` ISO time (for
 * trying a trip's days, and the end-to-end tests). Production ignores the parameter.
 */
export function clockAt(param: string | undefined, production = process.env.NODE_ENV === "production"): Date {
  return clockOf(param, production).at;
}

/** As clockAt, saying whether the time was given (`fixed`: the page keeps to it instead of the phone's clock). */
export function clockOf(
  param: string | undefined,
  production = process.env.NODE_ENV === "production",
): { at: Date; fixed: boolean } {
  if (!production && param) {
    const at = new Date(param);
    if (!Number.isNaN(at.getTime())) return { at, fixed: true };
  }
  return { at: new Date(), fixed: false };
}
