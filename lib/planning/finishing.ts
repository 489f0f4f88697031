import { climateIn, type DestinationFacts } from "@/lib/facts";
import { MONTH_NAMES } from "@/lib/format";
import type { CatalogActivity } from "@/lib/schemas/catalog";
import type { Finishing } from "@/lib/schemas/itinerary-pipeline";

/**
 * The weather note and packing list: from the destination's climate normals for the
 * months the trip touches and from what the plan has people doing (DESIGN.md "Weather":
 * trips are usually months away, so normals, labelled as such — never a forecast).
 */
export function weatherAndPacking(
  facts: Pick<DestinationFacts, "name" | "climate">,
  months: number[] | null,
  activities: Pick<CatalogActivity, "keywords" | "strenuousness">[],
): Pick<Finishing, "weather" | "packingList"> {
  // Only the months the facts have normals for (researched facts may lack some): no line is made up.
  const climates = (months ?? []).flatMap((m) => climateIn(facts, m) ?? []);
  const weather = weatherNote(facts.name, months, climates);

  const list = [
    "Comfortable walking shoes",
    "ID or passport, and your booking confirmations",
    "A refillable water bottle",
  ];
  const high = Math.max(...climates.map((c) => c.highC), Number.NEGATIVE_INFINITY);
  const low = Math.min(...climates.map((c) => c.lowC), Number.POSITIVE_INFINITY);
  const rain = Math.max(...climates.map((c) => c.rainyDays), 0);
  const humid = climates.some((c) => c.humidity >= 75 && c.highC >= 25);
  if (high >= 27) list.push("Sunscreen and a sun hat", "Light, breathable clothes");
  if (high <= 10) list.push("A warm coat, hat and gloves");
  else if (low <= 10) list.push("Warm layers for the evenings");
  if (rain >= 8) list.push("A compact umbrella or rain jacket");
  if (humid) list.push("Quick-dry clothes");
  const has = (...words: string[]) => activities.some((a) => a.keywords.some((k) => words.includes(k)));
  if (has("swimming", "beach", "snorkeling", "diving", "surfing", "hot spring", "spa"))
    list.push("Swimwear and a towel");
  if (has("hiking", "steep", "climbing") || activities.some((a) => a.strenuousness === "strenuous")) {
    list.push("Sturdy shoes with good grip and a small daypack");
  }
  if (has("religious site", "temple", "church", "mosque", "shrine"))
    list.push("Clothes that cover shoulders and knees for religious sites");
  if (has("boat", "ferry", "cruise", "seasickness")) list.push("Motion-sickness tablets if boats don't agree with you");
  if (has("snow", "ski", "skiing")) list.push("Thermal layers and waterproof gloves");
  if (has("dress code")) list.push("One smart outfit for dinner");
  return { weather, packingList: list.slice(0, 15) };
}

/** The weather line: the travel months' normals; else that there are none for them; else that the dates aren't set. */
function weatherNote(
  name: string,
  months: number[] | null,
  climates: DestinationFacts["climate"],
): Finishing["weather"] {
  if (climates.length) {
    return {
      note: `${name} in ${climates
        .map(
          (c) =>
            `${MONTH_NAMES[c.month - 1]}: highs around ${c.highC}°C and lows around ${c.lowC}°C, about ${c.rainyDays} rainy days, humidity around ${c.humidity}%`,
        )
        .join("; ")}. These are long-term averages, not a forecast.`,
      basis: `Climate normals for ${climates.map((c) => MONTH_NAMES[c.month - 1]).join(" and ")}`,
    };
  }
  if (months?.length) {
    return {
      note: `We have no climate normals for ${name} in ${months.map((m) => MONTH_NAMES[m - 1]).join(" or ")}, so check its weather before you pack.`,
      basis: "No climate normals for the travel months",
    };
  }
  return {
    note: `The dates aren't set yet, so check ${name}'s weather for the month you pick.`,
    basis: "No dates yet",
  };
}
