import { describe, expect, it } from "vitest";
import { allDestinations, findDestination, isDomestic, originRegionOf } from "@/lib/catalog";
import { asiaPacificAmericasDestinations } from "@/lib/catalog/data/asia-pacific-americas";
import { europeAfricaDestinations } from "@/lib/catalog/data/europe-africa";
import { usDestinations } from "@/lib/catalog/data/us";
import { CatalogDestination } from "@/lib/schemas/catalog";
import type { Vibe } from "@/lib/schemas/preferences";

/** The raw entries, before `allDestinations()` parses them (so a bad one is named, not just thrown). */
const rawEntries = [...usDestinations, ...europeAfricaDestinations, ...asiaPacificAmericasDestinations];

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

  it("gives every destination at least 15 activities", () => {
    const thin = destinations.filter((d) => d.activities.length < 15).map((d) => `${d.slug} (${d.activities.length})`);
    expect(thin).toEqual([]);
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

describe("originRegionOf maps a member's free-text origin to a pricing region", () => {
  it.each([
    ["Boston", "us-east"],
    ["Austin, TX", "us-central"],
    ["Seattle", "us-west"],
    ["London", "europe"],
    ["Tokyo", "asia"],
    ["  new YORK city ", "us-east"],
    ["Washington, DC", "us-east"],
    ["Washington State", "us-west"],
    ["Toronto, Canada", "canada"],
    ["Bogotá", "latin-america"],
  ] as const)("%s → %s", (origin, region) => {
    expect(originRegionOf(origin)).toBe(region);
  });

  it.each(["Atlantis", "Springfield", "", "   "])("an unknown origin %j → null", (origin) => {
    expect(originRegionOf(origin)).toBeNull();
  });

  it("no origin at all → null", () => {
    expect(originRegionOf(null)).toBeNull();
  });

  it("does not match a place name inside a longer word", () => {
    // "la" (Los Angeles) and "or" (Oregon) must not fire inside "Lagos" or "Oregano".
    expect(originRegionOf("Lagos")).toBe("africa");
    expect(originRegionOf("Oregano")).toBeNull();
  });
});
