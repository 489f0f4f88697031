/**
 * Calendar-day arithmetic on ISO `YYYY-MM-DD` strings. Days are counted in UTC so that
 * a date never shifts with the server's or the browser's time zone.
 */

const MS_PER_DAY = 86_400_000;

/** Whole days since 1970-01-01 for a valid ISO date. */
export function toDayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
}

export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromDayNumber(toDayNumber(iso) + days);
}

/** Days from `start` to `end`, counting both ends. */
export function daysBetweenInclusive(start: string, end: string): number {
  return toDayNumber(end) - toDayNumber(start) + 1;
}

/**
 * An IANA time zone ("Europe/Lisbon", "Atlantic/Azores"): one Intl knows, named by region.
 * Not an abbreviation or an offset ("UTC", "UTC-1", "GMT-01:00", "Azores Time"), which
 * calendars can't use.
 */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/");
  } catch {
    return false;
  }
}
