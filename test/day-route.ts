import type { ItineraryDay, ItineraryItem, MealStop } from "@/lib/schemas/itinerary";

/**
 * A Lisbon day built by hand from catalog venues, for the route tests (distances worked out
 * in lib/planning/day-route.test.ts):
 *   09:00  São Jorge Castle              38.7139, -9.1335
 *   11:15  Lisbon Cathedral (Sé)         38.7098, -9.1335   walk from the castle
 *   13:30  Jerónimos Monastery           38.6979, -9.2064   public transport from the Sé
 *   16:00  the organizer's own item      (no place)
 *   18:30  dinner at Prado               38.7098, -9.134
 */

export function activityItem(
  activityId: string,
  title: string,
  startTime: string,
  durationHours: number,
): ItineraryItem {
  return {
    key: `a:${activityId}`,
    kind: "activity",
    activityId,
    title,
    description: "",
    area: "Alfama & Graça",
    slot: startTime < "12:30" ? "morning" : startTime < "19:00" ? "afternoon" : "evening",
    startTime,
    durationHours,
    costPerPerson: 0,
    tips: [],
    source: null,
    locked: false,
  };
}

export function customItem(title: string, startTime: string): ItineraryItem {
  return {
    ...activityItem("x", title, startTime, 2),
    key: "c:own-1",
    kind: "custom",
    activityId: null,
    area: "Your own plan",
  };
}

export function mealStop(mealId: string, name: string, meal: MealStop["meal"], time: string): MealStop {
  return {
    key: `m:${mealId}`,
    mealId,
    name,
    meal,
    time,
    area: "Alfama & Graça",
    cuisine: "Portuguese",
    typicalCostPerPerson: 40,
    source: { title: `${name} (official site)`, url: "https://example.org/prado" },
  };
}

export const CASTLE = activityItem("sao-jorge-castle", "São Jorge Castle", "09:00", 2);
export const SE = activityItem("lisbon-cathedral-se", "Lisbon Cathedral (Sé)", "11:15", 1);
export const JERONIMOS = activityItem("jeronimos-monastery", "Jerónimos Monastery", "13:30", 1.5);
export const OWN = customItem("Tea at a friend's flat", "16:00");
export const PRADO = mealStop("prado-lisboa", "Prado", "dinner", "18:30");

export function lisbonDay(n: number, items: ItineraryItem[], meals: MealStop[] = []): ItineraryDay {
  return { day: n, date: `2027-05-1${n}`, title: `Day ${n}`, items, meals, note: null };
}
