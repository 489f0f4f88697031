import type { StoredItinerary } from "@/lib/db/queries/itineraries";
import type { Trip } from "@/lib/db/schema";
import { planRoutes } from "@/lib/planning/day-route";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import { SharedPlan } from "@/lib/schemas/itinerary";

/**
 * The plan as anyone with the share link sees it: picked field by field from the stored
 * version (never spread), so a member field added to the itinerary later can't leak onto
 * the share page by default. Parsed against `SharedPlan`, which has no member fields.
 * `facts` are the destination's facts the version was made with (`recordedFacts`): the day
 * routes place venues from them, so a later catalog edit doesn't move a shared plan's stops.
 */
export function sharedPlanOf({
  trip,
  current,
  memberCount,
  facts,
}: {
  trip: Pick<Trip, "status" | "finalizedAt">;
  current: Pick<StoredItinerary, "version" | "itinerary">;
  memberCount: number;
  facts: Pick<DestinationFacts, "activities" | "meals"> | undefined;
}): SharedPlan {
  const plan = current.itinerary;
  return SharedPlan.parse({
    status: trip.status === "finalized" ? "final" : "draft",
    version: current.version,
    finalizedAt: trip.status === "finalized" && trip.finalizedAt ? trip.finalizedAt.toISOString() : null,
    groupSize: Math.max(1, memberCount),
    // One cost per member whose answers it was planned with.
    plannedWithAnswers: plan.costs.length,
    destination: plan.destination,
    dates: plan.dates,
    pace: plan.pace,
    days: plan.days,
    weather: plan.weather,
    packingList: plan.packingList,
    costRange: plan.costRange,
    sources: plan.sources,
    generatedAt: plan.generatedAt,
    factsVersion: plan.factsVersion,
    // Venues' places are public facts about the destination, not about the members.
    ...(facts ? { routes: planRoutes(plan, facts) } : {}),
  });
}

/** "5 days in Lisbon" */
export function planHeadline(plan: Pick<SharedPlan, "destination" | "dates">): string {
  return `${plan.dates.days} ${plan.dates.days === 1 ? "day" : "days"} in ${plan.destination.name}`;
}
