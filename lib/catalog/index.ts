import { catalogSeed } from "@/lib/catalog/destinations";
import { type CatalogDestination, CatalogDestination as DestinationSchema } from "@/lib/schemas/catalog";

/**
 * The offline destination knowledge base. Parsed once with its schema when first used,
 * so a bad entry fails loudly (and the catalog test names it) instead of reaching a card.
 */

let parsed: readonly CatalogDestination[] | undefined;

export function allDestinations(): readonly CatalogDestination[] {
  parsed ??= catalogSeed.map((d) => DestinationSchema.parse(d));
  return parsed;
}

export function findDestination(slug: string): CatalogDestination | undefined {
  return allDestinations().find((d) => d.slug === slug);
}

export function isDomestic(destination: Pick<CatalogDestination, "countryCode">): boolean {
  return destination.countryCode === "US";
}
