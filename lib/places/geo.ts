/**
 * Distances on the globe, and what they mean for a traveler: great-circle kilometres,
 * typical nonstop flight hours, and whether a trip is a flight at all.
 */

export type LatLon = { lat: number; lon: number };

const EARTH_RADIUS_KM = 6371;

export function greatCircleKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Cruise at about 800 km/h plus 45 minutes of taxi, climb and descent: NYC–LA ≈ 5.7 h, NYC–Lisbon ≈ 7.5 h. */
export function flightHours(km: number): number {
  return Math.round((km / 800 + 0.75) * 10) / 10;
}

/** Closer than this, a member is at home: no travel to price. */
export const HOME_KM = 40;
/** Closer than this (and not at home), people drive or take the train rather than fly. */
export const GROUND_KM = 300;
