import { readdirSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BeforeYouGoDisclosure, BeforeYouGoSection } from "@/components/destination/before-you-go";
import { allFacts } from "@/lib/facts";
import { type FlightSearch, NO_NEEDS, travelerEssentials } from "@/lib/facts/essentials";
import { textOf as text } from "@/test/markup";

/**
 * Every destination in the catalog has what "Where to stay & getting around" and "Before
 * you go" need (the catalog schema requires the fields; this checks they render, non-empty,
 * on a card and on the share page).
 */

const flight: FlightSearch = { kind: "flight", from: "Boston", url: "https://www.google.com/travel/flights?q=x" };

describe("every catalog destination", () => {
  it("covers every destination file in the catalog", () => {
    const files = readdirSync("lib/catalog/destinations").filter((f) => f.endsWith(".json"));
    expect(
      allFacts()
        .map((f) => `${f.slug}.json`)
        .sort(),
    ).toEqual(files.sort());
  });

  for (const facts of allFacts()) {
    it(`${facts.name}: a card's disclosure and the share page's section show stay areas, getting around and essentials`, () => {
      const onCard = travelerEssentials(facts, { tiers: ["midrange"], accessibility: ["step-free"] });
      const card = text(
        renderToStaticMarkup(
          <BeforeYouGoDisclosure
            essentials={onCard}
            flight={flight}
            dates={{ start: "2027-06-01", end: "2027-06-08" }}
          />,
        ),
      );
      const shared = text(
        renderToStaticMarkup(
          <BeforeYouGoSection essentials={travelerEssentials(facts, NO_NEEDS)} flight={null} dates={null} />,
        ),
      );
      const p = facts.practical;
      expect(onCard.stayAreas.length).toBeGreaterThanOrEqual(2);
      expect(onCard.stayAreas.every((s) => s.fit !== null && s.why.length > 0)).toBe(true);
      for (const shown of [card, shared]) {
        for (const s of p.stayAreas) {
          expect(shown).toContain(s.area);
          expect(shown).toContain(s.why);
        }
        expect(shown).toContain(`${p.airport.name}, ${p.airport.code}`);
        expect(shown).toContain(p.airportTransfer);
        for (const t of p.localTransport) expect(shown).toContain(t);
        expect(shown).toContain(`Emergency number ${p.emergencyNumber}`);
        expect(shown).toContain(`(${p.currency})`);
        expect(shown).toContain(p.safety);
        expect(shown).toContain(p.health);
        expect(shown).toContain("Check the entry rules for your passport");
        for (const s of p.sources) expect(shown).toContain(s.title);
      }
      expect(card).toContain("Search flights from Boston");
      expect(shared).not.toContain("Search flights");
    });
  }
});
