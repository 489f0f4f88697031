import { formatUsd } from "@/lib/format";
import type { CatalogMeal } from "@/lib/schemas/catalog";
import { FOOD_SHARE_OF_DAILY, type LedgerLine } from "@/lib/schemas/money";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * Food within what the costs promise. The daily figure covers lodging, food and local
 * transport; `FOOD_SHARE_OF_DAILY` of it is the day's food allowance. The planner chooses
 * meals within it, unless a member asked for the splurge:
 * - a must-have or a suggestion that names the restaurant ("dinner at Alinea"), or
 * - "fine dining", "tasting menu", "Michelin" or "splurge" in a must-have or suggestion:
 *   then one tasting-menu or fine-dining meal for the trip.
 * Notes don't count: "no fancy dinners" reads much like "a fancy dinner" to a word match.
 * The "food" vibe alone is not a request to spend past the figure (plenty of food lovers are
 * on a budget). A day whose meals still cost more than a member's own allowance adds the
 * difference to that member's total as a named extra ("Alinea dinner (day 2): $330 over
 * the $120 food allowance").
 */

export function foodAllowance(dailyUsd: number): number {
  return Math.round(dailyUsd * FOOD_SHARE_OF_DAILY);
}

export type PlannedMeal = { key: string; name: string; meal: string; typicalCostPerPerson: number };
export type DayMeals = { day: number; meals: PlannedMeal[] };

/** One ledger line for each day whose meals cost more than the allowance, named after the day's priciest meal. */
export function foodExtraLines(days: readonly DayMeals[], dailyUsd: number, tier: string): LedgerLine[] {
  const allowance = foodAllowance(dailyUsd);
  return days.flatMap((d) => {
    const total = d.meals.reduce((sum, m) => sum + m.typicalCostPerPerson, 0);
    const priciest = [...d.meals].sort((a, b) => b.typicalCostPerPerson - a.typicalCostPerPerson)[0];
    if (total <= allowance || !priciest) return [];
    const extra = total - allowance;
    return [
      {
        item: "food-extra" as const,
        label: `${priciest.name} ${priciest.meal} (day ${d.day}): +${formatUsd(extra)} over the food allowance`,
        usd: extra,
        basis: `day ${d.day}'s meals come to ${formatUsd(total)} against a ${formatUsd(allowance)} food allowance (half the ${formatUsd(dailyUsd)} daily figure at ${tier} level)`,
        mealKey: priciest.key,
      },
    ];
  });
}

const FINE_DINING_WORDS = ["fine dining", "tasting menu", "michelin", "splurge"];

/** What the group asked to splurge on: restaurants someone named, and whether someone asked for fine dining. */
export function splurgesAsked(
  meals: readonly Pick<CatalogMeal, "id" | "name">[],
  members: readonly { preferences: Pick<MemberPreferences, "mustHaves"> | null }[],
  suggestions: readonly string[],
): { mealIds: string[]; fineDining: boolean } {
  // Only what someone asked for outright: a must-have or a suggestion (notes say as much "no
  // fancy dinners" as "a fancy dinner", so they don't open the purse).
  const texts = [...members.flatMap((m) => m.preferences?.mustHaves ?? []), ...suggestions].map(fold);
  return {
    mealIds: meals.filter((m) => texts.some((t) => mentions(t, fold(m.name)))).map((m) => m.id),
    fineDining: texts.some((t) => FINE_DINING_WORDS.some((w) => t.includes(w))),
  };
}

/** A tasting menu or fine dining, by what the facts say the place is. */
export function isFineDining(meal: Pick<CatalogMeal, "cuisine" | "keywords">): boolean {
  return /tasting|fine dining|kaiseki/i.test(meal.cuisine) || meal.keywords.includes("tasting");
}

/** The name as whole words ("Dill" is not in "dilly-dallying"). */
function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(text);
}

function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ");
}
