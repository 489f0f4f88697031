import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import { fareRegionOf, travelBetween } from "@/lib/facts/travel";
import { type Place, resolvePlace } from "@/lib/places/resolve";

function place(text: string): Place {
  const r = resolvePlace(text);
  if (r.status !== "resolved") throw new Error(`${text} did not resolve`);
  return r.place;
}

const lisbon = factsFor("lisbon");
const nyc = factsFor("new-york-city");
if (!lisbon || !nyc) throw new Error("catalog entries missing");

describe("a home city flies from the catalog's fare region", () => {
  it.each([
    ["Boston", "us-east"],
    ["Miami", "us-east"],
    ["Austin, TX", "us-central"],
    ["Denver", "us-central"],
    ["Seattle", "us-west"],
    ["Honolulu", "us-west"],
    ["Toronto", "canada"],
    ["Mexico City", "latin-america"],
    ["Bogota", "latin-america"],
    ["London", "europe"],
    ["Dubai", "middle-east"],
    ["Lagos", "africa"],
    ["Tokyo", "asia"],
    ["Sydney", "oceania"],
  ] as const)("%s → %s", (home, region) => {
    expect(fareRegionOf(place(home))).toBe(region);
  });
});

describe("getting there and back, per member", () => {
  it("Boston to Lisbon: a flight at the eastern-US fare, about 7 hours nonstop", () => {
    const t = travelBetween(place("Boston"), lisbon);
    expect(t.mode).toBe("flight");
    expect(t.usd).toBe(700); // catalog: us-east → Lisbon
    // Boston–Lisbon is about 5,170 km great-circle: 5170 / 800 + 0.75 ≈ 7.2 h.
    expect(t.km).toBeGreaterThan(5100);
    expect(t.km).toBeLessThan(5250);
    expect(t.hours).toBeGreaterThanOrEqual(7.1);
    expect(t.hours).toBeLessThanOrEqual(7.3);
  });

  it("Austin to New York: the central-US fare, not another member's", () => {
    expect(travelBetween(place("Austin, TX"), nyc).usd).toBe(280);
    expect(travelBetween(place("Boston"), nyc).usd).toBe(200);
  });

  it("Porto to Lisbon: close enough to go by road or rail, priced per kilometre", () => {
    const t = travelBetween(place("Porto"), lisbon);
    expect(t.mode).toBe("ground");
    expect(t.hours).toBe(0);
    // About 274 km each way at $0.15/km: 548 × 0.15 ≈ $82.
    expect(t.usd).toBeGreaterThanOrEqual(80);
    expect(t.usd).toBeLessThanOrEqual(84);
  });

  it("a member who lives there travels for nothing, and it says so", () => {
    const t = travelBetween(place("Lisbon"), lisbon);
    expect(t).toMatchObject({ mode: "home", usd: 0 });
    expect(t.basis).toContain("lives in Lisbon");
  });
});

describe("researched facts without a fare from the member's region", () => {
  it("Tokyo to Lisbon with only European and eastern-US fares: a flight whose fare is unknown, never $0", () => {
    const partial = { ...lisbon, gettingThereUsd: { europe: 180, "us-east": 720 } };
    const t = travelBetween(place("Tokyo"), partial);
    expect(t).toMatchObject({ mode: "flight", usd: null, fare: "unknown", region: "asia" });
    expect(t.basis).toBe("no typical round-trip fare known from Asia");
  });
});
