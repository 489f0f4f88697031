import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import { dayRoute, travel } from "@/lib/planning/day-route";
import { activityItem, CASTLE, JERONIMOS, lisbonDay, OWN, PRADO, SE } from "@/test/day-route";

/**
 * Routes through real Lisbon catalog venues, every figure worked out by hand (1° of
 * latitude = 6371 km × π/180 = 111.195 km; 1° of longitude = that × cos(latitude)):
 *
 * São Jorge Castle (38.7139, -9.1335) → the Sé (38.7098, -9.1335): same longitude,
 *   0.0041° of latitude = 0.456 km; × 1.3 = 0.593 km of street → 0.6 km, a walk;
 *   0.593 / 4.5 km/h = 7.9 min → 8 min.
 * The Sé (38.7098, -9.1335) → Jerónimos (38.6979, -9.2064): 0.0119° of latitude = 1.323 km;
 *   0.0729° of longitude × 111.195 × cos 38.704° (0.7803) = 6.325 km; √(1.323² + 6.325²)
 *   = 6.462 km, over 1.5 km so public transport; × 1.3 = 8.40 km → 8.4 km;
 *   10 min + 8.40 / 18 km/h × 60 = 10 + 28.0 = 38.0 min → 40 min (nearest 5).
 * The Sé → Cabo da Roca (38.7804, -9.4989): 0.0706° × 111.195 = 7.850 km; 0.3654° ×
 *   111.195 × cos 38.745° (0.7800) = 31.69 km; √(7.850² + 31.69²) = 32.65 km, over 25 km so
 *   by car or train; × 1.3 = 42.4 km; 10 + 42.44 / 50 × 60 = 60.9 min → 60 min.
 */

const LISBON = factsFor("lisbon");
if (!LISBON) throw new Error("no Lisbon in the catalog");

describe("a day's route", () => {
  it("lists the stops in time order, with a walk, a public-transport leg and the stated 15-minute estimate around the organizer's own item (no place, no known area)", () => {
    // Given out of order, as a day's items and meals are stored: the route sorts them by time.
    const route = dayRoute(lisbonDay(2, [JERONIMOS, OWN, CASTLE, SE], [PRADO]), LISBON);
    expect(route.stops.map((s) => [s.time, s.key, s.coordinates])).toEqual([
      ["09:00", "a:sao-jorge-castle", { lat: 38.7139, lon: -9.1335 }],
      ["11:15", "a:lisbon-cathedral-se", { lat: 38.7098, lon: -9.1335 }],
      ["13:30", "a:jeronimos-monastery", { lat: 38.6979, lon: -9.2064 }],
      ["16:00", "c:own-1", null],
      ["18:30", "m:prado-lisboa", { lat: 38.7098, lon: -9.134 }],
    ]);
    expect(route.legs).toEqual([
      { from: "a:sao-jorge-castle", to: "a:lisbon-cathedral-se", mode: "walk", km: 0.6, minutes: 8, basis: "places" },
      {
        from: "a:lisbon-cathedral-se",
        to: "a:jeronimos-monastery",
        mode: "transit",
        km: 8.4,
        minutes: 40,
        basis: "places",
      },
      { from: "a:jeronimos-monastery", to: "c:own-1", mode: "transit", km: null, minutes: 15, basis: "default" },
      { from: "c:own-1", to: "m:prado-lisboa", mode: "transit", km: null, minutes: 15, basis: "default" },
    ]);
    // Through the four placed stops (the own item has no place); public transport can't take
    // intermediate stops in Google Maps, so the mode is left to Maps.
    expect(route.mapUrl).toBe(
      "https://www.google.com/maps/dir/?api=1&origin=38.7139%2C-9.1335&destination=38.7098%2C-9.134" +
        "&waypoints=38.7098%2C-9.1335%7C38.6979%2C-9.2064",
    );
  });

  it("a two-stop walking day links walking directions without waypoints", () => {
    const route = dayRoute(lisbonDay(3, [CASTLE, SE]), LISBON);
    expect(route.legs).toEqual([
      { from: "a:sao-jorge-castle", to: "a:lisbon-cathedral-se", mode: "walk", km: 0.6, minutes: 8, basis: "places" },
    ]);
    expect(route.mapUrl).toBe(
      "https://www.google.com/maps/dir/?api=1&origin=38.7139%2C-9.1335&destination=38.7098%2C-9.1335&travelmode=walking",
    );
  });

  it("a single public-transport leg links transit directions", () => {
    expect(dayRoute(lisbonDay(3, [SE, JERONIMOS]), LISBON).mapUrl).toBe(
      "https://www.google.com/maps/dir/?api=1&origin=38.7098%2C-9.1335&destination=38.6979%2C-9.2064&travelmode=transit",
    );
  });

  it("a day trip out of town goes by car or train, and the map drives", () => {
    const cabo = activityItem("cabo-da-roca", "Cabo da Roca", "14:30", 1);
    const route = dayRoute(lisbonDay(4, [SE, cabo]), LISBON);
    expect(route.legs[0]).toMatchObject({ mode: "drive", km: 42.4, minutes: 60 });
    expect(route.mapUrl).toMatch(/&travelmode=driving$/);
  });

  it("a one-stop day gets a pin, a free day nothing, a day of only the organizer's own plans no link", () => {
    const one = dayRoute(lisbonDay(1, [CASTLE]), LISBON);
    expect(one.legs).toEqual([]);
    expect(one.mapUrl).toBe("https://www.google.com/maps/search/?api=1&query=38.7139%2C-9.1335");

    expect(dayRoute(lisbonDay(5, []), LISBON)).toEqual({ day: 5, stops: [], legs: [], mapUrl: null });

    const own = dayRoute(lisbonDay(5, [OWN]), LISBON);
    expect(own.stops).toHaveLength(1);
    expect(own.legs).toEqual([]);
    expect(own.mapUrl).toBeNull();
  });

  it("rounds under 10 minutes to the minute (at least 1), from 10 on to the nearest 5", () => {
    // 0.5 km straight: 0.65 km / 4.5 km/h = 8.67 min → 9. 1.5 km: 1.95 / 4.5 = 26 min → 25.
    expect(travel(0.5)).toEqual({ mode: "walk", km: 0.7, minutes: 9 });
    expect(travel(1.5)).toEqual({ mode: "walk", km: 2, minutes: 25 });
    // Next door: 1 min.
    expect(travel(0)).toEqual({ mode: "walk", km: 0, minutes: 1 });
    // 1.6 km: public transport, 10 + 2.08 / 18 × 60 = 16.9 → 15.
    expect(travel(1.6)).toEqual({ mode: "transit", km: 2.1, minutes: 15 });
  });
});
