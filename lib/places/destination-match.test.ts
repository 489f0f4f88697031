import { describe, expect, it } from "vitest";
import { matchDestination } from "@/lib/places/destination-match";

/** What a member typed as a place they'd love to go → the catalog destination it names. */
const MATCHED: [typed: string, slug: string][] = [
  ["lisbon", "lisbon"],
  ["Lisbon", "lisbon"],
  ["Lisboa", "lisbon"],
  ["NYC", "new-york-city"],
  ["New York", "new-york-city"],
  ["new york city", "new-york-city"],
  ["Mexico City", "mexico-city"],
  ["CDMX", "mexico-city"],
  ["Bali", "bali-ubud"],
  ["  BALI ", "bali-ubud"],
  ["Ubud", "bali-ubud"],
  ["Reykjavík", "reykjavik"],
  ["reykjavik", "reykjavik"],
  ["Marrakesh", "marrakech"],
  ["Roma", "rome"],
  ["Moab", "moab"],
  ["Oahu", "honolulu"],
  ["Kyoto, Japan", "kyoto"],
  ["Paris, France", "paris"],
  ["Miami", "miami-beach"],
  // A country with one destination we know.
  ["Peru", "cusco"],
  ["new-york-city", "new-york-city"],
];

describe("matching a suggested place to the catalog", () => {
  it.each(MATCHED)("%s → %s", (typed, slug) => {
    expect(matchDestination(typed)?.slug).toBe(slug);
  });

  it.each([
    // Real places we have no facts for.
    "Hanoi",
    "Paris, Texas",
    // A country with several destinations is not one of them.
    "Japan",
    // A town 40 km from Cape Town is not Cape Town; a made-up place is nowhere.
    "Atlantis",
    "Narnia",
    // Several real places share the name, none near a destination.
    "Springfield",
    "",
    "   ",
  ])("%j matches nothing", (typed) => {
    expect(matchDestination(typed)).toBeNull();
  });
});
