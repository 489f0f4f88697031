import { describe, expect, it } from "vitest";
import { flightHours, greatCircleKm } from "@/lib/places/geo";
import { resolvePlace } from "@/lib/places/resolve";

/** What a member typed as their home city → what the planner takes it to be. */
const RESOLVED: [typed: string, label: string][] = [
  ["Austin, TX", "Austin, Texas, United States"],
  ["Austin", "Austin, Texas, United States"],
  ["Portland, ME", "Portland, Maine, United States"],
  ["Portland, Oregon", "Portland, Oregon, United States"],
  ["London", "London, England, United Kingdom"],
  ["London, Ontario", "London, Ontario, Canada"],
  ["london, uk", "London, England, United Kingdom"],
  ["Paris", "Paris, Île-de-France, France"],
  ["Sao Paulo", "São Paulo, Brazil"],
  ["NYC", "New York City, New York, United States"],
  ["New York", "New York City, New York, United States"],
  ["Washington, DC", "Washington, D.C., District of Columbia, United States"],
  ["Boston", "Boston, Massachusetts, United States"],
  ["Tokyo", "Tokyo, Japan"],
  ["Lagos", "Lagos, Nigeria"],
  ["Kraków", "Kraków, Lesser Poland, Poland"],
  ["Bogota", "Bogotá, Bogota D.C., Colombia"],
  ["Cape Town", "Cape Town, Western Cape, South Africa"],
  ["Sydney", "Sydney, New South Wales, Australia"],
  ["Germany", "Germany"],
  ["Mexico", "Mexico"],
  ["Texas", "Texas, United States"],
];

describe("a home city resolves to one place with its country", () => {
  it.each(RESOLVED)("%s → %s", (typed, label) => {
    const result = resolvePlace(typed);
    expect(result.status === "resolved" ? result.place.label : result).toBe(label);
  });
});

describe("a name several real places share closely asks which one", () => {
  it.each([
    ["Portland", ["Portland, Oregon, United States", "Portland, Maine, United States"]],
    ["Birmingham", ["Birmingham, England, United Kingdom", "Birmingham, Alabama, United States"]],
    ["Springfield", ["Springfield, Missouri, United States", "Springfield, Illinois, United States"]],
    ["Vancouver", ["Vancouver, British Columbia, Canada", "Vancouver, Washington, United States"]],
    ["Georgia", ["Georgia (country)", "Georgia, United States"]],
    ["Washington", ["Washington, D.C., District of Columbia, United States", "Washington, United States"]],
  ])("%s offers %j among its options", (typed, expected) => {
    const result = resolvePlace(typed);
    expect(result.status).toBe("ambiguous");
    const labels = result.status === "ambiguous" ? result.options.map((o) => o.label) : [];
    for (const label of expected) expect(labels).toContain(label);
  });

  it("every option's label resolves back to exactly that option (the picker stores the label)", () => {
    for (const typed of ["Portland", "Birmingham", "Springfield", "Vancouver", "Georgia", "Washington", "Cambridge"]) {
      const result = resolvePlace(typed);
      if (result.status !== "ambiguous") throw new Error(`${typed} should be ambiguous`);
      for (const option of result.options) {
        const again = resolvePlace(option.label);
        expect(again.status === "resolved" ? again.place.id : again.status, option.label).toBe(option.id);
      }
    }
  });
});

describe("a place we can't find is reported, never guessed", () => {
  it.each(["Nowhereville", "asdfgh", "Springfield, Narnia"])("%s is unknown", (typed) => {
    expect(resolvePlace(typed)).toEqual({ status: "unknown", approximate: null });
  });

  it("keeps the region a member named, so costs can be estimated and marked unverified", () => {
    const result = resolvePlace("Smallville, Kansas");
    expect(result.status).toBe("unknown");
    expect(result.status === "unknown" ? result.approximate?.label : null).toBe("Kansas, United States");
  });

  it("an empty origin is unknown, with nothing to approximate", () => {
    expect(resolvePlace("  ")).toEqual({ status: "unknown", approximate: null });
    expect(resolvePlace(null)).toEqual({ status: "unknown", approximate: null });
  });
});

describe("distance and flight time", () => {
  // Hand-checked great-circle distances (published figures: NYC–LA 3,944 km, London–Sydney 16,990 km).
  it("measures the great circle", () => {
    const nyc = { lat: 40.7128, lon: -74.006 };
    const la = { lat: 34.0522, lon: -118.2437 };
    expect(greatCircleKm(nyc, la)).toBeGreaterThan(3920);
    expect(greatCircleKm(nyc, la)).toBeLessThan(3960);
    expect(greatCircleKm({ lat: 51.5074, lon: -0.1278 }, { lat: -33.8688, lon: 151.2093 })).toBeGreaterThan(16950);
    expect(greatCircleKm(nyc, nyc)).toBe(0);
  });

  it("turns kilometres into typical nonstop hours: 800 km/h plus 45 minutes", () => {
    expect(flightHours(3944)).toBe(5.7); // 3944/800 = 4.93 + 0.75 = 5.68
    expect(flightHours(800)).toBe(1.8); // 1 + 0.75
  });
});
