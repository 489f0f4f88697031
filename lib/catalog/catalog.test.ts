import { describe, expect, it } from "vitest";
import { allDestinations, findDestination, isDomestic } from "@/lib/catalog";
import { catalogGaps } from "@/lib/catalog/completeness";
import { catalogSeed } from "@/lib/catalog/destinations";
import { CatalogDestination } from "@/lib/schemas/catalog";
import type { Vibe } from "@/lib/schemas/preferences";

/** The raw entries, before `allDestinations()` parses them (so a bad one is named, not just thrown). */
const rawEntries = catalogSeed;

describe("every catalog entry matches its schema", () => {
  it.each(rawEntries.map((entry) => [entry.slug, entry] as const))("%s parses with CatalogDestination", (_, entry) => {
    const result = CatalogDestination.safeParse(entry);
    const problems = result.success
      ? []
      : result.error.issues.map((issue) => `${entry.slug}: ${issue.path.join(".")}: ${issue.message}`);
    expect(problems).toEqual([]);
  });

  it("allDestinations() returns every entry, parsed, in file order", () => {
    expect(allDestinations().map((d) => d.slug)).toEqual(rawEntries.map((d) => d.slug));
  });
});

describe("the catalog is broad enough to plan any group", () => {
  const destinations = allDestinations();
  const withVibe = (vibe: Vibe) => destinations.filter((d) => d.vibes.includes(vibe)).map((d) => d.slug);

  it("has at least 30 destinations", () => {
    expect(destinations.length).toBeGreaterThanOrEqual(30);
  });

  it("has no duplicate slugs", () => {
    const slugs = destinations.map((d) => d.slug);
    const duplicates = slugs.filter((slug, i) => slugs.indexOf(slug) !== i);
    expect(duplicates).toEqual([]);
  });

  it("spans at least 5 world regions", () => {
    expect(new Set(destinations.map((d) => d.region)).size).toBeGreaterThanOrEqual(5);
  });

  it("has both domestic (US) and international destinations", () => {
    expect(destinations.some((d) => d.countryCode === "US")).toBe(true);
    expect(destinations.some((d) => d.countryCode !== "US")).toBe(true);
  });

  it.each(["beach", "city", "nature", "winter-sports"] as const)(
    "has at least 3 destinations with the %s vibe",
    (vibe) => {
      expect(withVibe(vibe).length).toBeGreaterThanOrEqual(3);
    },
  );

  it("has what a 10-day packed itinerary needs in every destination (activities, meals, hours, coordinates, sources)", () => {
    expect(destinations.flatMap(catalogGaps)).toEqual([]);
  });
});

describe("catalog facts the validators rely on", () => {
  const destinations = allDestinations();

  it("places every activity in one of its destination's areas", () => {
    const misplaced = destinations.flatMap((d) => {
      const areas = new Set(d.areas.map((a) => a.name));
      return d.activities.filter((a) => !areas.has(a.area)).map((a) => `${d.slug}/${a.id}: "${a.area}"`);
    });
    expect(misplaced).toEqual([]);
  });

  it("cites only https sources", () => {
    const insecure = destinations.flatMap((d) =>
      d.sources.filter((s) => new URL(s.url).protocol !== "https:").map((s) => `${d.slug}: ${s.url}`),
    );
    expect(insecure).toEqual([]);
  });

  it("keeps activity ids unique within each destination", () => {
    const duplicated = destinations.flatMap((d) => {
      const ids = d.activities.map((a) => a.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `${d.slug}/${id}`);
    });
    expect(duplicated).toEqual([]);
  });
});

describe("findDestination and isDomestic", () => {
  it("finds a destination by slug and returns undefined for an unknown one", () => {
    expect(findDestination("tokyo")?.name).toBe("Tokyo");
    expect(findDestination("atlantis")).toBeUndefined();
  });

  it("treats exactly the US entries as domestic", () => {
    for (const d of allDestinations()) expect(isDomestic(d), d.slug).toBe(d.countryCode === "US");
  });
});
