import type { OpeningHours } from "@/lib/schemas/catalog";

/**
 * Local clock arithmetic for planning days: minutes since midnight, weekdays of ISO dates,
 * and whether a venue is open for a whole visit.
 */

export function minutes(clock: string): number {
  const [h = 0, m = 0] = clock.split(":").map(Number);
  return h * 60 + m;
}

export function clock(totalMinutes: number): string {
  const m = Math.max(0, Math.min(23 * 60 + 59, Math.round(totalMinutes)));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

const WEEKDAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** "mon" … "sun" for an ISO date. */
export function weekdayOf(iso: string): (typeof WEEKDAY_KEYS)[number] {
  return WEEKDAY_KEYS[new Date(`${iso}T12:00:00Z`).getUTCDay()] ?? "mon";
}

/**
 * Open for the whole visit [start, start + hours] on that date (or, without a date, on
 * some day of the week)? `close` before `open` runs past midnight. No hours: always open.
 */
export function openFor(
  hours: OpeningHours | null,
  date: string | null,
  start: string,
  durationHours: number,
): boolean {
  if (!hours) return true;
  if (date && hours.closedOn.includes(weekdayOf(date))) return false;
  if (!date && hours.closedOn.length === 7) return false;
  const open = minutes(hours.open);
  let close = minutes(hours.close);
  if (close <= open) close += 24 * 60;
  const from = minutes(start);
  const to = from + durationHours * 60;
  return from >= open && to <= close;
}
