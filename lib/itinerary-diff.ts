import type { Itinerary, Slot } from "@/lib/schemas/itinerary";

/**
 * What changed from one version of the plan to the next, in the group's terms: activities
 * added, removed, moved (another day or time of day) or changed (time, price, words), and
 * each member's total before and after. Items are matched by their stable key.
 */

export type Placement = { day: number; slot: Slot };
export type ItineraryDiff = {
  added: { key: string; title: string; at: Placement }[];
  removed: { key: string; title: string; at: Placement }[];
  moved: { key: string; title: string; from: Placement; to: Placement }[];
  changed: { key: string; title: string; what: string[] }[];
  costs: { memberId: string; before: number; after: number }[];
};

export function diffItineraries(before: Itinerary, after: Itinerary): ItineraryDiff {
  const index = (plan: Itinerary) =>
    new Map(
      plan.days.flatMap((d) =>
        d.items.map((item) => [item.key, { item, at: { day: d.day, slot: item.slot } }] as const),
      ),
    );
  const was = index(before);
  const is = index(after);
  const diff: ItineraryDiff = { added: [], removed: [], moved: [], changed: [], costs: [] };
  for (const [key, now] of is) {
    const then = was.get(key);
    if (!then) {
      diff.added.push({ key, title: now.item.title, at: now.at });
      continue;
    }
    if (then.at.day !== now.at.day || then.at.slot !== now.at.slot) {
      diff.moved.push({ key, title: now.item.title, from: then.at, to: now.at });
    }
    const what = [
      then.item.startTime !== now.item.startTime ? "time" : null,
      then.item.costPerPerson !== now.item.costPerPerson ? "price" : null,
      then.item.title !== now.item.title ? "name" : null,
      then.item.locked !== now.item.locked ? (now.item.locked ? "locked" : "unlocked") : null,
    ].filter((x): x is string => x !== null);
    if (what.length) diff.changed.push({ key, title: now.item.title, what });
  }
  for (const [key, then] of was) if (!is.has(key)) diff.removed.push({ key, title: then.item.title, at: then.at });
  for (const cost of after.costs) {
    const old = before.costs.find((c) => c.memberId === cost.memberId);
    if (old && old.total !== cost.total)
      diff.costs.push({ memberId: cost.memberId, before: old.total, after: cost.total });
  }
  return diff;
}

export function isEmptyDiff(diff: ItineraryDiff): boolean {
  return !diff.added.length && !diff.removed.length && !diff.moved.length && !diff.changed.length && !diff.costs.length;
}
