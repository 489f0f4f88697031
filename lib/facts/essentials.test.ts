import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import { beforeYouGoFor, groupNeedsOf, NO_NEEDS, travelerEssentials } from "@/lib/facts/essentials";
import { emptyPreferences, MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";

/**
 * What a traveler reads before going, for groups whose answers make the expected words
 * easy to check by hand against lib/catalog/destinations/lisbon.json and rome.json.
 */

function facts(slug: string) {
  const found = factsFor(slug);
  if (!found) throw new Error(`no ${slug}`);
  return found;
}

function member(id: string, answers: Partial<MemberPreferencesInput>) {
  return {
    id,
    name: id,
    preferences: MemberPreferences.parse({ ...emptyPreferences(), dates: { flexible: true, windows: [] }, ...answers }),
  };
}

const lisbon = facts("lisbon");
const JUNE = { start: "2027-06-01", end: "2027-06-08" };

describe("where to stay, ordered by the group's needs", () => {
  it("Lisbon, a budget group with a low-vision need: access first, then the stay level, then the catalog's order", () => {
    // Baixa: budget–premium, hearing + low vision → fits both. Parque das Nações: mid-range–premium,
    // low vision → meets the access need but has no budget stays. Alfama: budget–mid-range,
    // hearing only → budget stays but no low-vision access: last, since access is a hard need.
    const areas = travelerEssentials(lisbon, { tiers: ["budget"], accessibility: ["low-vision"] }).stayAreas;
    expect(areas.map((a) => [a.area, a.fit])).toEqual([
      ["Baixa, Chiado & Cais do Sodré", { fits: true, note: "Fits the group's budget stay and low vision needs." }],
      ["Parque das Nações", { fits: false, note: "Fits the group's low vision needs; no budget stays listed." }],
      ["Alfama & Graça", { fits: false, note: "Fits the group's budget stay; low vision not listed." }],
    ]);
    expect(areas[0]?.why).toBe(
      "Flat central grid with metro, trams, trains and ferries; walkable to Chiado, Alfama and the river, with accessible modern hotels.",
    );
    expect(areas[0]?.stays).toBe("budget, mid-range and premium");
    expect(areas[0]?.access).toBe("hearing support and low vision");
  });

  it("Lisbon, a mid-range group needing step-free access: only Parque das Nações lists it, so it comes first and the others say so", () => {
    // The catalog: Parque das Nações (mid-range, premium; wheelchair, step-free, …), Baixa (all tiers;
    // hearing, low vision), Alfama (budget, mid-range; hearing) — the last two in the catalog's order.
    const areas = travelerEssentials(lisbon, { tiers: ["midrange"], accessibility: ["step-free"] }).stayAreas;
    expect(areas.map((a) => a.area)).toEqual(["Parque das Nações", "Baixa, Chiado & Cais do Sodré", "Alfama & Graça"]);
    expect(areas[0]?.fit).toEqual({ fits: true, note: "Fits the group's mid-range stay and step-free access needs." });
    for (const a of areas.slice(1)) {
      expect(a.fit).toEqual({ fits: false, note: "Fits the group's mid-range stay; step-free access not listed." });
    }
  });

  it("Rome, a mid-range group needing step-free access: Vatican & Prati (flat, lifts, step-free) comes first", () => {
    const areas = travelerEssentials(facts("rome"), { tiers: ["midrange"], accessibility: ["step-free"] }).stayAreas;
    expect(areas.map((a) => a.area)).toEqual(["Vatican & Prati", "Centro Storico", "Ancient Rome & Monti"]);
    expect(areas[0]?.fit).toEqual({ fits: true, note: "Fits the group's mid-range stay and step-free access needs." });
    expect(areas[1]?.fit?.fits).toBe(false);
  });

  it("a group split between budget and premium stays: an area with both comes before one with either", () => {
    // Lisbon: Baixa has both; Alfama (budget, mid-range) and Parque (mid-range, premium) have one each.
    const areas = travelerEssentials(lisbon, { tiers: ["budget", "premium"], accessibility: [] }).stayAreas;
    expect(areas.map((a) => a.fit?.note)).toEqual([
      "Fits the group's budget and premium stay.",
      "Fits the group's budget stay; no premium stays listed.",
      "Fits the group's premium stay; no budget stays listed.",
    ]);
  });

  it("without needs (the share page) the areas keep the catalog's order and say nothing about fit", () => {
    const areas = travelerEssentials(lisbon, NO_NEEDS).stayAreas;
    expect(areas.map((a) => [a.area, a.fit])).toEqual([
      ["Baixa, Chiado & Cais do Sodré", null],
      ["Alfama & Graça", null],
      ["Parque das Nações", null],
    ]);
  });
});

describe("the group's needs, in aggregate", () => {
  it("each member's own stay (no preference = the group's usual one), every access need once, nobody named", () => {
    // Budget 1, premium 1, mid-range 0: ties go to the cheaper tier, so the undecided member counts as budget.
    const needs = groupNeedsOf([
      { accommodation: "budget", accessibility: ["low-vision"] },
      { accommodation: null, accessibility: ["low-vision", "step-free"] },
      { accommodation: "premium", accessibility: [] },
    ]);
    expect(needs).toEqual({ tiers: ["budget", "premium"], accessibility: ["step-free", "low-vision"] });
  });

  it("nobody answered: no needs", () => {
    expect(groupNeedsOf([])).toEqual(NO_NEEDS);
  });
});

describe("getting around and essentials", () => {
  const lisbonEssentials = travelerEssentials(lisbon, NO_NEEDS);

  it("Lisbon: the airport by name and code, the metro transfer, transport, passes", () => {
    const g = lisbonEssentials.gettingAround;
    expect(g.airport).toBe("Humberto Delgado Airport (Lisbon), LIS");
    expect(g.airportTransfer).toMatch(/^The metro red line runs from the airport to the centre/);
    expect(g.localTransport).toHaveLength(3);
    expect(g.passes[0]).toMatch(/^The Lisboa Card/);
  });

  it("entry advice names a country the way a sentence does", () => {
    expect(travelerEssentials(facts("new-york-city"), NO_NEEDS).essentials.entry).toMatch(
      /travel advice for the United States is/,
    );
  });

  it("Lisbon: money, language, emergency number, safety, health, and an honest word on entry rules", () => {
    const e = lisbonEssentials.essentials;
    expect(e.currency).toBe("Euro (EUR)");
    expect(e.languages).toBe("Portuguese");
    expect(e.emergencyNumber).toBe("112");
    expect(e.safety).toMatch(/^Lisbon is safe by European standards/);
    expect(e.health).toMatch(/^Tap water is safe/);
    expect(e.entry).toBe(
      "Check the entry rules for your passport before you book: visas and passport validity depend on where you're from, and we don't have that information. Your government's travel advice for Portugal is a good place to start.",
    );
    expect(lisbonEssentials.sources.map((s) => s.title)).toEqual([
      "Visit Lisboa (official tourism)",
      "Metropolitano de Lisboa",
      "Carris",
    ]);
  });
});

describe("each member's own flight search", () => {
  const group = [
    member("olga", { origin: "Boston", accommodation: "midrange", accessibility: ["step-free"] }),
    member("ben", { origin: "Lisbon" }),
    member("cy", { origin: "Porto" }),
    member("dee", { origin: null }),
    member("eve", { origin: "Portland" }),
  ];
  const flightOf = (memberId: string, dates: { start: string | null; end: string | null } | null = JUNE) =>
    beforeYouGoFor({ facts: lisbon, members: group, viewer: { memberId }, tripId: "t1", dates }).flight;

  it("from Boston to LIS for Jun 1–8, 2027: a Google Flights search from the place we found", () => {
    expect(flightOf("olga")).toEqual({
      kind: "flight",
      from: "Boston, Massachusetts, United States",
      url: "https://www.google.com/travel/flights?q=Flights%20from%20Boston%2C%20Massachusetts%2C%20United%20States%20to%20LIS%20on%202027-06-01%20through%202027-06-08",
    });
  });

  it("dates left out while the trip has none", () => {
    expect(flightOf("olga", { start: null, end: null })).toMatchObject({
      url: "https://www.google.com/travel/flights?q=Flights%20from%20Boston%2C%20Massachusetts%2C%20United%20States%20to%20LIS",
    });
  });

  it("a member who lives in Lisbon needs no flight", () => {
    expect(flightOf("ben")).toEqual({ kind: "home" });
  });

  it("Porto is close enough for road or rail (about 274 km), and still gets the search", () => {
    // Porto 41.1496, -8.6110 to Lisbon 38.7223, -9.1393: 2.427° of latitude ≈ 269.9 km, 0.528° of
    // longitude at ~40° ≈ 45.0 km; √(269.9² + 45.0²) ≈ 273.6 → 274 km, under the 300 km ground limit.
    expect(flightOf("cy")).toEqual({
      kind: "ground",
      km: 274,
      from: "Porto, Portugal",
      url: "https://www.google.com/travel/flights?q=Flights%20from%20Porto%2C%20Portugal%20to%20LIS%20on%202027-06-01%20through%202027-06-08",
    });
  });

  it("no home city: asked to add one, with a link to their own answers", () => {
    expect(flightOf("dee")).toEqual({ kind: "add-origin", preferencesHref: "/trips/t1/preferences" });
  });

  it("a home we can't place for sure (which Portland?) is searched as typed", () => {
    expect(flightOf("eve")).toMatchObject({ kind: "flight", from: "Portland" });
  });

  it("the group's needs behind a member's view come from everyone, unattributed", () => {
    const { essentials } = beforeYouGoFor({
      facts: lisbon,
      members: group,
      viewer: { memberId: "ben" },
      tripId: "t1",
      dates: JUNE,
    });
    // Olga's mid-range + step-free; the others left stay open, so the usual tier (mid-range) stands for
    // them: Parque das Nações (mid-range, step-free) first, Baixa without step-free after it.
    expect(essentials.stayAreas[0]?.fit?.note).toBe("Fits the group's mid-range stay and step-free access needs.");
    expect(essentials.stayAreas[1]?.fit?.note).toBe("Fits the group's mid-range stay; step-free access not listed.");
  });
});
