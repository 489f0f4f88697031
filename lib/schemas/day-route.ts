import { z } from "zod";
import { Coordinates } from "@/lib/schemas/catalog";

/**
 * How a planned day moves from stop to stop (lib/planning/day-route.ts): its activities and
 * meals in time order with where each one is, a leg between each pair with an estimated
 * mode and time, and one map link for the day. Worked out from the destination's facts when
 * a page is shown, never stored with the itinerary; the share page's JSON carries it.
 */

export const TRAVEL_MODES = ["walk", "transit", "drive"] as const;
export const TravelMode = z.enum(TRAVEL_MODES);
export type TravelMode = z.infer<typeof TravelMode>;

export const RouteStop = z.object({
  /** The item's or meal's key in the day. */
  key: z.string(),
  kind: z.enum(["activity", "meal", "custom"]),
  name: z.string(),
  /** Local start time, HH:MM. */
  time: z.string(),
  /** Local end time, HH:MM. */
  end: z.string(),
  /** Where it is; null for the organizer's own items and anything the facts don't place. */
  coordinates: Coordinates.nullable(),
});
export type RouteStop = z.infer<typeof RouteStop>;

/**
 * How a leg's figures were worked out: from both stops' own places; from the centres of
 * their areas (one end isn't placed, so it is an estimate); or, with neither known, the
 * stated default (DEFAULT_LEG in lib/planning/day-route.ts), also an estimate.
 */
export const LEG_BASES = ["places", "areas", "default"] as const;

export const RouteLeg = z.object({
  from: z.string(),
  to: z.string(),
  mode: TravelMode,
  /** Estimated distance along the streets (straight line × detour), one decimal; null with the default. */
  km: z.number().nonnegative().nullable(),
  /** Always known: the schedule leaves at least this long between the two stops. */
  minutes: z.number().int().nonnegative(),
  basis: z.enum(LEG_BASES),
});
export type RouteLeg = z.infer<typeof RouteLeg>;

export const DayRoute = z.object({
  day: z.number().int().min(1),
  stops: z.array(RouteStop),
  /** One per consecutive pair of stops, in order: legs[i] goes from stops[i] to stops[i + 1]. */
  legs: z.array(RouteLeg),
  /** Google Maps directions through the day's placed stops (a search for one stop; null for none). */
  mapUrl: z.url().nullable(),
});
export type DayRoute = z.infer<typeof DayRoute>;
