/** Human-readable dates and money for the UI and for generated explanations. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Jun 12" */
export function formatDay(iso: string): string {
  const [, month, day] = iso.split("-").map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}`;
}

/** "Jun 12–16", "Jun 28–Jul 3", "Dec 30, 2026–Jan 2, 2027" */
export function formatRange(start: string, end: string): string {
  if (start === end) return formatDay(start);
  const [sy, sm] = start.split("-");
  const [ey, em, ed] = end.split("-");
  if (sy !== ey) return `${formatDay(start)}, ${sy}–${formatDay(end)}, ${ey}`;
  if (sm === em) return `${formatDay(start)}–${Number(ed)}`;
  return `${formatDay(start)}–${formatDay(end)}`;
}

/** "$1,200" */
export function formatUsd(amount: number): string {
  return `$${Math.round(amount).toLocaleString("en-US")}`;
}
