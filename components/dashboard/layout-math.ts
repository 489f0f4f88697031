/**
 * Pure layout arithmetic for the dashboard's pictures (calendar grid, heat shades, money axis)
 * and the small name helpers they share. No React here, so it is trivial to unit-test.
 */
import { toDayNumber } from "@/lib/dates";
import { MONTH_NAMES, plural } from "@/lib/format";

export type MemberName = { id: string; name: string };

/** The display name for a member id; ids that aren't in the list read as "Someone". */
export function nameOf(members: readonly MemberName[], id: string): string {
  return members.find((m) => m.id === id)?.name ?? "Someone";
}

// ---------------------------------------------------------------- calendar

export type CalendarMonth = { year: number; month: number };

/** "June 2026" (month is 1-based). */
export function monthTitle({ year, month }: CalendarMonth): string {
  return `${MONTH_NAMES[month - 1] ?? ""} ${year}`;
}

function parseIso(iso: string): CalendarMonth & { day: number } {
  const [year = 1970, month = 1, day = 1] = iso.split("-").map(Number);
  return { year, month, day };
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Every month touched by the inclusive span start..end, in order. */
export function monthsBetween(start: string, end: string): CalendarMonth[] {
  const from = parseIso(start);
  const to = parseIso(end);
  const first = from.year * 12 + from.month - 1;
  const last = to.year * 12 + to.month - 1;
  const months: CalendarMonth[] = [];
  for (let index = first; index <= last; index++) {
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return months;
}

/** Index of the month containing `day` within `months`, or -1. */
export function monthIndexOf(months: readonly CalendarMonth[], day: string): number {
  const { year, month } = parseIso(day);
  return months.findIndex((m) => m.year === year && m.month === month);
}

/**
 * Which `max` consecutive months to draw out of `total`: from the start, unless the month the
 * reader most needs (`focus`, e.g. the first shared window) would fall off — then one month
 * of context before it.
 */
export function visibleMonthRange(total: number, focus: number, max: number): { from: number; to: number } {
  if (total <= max || focus < max) return { from: 0, to: Math.min(total, max) };
  const from = Math.min(Math.max(focus - 1, 0), total - max);
  return { from, to: from + max };
}

/** Weeks (Monday first) of a month; days outside it are null. */
export function monthWeeks({ year, month }: CalendarMonth): (string | null)[][] {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7; // Monday = 0
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push(iso(year, month, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The heat-map count for `day`, or null when the day is outside the calendar. */
export function countOn(calendar: { start: string; counts: readonly number[] }, day: string): number | null {
  const index = toDayNumber(day) - toDayNumber(calendar.start);
  return index >= 0 && index < calendar.counts.length ? (calendar.counts[index] ?? null) : null;
}

/** "Showing January 2027 to June 2027; 12 earlier months not shown; +9 more months." */
export function hiddenMonthsNote(shown: CalendarMonth[], before: number, after: number): string {
  const first = shown[0];
  const last = shown[shown.length - 1];
  const range = first && last ? `Showing ${monthTitle(first)} to ${monthTitle(last)}` : "Showing part of the range";
  const earlier = before > 0 ? `; ${plural(before, "earlier month")} not shown` : "";
  const later = after > 0 ? `; +${plural(after, "more month")}` : "";
  return `${range}${earlier}${later}.`;
}

/** Distinct shades between "nobody" and "everyone"; four keep a 5-person group one shade per count. */
export const MIDDLE_SHADES = 4;

/** 0 = nobody, MIDDLE_SHADES + 1 = everyone, partial counts spread evenly over the shades between. */
export function shadeLevel(count: number, total: number): number {
  if (count <= 0 || total <= 0) return 0;
  if (count >= total) return MIDDLE_SHADES + 1;
  if (total === 2) return 1;
  return 1 + Math.min(MIDDLE_SHADES - 1, Math.floor(((count - 1) / (total - 2)) * (MIDDLE_SHADES - 1) + 1e-9));
}

// ---------------------------------------------------------------- money axis

export type Axis = { min: number; max: number; ticks: number[] };

/**
 * A money axis covering all `values` with a little air on both sides, and 3–5 ticks on round
 * steps (1, 2, 2.5 or 5 × 10^k) inside it.
 */
export function moneyAxis(values: readonly number[]): Axis {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { min: 0, max: 100, ticks: [0, 50, 100] };
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  const pad = hi === lo ? Math.max(50, hi * 0.2) : (hi - lo) * 0.06;
  const min = Math.max(0, lo - pad);
  const max = hi + pad;
  const ticksFor = (step: number) => {
    const ticks: number[] = [];
    for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(Math.round(t));
    return ticks;
  };
  const candidates = niceSteps(max - min).map(ticksFor);
  const fitting = candidates.find((ticks) => ticks.length >= 3 && ticks.length <= 5);
  // Tiny spans can't have 3 round ticks: take the closest to 4, or just the ends.
  const closest = [...candidates].sort((a, b) => Math.abs(a.length - 4) - Math.abs(b.length - 4))[0];
  return { min, max, ticks: fitting ?? (closest?.length ? closest : [...new Set([lo, hi])]) };
}

/** Round step sizes from coarse to fine, around a quarter of `span`. */
function niceSteps(span: number): number[] {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(span, 1)));
  return [10, 5, 2.5, 2, 1, 0.5, 0.25, 0.2, 0.1]
    .map((c) => c * magnitude)
    .filter((step) => step >= 1 && Number.isInteger(step));
}

/** Position of `value` on the axis as a CSS percentage in 0..100. */
export function percentOn(axis: Axis, value: number): number {
  if (axis.max === axis.min) return 0;
  return Math.min(100, Math.max(0, ((value - axis.min) / (axis.max - axis.min)) * 100));
}
