import type { DayChoice } from "@/components/itinerary/hand-edits";
import { formatDay } from "@/lib/format";
import { slotsOf } from "@/lib/planning/itinerary-allocation";
import type { Itinerary } from "@/lib/schemas/itinerary";

/**
 * The days an organizer's hand edit may go to: each day's parts, and what an item of their
 * own may replace there (unlocked activities, and the planned lunch and dinner).
 */
export function dayChoicesOf(itinerary: Itinerary | undefined): DayChoice[] {
  return (itinerary?.days ?? []).map((d, _, all) => ({
    day: d.day,
    label: d.date ? `Day ${d.day} · ${formatDay(d.date)}` : `Day ${d.day}`,
    slots: slotsOf(d.day, all.length),
    replaceable: [
      ...d.items
        .filter((i) => !i.locked && !(i.kind === "custom" && i.meal))
        .map((i) => ({ key: i.key, label: i.title, slot: i.slot })),
      ...d.meals.flatMap((m) =>
        m.meal === "lunch" || m.meal === "dinner"
          ? [{ key: m.key, label: `${m.meal === "lunch" ? "Lunch" : "Dinner"} at ${m.name}`, slot: null }]
          : [],
      ),
    ],
  }));
}
