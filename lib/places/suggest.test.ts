import { describe, expect, it } from "vitest";
import { resolvePlace } from "@/lib/places/resolve";
import { suggestPlaces } from "@/lib/places/suggest";

/** What the "Travelling from" field offers as the member types: the likeliest first. */
describe("home suggestions from the gazetteer", () => {
  it("Barcelona: Spain's first, Venezuela's next", () => {
    const labels = suggestPlaces("Barcelona").map((p) => p.label);
    expect(labels[0]).toBe("Barcelona, Catalonia, Spain");
    expect(labels[1]).toBe("Barcelona, Anzoátegui, Venezuela");
  });

  it("Vancouver, BC: the Canadian city, and only Canadian ones", () => {
    const places = suggestPlaces("Vancouver, BC");
    expect(places[0]?.label).toBe("Vancouver, British Columbia, Canada");
    expect(places.every((p) => p.countryCode === "CA")).toBe(true);
  });

  it("München: Munich, Germany", () => {
    expect(suggestPlaces("München")[0]?.label).toBe("Munich, Bavaria, Germany");
  });

  it("Portland, OR: Oregon's Portland, not Maine's", () => {
    const places = suggestPlaces("Portland, OR");
    expect(places.map((p) => p.label)).toEqual(["Portland, Oregon, United States"]);
  });

  it("a name no place has: nothing to pick", () => {
    expect(suggestPlaces("Qwzxville")).toEqual([]);
    expect(suggestPlaces("   ")).toEqual([]);
  });

  it("a name being typed: cities starting with it, biggest first", () => {
    expect(suggestPlaces("Barcel")[0]?.label).toBe("Barcelona, Catalonia, Spain");
  });
});

describe("the resolver reads local names and Canadian provinces", () => {
  it.each([
    ["Vancouver, BC", "Vancouver, British Columbia, Canada"],
    ["München", "Munich, Bavaria, Germany"],
    ["München, Germany", "Munich, Bavaria, Germany"],
    ["Portland, OR", "Portland, Oregon, United States"],
  ])("%s → %s", (typed, label) => {
    const reading = resolvePlace(typed);
    expect(reading.status).toBe("resolved");
    expect(reading.status === "resolved" ? reading.place.label : null).toBe(label);
  });

  it("Barcelona alone is still a question (Spain or Venezuela): the form asks", () => {
    expect(resolvePlace("Barcelona").status).toBe("ambiguous");
  });
});
