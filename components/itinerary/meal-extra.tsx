import { formatUsd } from "@/lib/format";
import type { MealStop } from "@/lib/schemas/itinerary";
import type { MemberCost } from "@/lib/schemas/money";

/**
 * Under a meal over the food allowance: what it adds to the viewer's own total (their
 * ledger's named extra), or, when it adds nothing for them (a higher stay's allowance
 * covers it) but does for someone, that it is a splurge priced as an extra.
 */
export function MealExtra({ meal, costs, viewerId }: { meal: MealStop; costs: MemberCost[]; viewerId: string }) {
  const extraFor = (c: MemberCost | undefined) =>
    c?.lines.find((l) => l.item === "food-extra" && l.mealKey === meal.key);
  const mine = extraFor(costs.find((c) => c.memberId === viewerId));
  const anyone = costs.some((c) => extraFor(c));
  if (!mine && !anyone) return null;
  return (
    <p className="ml-15 text-xs text-amber-800">
      {mine
        ? `Over the day's food allowance: +${formatUsd(mine.usd)} on your total, as a named extra.`
        : "Over the day's food allowance for some of the group: priced into their totals as an extra."}
    </p>
  );
}
