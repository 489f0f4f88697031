import { describe, expect, it } from "vitest";
import { interpretHardNo } from "@/lib/constraints/hard-nos";

/**
 * What a member types as a hard no → how the planner reads it (the labels are what the
 * member is shown back). Each row is a phrasing real groups used.
 */
const READINGS: [typed: string, understood: string[]][] = [
  // plurals and inflections
  ["no beaches", ["no beaches"]],
  ["No hiking!", ["no hiking"]],
  ["don't make me hike", ["no hiking"]],
  ["I hate crowds", ["no crowds"]],
  ["no early mornings", ["no early starts"]],
  ["no roller coasters", ["no thrill rides"]],
  ["no caves", ["no enclosed spaces"]],
  // lists in one entry
  ["no hiking or climbing", ["no hiking", "no climbing"]],
  ["heights, no boats", ["no heights", "no boats"]],
  ["heights no boats", ["no heights", "no boats"]],
  ["no clubs/bars", ["no nightlife", "no alcohol"]],
  ["no bugs or snakes", ["no insects", "no snakes"]],
  [
    "no cold or rain",
    ["nothing cold (days under 12 °C in the travel month)", "nothing rainy (15+ rainy days in the travel month)"],
  ],
  // places, regions, continents, abroad
  ["no Europe", ["not in Europe"]],
  ["not the USA", ["not in United States"]],
  ["no US", ["not in United States"]],
  ["nothing in America", ["not in United States"]],
  ["no Latin America", ["not in Latin America"]],
  ["no South America", ["not in South America"]],
  ["no Mexico or Canada", ["not in Mexico", "not in Canada"]],
  ["nothing abroad", ["nothing outside your own country"]],
  ["no Tokyo", ["not Tokyo"]],
  // flight length from the member's own city
  ["no flights over 6 hours", ["no flights over 6 hours from home"]],
  ["no flights longer than 4.5h", ["no flights over 4.5 hours from home"]],
  ["no long flights", ["no long flights (over 6 hours from home)"]],
  ["no flying", ["no flying (only places within reach by road or rail)"]],
  ["no planes at all", ["no flying (only places within reach by road or rail)"]],
  // weather, judged against the travel month
  ["nothing cold", ["nothing cold (days under 12 °C in the travel month)"]],
  ["no humidity", ["nothing humid (muggy: 70%+ humidity and over 24 °C in the travel month)"]],
  ["no heat", ["nothing hot (days over 30 °C in the travel month)"]],
  // other languages
  ["keine Strände", ["no beaches"]],
  ["keine Strände und keine Berge", ["no beaches", "no mountains"]],
  ["pas de randonnée ni bateaux", ["no hiking", "no boats"]],
  ["nada de playas", ["no beaches"]],
  ["sin vuelos largos", ["no long flights (over 6 hours from home)"]],
  ["niente spiagge", ["no beaches"]],
  ["sem praias", ["no beaches"]],
];

describe("a hard no becomes rules the member can read back", () => {
  it.each(READINGS)("%s", (typed, understood) => {
    const reading = interpretHardNo(typed, ["Tokyo", "Paris"]);
    expect(reading.rules.map((r) => r.label)).toEqual(understood);
    expect(reading.unparsed).toEqual([]);
  });
});

describe("what can't be understood is sent back, never dropped", () => {
  it.each([
    ["asdf qwerty", ["asdf qwerty"]],
    ["no", ["no"]],
    ["no museums, no zorbing", ["zorbing"]],
    ["no museums no zorbing", ["zorbing"]],
    // a kind of flight we can't model is not "no flying"
    ["red-eye flights", ["red-eye flights"]],
  ])("%s → asks about %j", (typed, unparsed) => {
    expect(interpretHardNo(typed).unparsed).toEqual(unparsed);
  });

  it("keeps the rules it did understand next to what it didn't", () => {
    const reading = interpretHardNo("no museums, no zorbing");
    expect(reading.rules.map((r) => r.label)).toEqual(["no museums"]);
  });
});

describe("rules carry their own meaning", () => {
  it("a term lists the catalog keywords it covers, so a validator applies the same meaning", () => {
    const [rule] = interpretHardNo("no boats").rules;
    expect(rule).toMatchObject({ kind: "term", keywords: expect.arrayContaining(["boat", "ferry", "kayaking"]) });
  });

  it("'no beaches' rules out a beach destination as a whole; 'no hiking' only the hikes", () => {
    const [beaches] = interpretHardNo("no beaches").rules;
    const [hiking] = interpretHardNo("no hiking").rules;
    expect(beaches).toMatchObject({ vibes: ["beach"] });
    expect(hiking).toMatchObject({ vibes: [], wholePlace: false });
  });

  it("a continent lists its countries", () => {
    const [europe] = interpretHardNo("no Europe").rules;
    expect(europe).toMatchObject({ kind: "place", countries: expect.arrayContaining(["PT", "FR", "IS", "GB"]) });
    expect(europe?.kind === "place" ? europe.countries : []).not.toContain("US");
  });
});
