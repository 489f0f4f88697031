import type { Accessibility } from "@/lib/schemas/preferences";

/** Human-readable dates, money and needs for the UI and for generated explanations. */

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

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

const WHOLE_NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "$1,200" */
export function formatUsd(amount: number): string {
  return `$${WHOLE_NUMBER.format(Math.round(amount))}`;
}

/** "1 day", "2 days", "3 people" (with `pluralForm` for irregular words). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Access needs as the group reads them ("step-free access", "low vision"). */
export const ACCESSIBILITY_LABELS: Record<Accessibility, string> = {
  wheelchair: "wheelchair access",
  "step-free": "step-free access",
  "limited-walking": "limited walking",
  "low-vision": "low vision",
  hearing: "hearing support",
};

/**
 * The text cut to at most `max` characters at the end of a sentence ("." "!" "?" and what
 * closes it), so a shown excerpt never stops mid-word; the whole text when it fits, "" when
 * not even its first sentence does.
 */
export function clipToSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  let end = -1;
  for (const match of head.matchAll(/[.!?]+["'”’)\]]*(?=\s|$)/g)) {
    const after = match.index + match[0].length;
    if (after <= max) end = after;
  }
  return end > 0 ? text.slice(0, end) : "";
}

/** The first language an Accept-Language header asks for that Intl knows, else en-US. */
export function localeOf(acceptLanguage: string | null): string {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim();
    if (tag && tag !== "*" && Intl.NumberFormat.supportedLocalesOf([tag]).length) return tag;
  }
  return "en-US";
}
