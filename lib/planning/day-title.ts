/**
 * A day's title and one-line summary, derived from what the day holds — never stored beside it:
 * the plan's schema derives the title whenever a plan is read or written (lib/schemas/itinerary.ts),
 * so the plan page, the share page, the print view, the calendar and the assistant's reading
 * tools all show the same words after every hand edit, regeneration or repair.
 *
 *   nothing planned             "A free day" ("A rest day", "Arrival: a free evening", "Departure: a free morning")
 *   one item                    "French Quarter: Jackson Square"
 *   two items                   "French Quarter: Jackson Square and Preservation Hall"
 *   three or more               "French Quarter: Jackson Square, Preservation Hall and 2 more"
 *
 * The area is where most of the day's activities are (the first of them on a tie); the
 * organizer's own items have no area of ours and are named by their own titles.
 */

import { plural } from "@/lib/format";

export const MAX_DAY_TITLE = 120;

type DayContent = {
  items: { title: string; area: string; kind: "activity" | "custom"; startTime: string }[];
  meals: unknown[];
  note: string | null;
};

export function dayTitle(day: DayContent): string {
  const items = [...day.items].sort((a, b) => a.startTime.localeCompare(b.startTime));
  if (items.length === 0) {
    if (day.note?.startsWith("Arrival")) return "Arrival: a free evening";
    if (day.note?.startsWith("Departure")) return "Departure: a free morning";
    if (day.note?.startsWith("Rest day")) return "A rest day";
    return "A free day";
  }
  const names = items.map((i) => i.title);
  const named =
    names.length === 1
      ? names[0]
      : names.length === 2
        ? `${names[0]} and ${names[1]}`
        : `${names[0]}, ${names[1]} and ${names.length - 2} more`;
  const area = mainArea(items.filter((i) => i.kind === "activity").map((i) => i.area));
  const title = area ? `${area}: ${named}` : `${named}`;
  return title.length <= MAX_DAY_TITLE ? title : `${title.slice(0, MAX_DAY_TITLE - 1).trimEnd()}…`;
}

/** "3 activities, 2 meals" — or "A free day" — under a folded day on a phone. */
export function daySummary(day: DayContent): string {
  if (day.items.length === 0)
    return day.meals.length ? `A free day, ${plural(day.meals.length, "meal")}` : "A free day";
  return `${plural(day.items.length, "activity", "activities")}, ${plural(day.meals.length, "meal")}`;
}

function mainArea(areas: string[]): string | null {
  const tally = new Map<string, number>();
  for (const a of areas) if (a) tally.set(a, (tally.get(a) ?? 0) + 1);
  let best: string | null = null;
  for (const [area, n] of tally) if (best === null || n > (tally.get(best) ?? 0)) best = area;
  return best;
}
