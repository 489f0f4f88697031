import { countries } from "countries-list";
import { allDestinations } from "@/lib/catalog";
import { CATALOG_VERSION } from "@/lib/catalog/destinations";
import type { Continent } from "@/lib/places/gazetteer";
import type { DestinationFacts, MonthClimate } from "@/lib/schemas/catalog";

/**
 * The one way agents, pricing and validators read a destination (DESIGN.md "Destination
 * facts"): areas, activities, meals, climate by month, fares by origin, timezone,
 * coordinates, practical notes and sources. Offline it is served by the catalog; a run
 * records the facts it used (lib/db/queries/destination-facts.ts), and whatever reads a
 * stored plan or pack later reads those, not the catalog as it is now.
 */

export type { DestinationFacts };

let facts: readonly DestinationFacts[] | undefined;

export function allFacts(): readonly DestinationFacts[] {
  facts ??= allDestinations().map((d) => ({
    ...d,
    continent: (countries[d.countryCode as keyof typeof countries]?.continent ?? "NA") as Continent,
    provenance: { kind: "catalog", version: CATALOG_VERSION },
  }));
  return facts;
}

export function factsFor(slug: string): DestinationFacts | undefined {
  return allFacts().find((d) => d.slug === slug);
}

/**
 * A run's facts for `slug`: a place researched for this run (`places`, on Gemini) or, for
 * the itinerary, the researched facts its destination was recommended with; else the catalog's.
 */
export function factsIn(
  places: readonly { facts: DestinationFacts }[] | undefined,
  slug: string,
): DestinationFacts | undefined {
  return places?.find((p) => p.facts.slug === slug)?.facts ?? factsFor(slug);
}

/**
 * The month's long-term averages (1 = January), found by the entry's own `month`;
 * undefined when the facts don't have that month (researched facts cover only the months asked about).
 */
export function climateIn(destination: { climate: readonly MonthClimate[] }, month: number): MonthClimate | undefined {
  return destination.climate.find((c) => c.month === month);
}

export { type Travel, travelBetween } from "@/lib/facts/travel";
