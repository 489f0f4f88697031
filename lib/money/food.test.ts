import { describe, expect, it } from "vitest";
import { memberConstraints } from "@/lib/constraints/member";
import { factsFor } from "@/lib/facts";
import { foodAllowance, foodExtraLines, splurgesAsked } from "@/lib/money/food";
import { allocate } from "@/lib/planning/itinerary-allocation";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";

const chicago = factsFor("chicago");
if (!chicago) throw new Error("catalog entry missing");

const meal = (key: string, name: string, usd: number, at = "dinner") => ({
  key,
  name,
  meal: at,
  typicalCostPerPerson: usd,
});

describe("the food allowance and its extras", () => {
  it("is half the daily figure: $240 a day at midrange gives $120 for food", () => {
    expect(foodAllowance(240)).toBe(120);
    expect(foodAllowance(130)).toBe(65);
  });

  it("a $450 dinner alone against $240 a day: +$330, named after the meal; a day within it adds nothing", () => {
    const lines = foodExtraLines(
      [
        { day: 1, meals: [meal("m:alinea:1:dinner", "Alinea", 450)] },
        {
          day: 2,
          meals: [meal("m:lou:2:lunch", "Lou Malnati's", 25, "lunch"), meal("m:gage:2:dinner", "The Gage", 40)],
        },
      ],
      240,
      "midrange",
    );
    expect(lines).toEqual([
      {
        item: "food-extra",
        label: "Alinea dinner (day 1): +$330 over the food allowance",
        usd: 330,
        basis:
          "day 1's meals come to $450 against a $120 food allowance (half the $240 daily figure at midrange level)",
        mealKey: "m:alinea:1:dinner",
      },
    ]);
  });

  it("a splurge is asked for by a must-have or suggestion naming the place, or by asking for fine dining — not by notes", () => {
    const prefs = (over: Partial<MemberPreferences>) => ({ preferences: { ...emptyPreferences(), ...over } });
    expect(splurgesAsked(chicago.meals, [prefs({ mustHaves: ["Dinner at Alinea"] })], [])).toEqual({
      mealIds: ["alinea"],
      fineDining: false,
    });
    expect(splurgesAsked(chicago.meals, [prefs({})], ["Could we do a tasting menu one night?"])).toEqual({
      mealIds: [],
      fineDining: true,
    });
    expect(splurgesAsked(chicago.meals, [prefs({ notes: "No Alinea-style fine dining for me" })], [])).toEqual({
      mealIds: [],
      fineDining: false,
    });
  });

  it("asked for fine dining in Chicago: exactly one tasting-menu dinner (Alinea, the only one), every other day within $120", () => {
    const members = [0, 1].map((i) =>
      memberConstraints({
        id: `m${i}`,
        name: `M${i}`,
        preferences: { ...emptyPreferences(), accommodation: "midrange", origin: "Detroit", vibes: ["city"] },
      }),
    );
    const allocation = allocate({
      facts: chicago,
      members,
      brief: { start: "2027-06-12", nights: 4, days: 5, pace: "balanced" },
      taste: { liked: ["city"], disliked: [] },
      previous: null,
      feedback: [],
      groupTier: "midrange",
      splurges: { mealIds: [], fineDining: true },
    });
    const cost = (id: string) => chicago.meals.find((m) => m.id === id)?.costUsd ?? 0;
    const ids = allocation.days.flatMap((d) => d.meals.map((m) => m.mealId));
    expect(ids.filter((id) => id === "alinea")).toHaveLength(1);
    for (const day of allocation.days) {
      if (day.meals.some((m) => m.mealId === "alinea")) continue;
      expect(
        day.meals.reduce((sum, m) => sum + cost(m.mealId), 0),
        `day ${day.day}`,
      ).toBeLessThanOrEqual(120);
    }
  });
});
