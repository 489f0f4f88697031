import "server-only";
import { type RequestContext, readShareToken } from "@/lib/auth/session";
import { hashToken, looksLikeToken } from "@/lib/auth/tokens";
import { factsOfPlan, type RecordedFacts } from "@/lib/db/queries/destination-facts";
import type { StoredItinerary } from "@/lib/db/queries/itineraries";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { itineraryHistory, type SharedTrip, sharedTripByTokenHash, tripReadStamp } from "@/lib/db/queries/share";
import { getTrip } from "@/lib/db/queries/trips";
import { clientKey, consume } from "@/lib/limits/rate";
import type { SharedPlan } from "@/lib/schemas/itinerary";
import { type CalendarVersion, planCalendar } from "./calendar";
import { sharedPlanOf } from "./plan";
import { cachedRead } from "./read-cache";
import type { RenderedPage } from "./rendered-page";

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
  const tokenHash = await shareReadHash(ctx, token);
  return tokenHash ? sharedTripByTokenHash({ tokenHash }) : null;
}

/** A share token's hash once its read is counted, or null for one that can't be a link. */
async function shareReadHash(ctx: RequestContext, token: string): Promise<string | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  await consume("read", `share:${clientKey(ctx.client)}:${tokenHash.slice(0, 16)}`);
  return tokenHash;
}

/**
 * What the share page shows for a token (`shownPlan` of `openShareLink`), made once per state of
 * the trip and then served from this process's cache (./read-cache.ts): the link and the trip's
 * stamp are read from the database on every request, so a rotated or revoked link is a 404 at
 * once and a new version, a departure or an erasure is shown at once. Null for a dead link;
 * `plan` null while there is nothing to show.
 */
export async function sharedPlanRead(
  ctx: RequestContext,
  token: string,
): Promise<{ plan: SharedPlan | null; facts: RecordedFacts | undefined } | null> {
  const tokenHash = await shareReadHash(ctx, token);
  const state = tokenHash ? await tripReadStamp({ tokenHash }) : null;
  if (!tokenHash || !state) return null;
  return cachedRead(`page:${tokenHash}`, state.stamp, async () => {
    const shared = await sharedTripByTokenHash({ tokenHash });
    if (!shared) return null; // revoked since the stamp was read
    const shown = await shownPlan(shared);
    return { plan: shown?.plan ?? null, facts: shown?.facts };
  });
}

/**
 * The share page as rendered for a token (lib/share/rendered-page.ts), made once per state of
 * the trip and origin and then served from this process's cache, checked as `sharedPlanRead`
 * is: the link and the trip's stamp are read from the database on every request, so a rotated
 * or revoked link stops serving at once and a new version is rendered on its first visit. Null
 * for a dead link. A render that doesn't answer 200 (the link died meanwhile) is served to the
 * requests that waited for it and not kept.
 */
export async function sharedPageRead(
  ctx: RequestContext,
  token: string,
  origin: string,
  render: () => Promise<RenderedPage>,
): Promise<RenderedPage | null> {
  const tokenHash = await shareReadHash(ctx, token);
  const state = tokenHash ? await tripReadStamp({ tokenHash }) : null;
  if (!tokenHash || !state) return null;
  try {
    return await cachedRead(`html:${tokenHash}:${origin}`, state.stamp, async () => {
      const page = await render();
      if (page.status !== 200) throw new NotKept(page);
      return page;
    });
  } catch (error) {
    if (error instanceof NotKept) return error.page;
    throw error;
  }
}

class NotKept extends Error {
  constructor(readonly page: RenderedPage) {
    super(`the share page answered ${page.status}`);
  }
}

/** A calendar file's text and the destination it is named after. */
export type CalendarFile = { ics: string; slug: string };

/**
 * The share link's calendar file (events pointing back to the share page at `origin`), cached
 * per state as `sharedPlanRead` is. Null for a dead link or while there is no plan to show.
 */
export async function sharedCalendarRead(
  ctx: RequestContext,
  token: string,
  origin: string,
): Promise<CalendarFile | null> {
  const tokenHash = await shareReadHash(ctx, token);
  const state = tokenHash ? await tripReadStamp({ tokenHash }) : null;
  if (!tokenHash || !state) return null;
  return cachedRead(`ics:${tokenHash}:${origin}`, state.stamp, async () => {
    const shared = await sharedTripByTokenHash({ tokenHash });
    const plan = shared ? (await shownPlan(shared))?.plan : null;
    if (!shared?.current || !plan) return null;
    const ics = await calendarOf({
      tripId: shared.trip.id,
      current: shared.current,
      final: plan.status === "final",
      link: `${origin}${sharePath(token)}`,
    });
    return { ics, slug: plan.destination.slug };
  });
}

/**
 * A member's calendar file of the trip's current plan (events pointing back to the plan page at
 * `origin`), cached per state of the trip; the caller has been checked as a member. Null while
 * the trip has no plan to export.
 */
export async function memberCalendarRead({
  tripId,
  origin,
}: {
  tripId: string;
  origin: string;
}): Promise<CalendarFile | null> {
  const state = await tripReadStamp({ tripId });
  if (!state) return null;
  return cachedRead(`ics:trip:${tripId}:${origin}`, state.stamp, async () => {
    const [trip, current] = await Promise.all([getTrip({ tripId }), currentItinerary({ tripId })]);
    if (!trip || !current || (trip.status !== "planning" && trip.status !== "finalized")) return null;
    const ics = await calendarOf({
      tripId,
      current,
      final: trip.status === "finalized",
      link: `${origin}/trips/${tripId}/plan`,
    });
    return { ics, slug: current.itinerary.destination.slug };
  });
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
