import "server-only";
import type { DestinationFacts } from "@/lib/facts";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { FOOD_SHARE_OF_DAILY, type MemberCost } from "@/lib/schemas/money";
import type { MemberView } from "@/lib/validation/member-view";
import type { Tier } from "@/lib/validation/rules";

/**
 * The validator's own reading of food against the allowance, from raw facts (each meal's
 * price as the destination's facts give it, the daily figure at a stay level) and raw
 * answers — never the planner's numbers: a day whose meals cost more than half the daily
 * figure adds the difference to the member's total as a line naming the day's priciest
 * meal; and a meal that alone costs more than a day's food is there only because a member
 * asked for it (named it in a must-have or a suggestion, or asked for fine dining).
 */

type Violation = { day: number | null; rule: string; message: string; itemKey?: string };

type DayExtra = { day: number; usd: number; priciest: string; allowance: number };

/** Each day's meals over the food allowance at `tier`, priced from the facts. */
export function foodExtrasAt(itinerary: Itinerary, facts: DestinationFacts, tier: Tier): DayExtra[] {
  const allowance = Math.round(facts.dailyCostUsd[tier] * FOOD_SHARE_OF_DAILY);
  return itinerary.days.flatMap((d) => {
    const priced = d.meals.map((m) => ({
      name: m.name,
      usd: facts.meals.find((f) => f.id === m.mealId)?.costUsd ?? m.typicalCostPerPerson,
    }));
    const total = priced.reduce((sum, m) => sum + m.usd, 0);
    const top = priced.reduce<(typeof priced)[number] | null>((a, b) => (a && a.usd >= b.usd ? a : b), null);
    return total > allowance && top ? [{ day: d.day, usd: total - allowance, priciest: top.name, allowance }] : [];
  });
}

/** The member's food-extra lines must be exactly the days over their allowance, each named and priced. */
export function checkFoodLines(
  claimed: MemberCost,
  expected: DayExtra[],
  name: string,
  v: (message: string) => void,
): void {
  const lines = claimed.lines.filter((l) => l.item === "food-extra");
  for (const e of expected) {
    const line = lines.find((l) => l.label.includes(`(day ${e.day})`));
    if (!line) v(`${name}'s day ${e.day} meals are $${e.usd} over the food allowance: add it as an extra.`);
    else if (line.usd !== e.usd || !line.label.includes(e.priciest) || !/over the food allowance/.test(line.label))
      v(`${name}'s extra for day ${e.day} is "${e.priciest}": $${e.usd} over the food allowance.`);
  }
  for (const l of lines) {
    if (!expected.some((e) => l.label.includes(`(day ${e.day})`)))
      v(`${name} has a food extra ("${l.label}") where the day's meals fit the allowance.`);
  }
}

const FINE_DINING = ["fine dining", "tasting menu", "michelin", "splurge"];

/** A meal that costs more than a whole day's food for someone, that no member asked for, is refused. */
export function checkSplurges(
  itinerary: Itinerary,
  facts: DestinationFacts,
  members: MemberView[],
  tierOf: (m: MemberView) => Tier,
  suggestions: string[],
): Violation[] {
  if (members.length === 0) return [];
  const asks = [...members.flatMap((m) => m.prefs.mustHaves), ...suggestions].map((t) => t.toLowerCase());
  const fineDiningAsked = asks.some((t) => FINE_DINING.some((w) => t.includes(w)));
  const smallest = Math.min(...members.map((m) => Math.round(facts.dailyCostUsd[tierOf(m)] * FOOD_SHARE_OF_DAILY)));
  const out: Violation[] = [];
  let fineDiningUsed = false;
  for (const day of itinerary.days) {
    for (const meal of day.meals) {
      const venue = facts.meals.find((f) => f.id === meal.mealId);
      if (!venue || venue.costUsd <= smallest) continue;
      const named = asks.some((t) => t.includes(venue.name.toLowerCase()));
      const fine = /tasting|fine dining|kaiseki/i.test(venue.cuisine) || venue.keywords.includes("tasting");
      if (named) continue;
      if (fineDiningAsked && fine && !fineDiningUsed) {
        fineDiningUsed = true;
        continue;
      }
      out.push({
        day: day.day,
        rule: "food-allowance",
        message: `Day ${day.day}, ${meal.meal} at ${venue.name}: $${venue.costUsd} is more than a day's $${smallest} food allowance, and nobody asked for it.`,
        itemKey: meal.key,
      });
    }
  }
  return out;
}
