import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MealStop } from "@/lib/schemas/itinerary";
import type { MemberCost } from "@/lib/schemas/money";
import { textOf as text } from "@/test/markup";
import { MealExtra } from "./meal-extra";

const alinea: MealStop = {
  key: "m:alinea:2:dinner",
  mealId: "alinea",
  name: "Alinea",
  meal: "dinner",
  time: "18:30",
  area: "Lincoln Park & Old Town",
  cuisine: "Modern American tasting menu",
  typicalCostPerPerson: 450,
  source: { title: "Alinea", url: "https://www.alinearestaurant.com/" },
};

const cost = (memberId: string, extra: number | null): MemberCost => ({
  memberId,
  tier: "midrange",
  tierNote: null,
  lines: [
    { item: "stay", label: "Lodging, food and local transport (midrange)", usd: 960, basis: "4 nights × $240" },
    ...(extra === null
      ? []
      : [
          {
            item: "food-extra" as const,
            label: `Alinea dinner (day 2): +$${extra} over the food allowance`,
            usd: extra,
            basis: "",
            mealKey: alinea.key,
          },
        ]),
  ],
  total: 960 + (extra ?? 0),
  travel: { mode: "home", km: 0, hours: 0 },
  verified: true,
  overBy: 0,
  breaksHardCap: false,
});

describe("a meal over the food allowance, on the plan", () => {
  it("tells the viewer what it adds to their own total", () => {
    const html = renderToStaticMarkup(<MealExtra meal={alinea} costs={[cost("ana", 360)]} viewerId="ana" />);
    expect(text(html).trim()).toBe("Over the day's food allowance: +$360 on your total, as a named extra.");
  });

  it("says it is priced for others when the viewer's own allowance covers it, and nothing for a meal within everyone's", () => {
    const costs = [cost("ana", null), cost("ben", 210)];
    expect(text(renderToStaticMarkup(<MealExtra meal={alinea} costs={costs} viewerId="ana" />)).trim()).toBe(
      "Over the day's food allowance for some of the group: priced into their totals as an extra.",
    );
    expect(renderToStaticMarkup(<MealExtra meal={alinea} costs={[cost("ana", null)]} viewerId="ana" />)).toBe("");
  });
});
