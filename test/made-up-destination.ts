import type { DestinationFacts } from "@/lib/facts";
import type { CatalogActivity, CatalogMeal } from "@/lib/schemas/catalog";

/**
 * Made-up destinations for tests whose expected figures are worked out by hand: small,
 * round numbers that can't drift with the real catalog.
 */

export const activity = (id: string, costUsd: number, extra: Partial<CatalogActivity> = {}): CatalogActivity => ({
  id,
  title: id.replace(/-/g, " "),
  description: "A made-up activity for the validator's hand-computed examples.",
  area: "Old Town",
  costUsd,
  durationHours: 2,
  bestTime: "morning",
  vibes: ["culture"],
  involvesFood: false,
  dietaryOptions: [],
  accessibility: ["wheelchair", "step-free", "limited-walking"],
  strenuousness: "easy",
  keywords: [],
  coordinates: { lat: 38.72, lon: -9.14 },
  hours: null,
  tips: ["Go early in the day."],
  source: { title: "Made-up venue", url: `https://example.org/${id}` },
  ...extra,
});

/** Paid activities cost 10, 20, 30 and 40: the median ticket (lower middle) is $20. */
export function destination(
  slug: string,
  name: string,
  countryCode: string,
  extra: Partial<DestinationFacts> = {},
): DestinationFacts {
  return {
    slug,
    name,
    country: countryCode === "PT" ? "Portugal" : "Spain",
    countryCode,
    region: "europe",
    continent: "EU",
    coordinates: { lat: 38.72, lon: -9.14 },
    timezone: "Europe/Lisbon",
    summary: "A made-up destination whose numbers are easy to add up by hand for these tests.",
    vibes: ["culture", "food"],
    dailyCostUsd: { budget: 100, midrange: 180, premium: 320 },
    gettingThereUsd: {
      "us-east": 700,
      "us-central": 850,
      "us-west": 950,
      canada: 850,
      "latin-america": 1000,
      europe: 150,
      africa: 650,
      "middle-east": 600,
      asia: 1000,
      oceania: 1600,
    },
    climate: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, highC: 24, lowC: 15, rainyDays: 5, humidity: 60 })),
    areas: [
      {
        name: "Old Town",
        description: "The old town, where everything here happens.",
        coordinates: { lat: 38.71, lon: -9.13 },
      },
      { name: "Harbour", description: "The harbour, with its boats.", coordinates: { lat: 38.7, lon: -9.16 } },
      { name: "Hills", description: "The hills above town.", coordinates: { lat: 38.73, lon: -9.15 } },
    ],
    accessibility: ["wheelchair", "step-free", "limited-walking"],
    dietary: ["vegetarian"],
    keywords: [],
    activities: [
      activity(`${slug}-museum`, 10),
      activity(`${slug}-gallery`, 20),
      activity(`${slug}-cruise`, 30, { keywords: ["boat"], title: "Harbour cruise", area: "Harbour" }),
      activity(`${slug}-tour`, 40),
      activity(`${slug}-park`, 0, { bestTime: "evening" }),
      activity(`${slug}-viewpoint`, 0, { bestTime: "evening" }),
    ],
    meals: [],
    practical: {
      currency: "EUR",
      languages: ["Portuguese"],
      emergencyNumber: "112",
      airport: { code: "TST", name: "Testville Airport" },
      airportTransfer: "A made-up metro line to the centre in 20 minutes.",
      localTransport: ["Made-up trams everywhere."],
      passes: [],
      safety: "Made up for tests, and perfectly safe.",
      health: "Made up for tests; drink the tap water.",
      stayAreas: [
        { area: "Old Town", why: "Made up: everything is close by.", tiers: ["budget"], accessibility: [] },
        { area: "Harbour", why: "Made up: quiet at night by the water.", tiers: ["midrange"], accessibility: [] },
      ],
      sources: [{ title: "Made up", url: "https://example.org/practical" }],
    },
    tips: ["Bring comfortable shoes.", "Book ahead in summer.", "Carry cash for markets."],
    sources: [
      { title: "Tourism board", url: `https://example.org/${slug}` },
      { title: "Guide", url: `https://example.org/${slug}/guide` },
    ],
    provenance: { kind: "catalog", version: "test" },
    ...extra,
  };
}

export const meal = (id: string, costUsd: number, extra: Partial<CatalogMeal> = {}): CatalogMeal => ({
  id,
  name: id.replace(/-/g, " "),
  description: "A made-up place to eat for hand-computed examples.",
  area: "Old Town",
  coordinates: { lat: 38.72, lon: -9.14 },
  meals: ["lunch", "dinner"],
  cuisine: "Made-up",
  costUsd,
  dietaryOptions: ["vegetarian"],
  accessibility: ["wheelchair", "step-free"],
  keywords: [],
  hours: { open: "11:00", close: "23:00", closedOn: [] },
  source: { title: "Made-up place", url: `https://example.org/eat/${id}` },
  ...extra,
});
