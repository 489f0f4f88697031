import "server-only";
import { type RequestContext, readShareToken } from "@/lib/auth/session";
import { hashToken, looksLikeToken } from "@/lib/auth/tokens";
import { factsOfPlan, type RecordedFacts } from "@/lib/db/queries/destination-facts";
import type { StoredItinerary } from "@/lib/db/queries/itineraries";
import { itineraryHistory, type SharedTrip, sharedTripByTokenHash } from "@/lib/db/queries/share";
import { clientKey, consume } from "@/lib/limits/rate";
import type { SharedPlan } from "@/lib/schemas/itinerary";
import { type CalendarVersion, planCalendar } from "./calendar";
import { sharedPlanOf } from "./plan";

export function sharePath(token: string): string {
  return `/s/${token}`;
}

/**
 * The share link as this device can show it: the path when the organizer's browser holds
 * the current token, "elsewhere" when a link exists that was made on another device (or
 * before a rotation there), none when there is no link.
 */
export function shareLinkFor(
  ctx: RequestContext,
  trip: { id: string; shareTokenHash: string | null; shareCreatedAt: Date | null },
):
  | { state: "none" }
  | { state: "here"; path: string; createdAt: Date | null }
  | { state: "elsewhere"; createdAt: Date | null } {
  if (!trip.shareTokenHash) return { state: "none" };
  const token = readShareToken(ctx, trip.id);
  if (looksLikeToken(token) && hashToken(token) === trip.shareTokenHash) {
    return { state: "here", path: sharePath(token), createdAt: trip.shareCreatedAt };
  }
  return { state: "elsewhere", createdAt: trip.shareCreatedAt };
}

/**
 * What a share token opens, or null for anything that isn't a current link (malformed,
 * rotated, revoked, never made) — one answer for all, so a dead link reveals nothing.
 * Reads are rate-limited per client and link.
 */
export async function openShareLink(ctx: RequestContext, token: string): Promise<SharedTrip | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  await consume("read", `share:${clientKey(ctx.client)}:${tokenHash.slice(0, 16)}`);
  return sharedTripByTokenHash({ tokenHash });
}

/** What a share link shows: the plan, and the destination's facts it was made with. */
export type ShownPlan = { plan: SharedPlan; facts: RecordedFacts | undefined };

/**
 * The plan a share link shows: the current version while the trip is planned or final,
 * else nothing yet — read with the facts it was made with, not the catalog as it is now.
 */
export async function shownPlan(shared: SharedTrip): Promise<ShownPlan | null> {
  const { current } = shared;
  if (!current || (shared.trip.status !== "planning" && shared.trip.status !== "finalized")) return null;
  const facts = await factsOfPlan(current.itinerary);
  return {
    plan: sharedPlanOf({ trip: shared.trip, current, memberCount: shared.memberCount, facts: facts?.facts }),
    facts,
  };
}

/**
 * The current plan as .ics text: every version up to the current one feeds the events'
 * SEQUENCE numbers, each with the facts it was made with; `link` is where events point back to.
 */
export async function calendarOf({
  tripId,
  current,
  final,
  link,
}: {
  tripId: string;
  current: StoredItinerary;
  final: boolean;
  link: string;
}): Promise<string> {
  const plans = [
    ...(await itineraryHistory({ tripId })).filter((v) => v.version < current.version).map((v) => v.itinerary),
    current.itinerary,
  ];
  // Versions made from the same facts share one read.
  const reads = new Map<string, Promise<RecordedFacts | undefined>>();
  const history: CalendarVersion[] = await Promise.all(
    plans.map(async (plan) => {
      const key = `${plan.destination.slug}@${plan.factsVersion}`;
      if (!reads.has(key)) reads.set(key, factsOfPlan(plan));
      return { plan, facts: (await reads.get(key))?.facts };
    }),
  );
  return planCalendar({
    tripId,
    history,
    link,
    stamp: current.createdAt,
    final,
  });
}

/** An .ics answer: a download named after the destination, never cached by proxies. */
export function calendarResponse(ics: string, slug: string): Response {
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug.replace(/[^a-z0-9-]/g, "")}-trip.ics"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
