import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { looksLikeToken } from "@/lib/auth/tokens";
import { getDb, type Tx } from "@/lib/db/client";
import {
  itineraries,
  type Member,
  memberDevices,
  members,
  pipelineRuns,
  preferences,
  type Trip,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError, tripNotFound } from "@/lib/errors";
import { planDatesDiffer } from "@/lib/planning/trip-shape";
import type { MemberPreferences } from "@/lib/schemas/preferences";
import { BUSY_REFUSAL, canTransition, TRANSITIONS, type TransitionName } from "@/lib/trip-status";
import { enqueueNotifications } from "./notifications";
import { publishTripEvent } from "./trip-events";

/**
 * A new trip, its organizer and (for the demo) members who already answered — all or
 * nothing. Each `tokenHash` becomes that member's first signed-in device.
 */
export async function createTripWithOrganizer({
  name,
  inviteToken,
  organizer,
  answeredMembers = [],
  isDemo = false,
}: {
  name: string;
  isDemo?: boolean;
  inviteToken: string;
  organizer: { name: string; tokenHash: string; deviceLabel?: string };
  /** Without `tokenHash` a member has no device: nobody can sign in as them (the demo's sample group). */
  answeredMembers?: { name: string; tokenHash?: string; preferences: MemberPreferences }[];
}): Promise<{ trip: Trip; organizer: Member }> {
  return transaction(async (tx) => {
    const [trip] = await tx.insert(trips).values({ name, inviteToken, isDemo }).returning();
    if (!trip) throw new Error("insert into trips returned no row");
    const [member] = await tx
      .insert(members)
      .values({ tripId: trip.id, name: organizer.name, role: "organizer" })
      .returning();
    if (!member) throw new Error("insert into members returned no row");
    await tx.insert(memberDevices).values({
      memberId: member.id,
      tokenHash: organizer.tokenHash,
      label: organizer.deviceLabel ?? "A browser",
      addedVia: "created",
    });
    for (const other of answeredMembers) {
      const [inserted] = await tx
        .insert(members)
        .values({ tripId: trip.id, name: other.name })
        .returning({ id: members.id });
      if (!inserted) throw new Error("insert into members returned no row");
      if (other.tokenHash) await tx.insert(memberDevices).values({ memberId: inserted.id, tokenHash: other.tokenHash });
      await tx.insert(preferences).values({ memberId: inserted.id, tripId: trip.id, data: other.preferences });
    }
    return { trip, organizer: member };
  });
}

export async function getTripByInviteToken({
  inviteToken,
}: {
  inviteToken: string;
}): Promise<{ trip: Trip; memberCount: number } | null> {
  // Invite tokens are all made by newToken(): anything else (a NUL byte Postgres refuses, a typo) is no invite.
  if (!looksLikeToken(inviteToken)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      trip: trips,
      // Spelled out: in a single-table select drizzle renders columns unqualified, and an
      // unqualified `trip_id = id` inside the subquery compares members.id (always 0).
      memberCount: sql<number>`(select count(*)::int from "members" m where m.trip_id = "trips"."id")`,
    })
    .from(trips)
    .where(eq(trips.inviteToken, inviteToken));
  return row ?? null;
}

/** Who a joiner is joining: the organizer's name and every member's first name, in join order. */
export async function joinPageMembers({
  tripId,
  withheld = () => false,
}: {
  tripId: string;
  /** Names it is true of (judged on the whole name) are listed as "a member". */
  withheld?: (name: string) => boolean;
}): Promise<{ organizer: string; names: string[] }> {
  const db = await getDb();
  const rows = await db
    .select({ name: members.name, role: members.role })
    .from(members)
    .where(eq(members.tripId, tripId))
    .orderBy(members.createdAt, members.id);
  const firstName = (name: string) => (withheld(name) ? "a member" : (name.trim().split(/\s+/)[0] ?? name));
  return {
    organizer: firstName(rows.find((r) => r.role === "organizer")?.name ?? ""),
    names: rows.filter((r) => r.role !== "organizer").map((r) => firstName(r.name)),
  };
}

export async function replaceInviteToken({
  tripId,
  inviteToken,
}: {
  tripId: string;
  inviteToken: string;
}): Promise<void> {
  const db = await getDb();
  await db.update(trips).set({ inviteToken, updatedAt: new Date() }).where(eq(trips.id, tripId));
}

export async function getTrip({ tripId }: { tripId: string }): Promise<Trip | null> {
  const db = await getDb();
  const [trip] = await db.select().from(trips).where(eq(trips.id, tripId));
  return trip ?? null;
}

/**
 * The lifecycle check (lib/trip-status.ts) inside the transaction of the write it guards:
 * locks the trip row (so a concurrent run start or choice waits), refuses a transition
 * the trip's status doesn't allow, and — for transitions that need the trip idle — one
 * while any of its runs is going. Returns the locked trip.
 */
export async function lockTripFor(tx: Tx, tripId: string, name: TransitionName): Promise<Trip> {
  const trip = await lockTripRow(tx, tripId);
  const transition = TRANSITIONS[name];
  if (!canTransition(trip.status, name)) throw new AppError("conflict:trip-status", transition.refusal);
  if (transition.idle) {
    const [busy] = await tx
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (busy) throw new AppError("conflict:run-active", BUSY_REFUSAL);
  }
  return trip;
}

/**
 * The first lock of a write that changes the trip or must not overlap another such write
 * (lib/db/transaction.ts has the order). FOR NO KEY UPDATE: writes that only point at the
 * trip (an event, a flag, a vote) check their foreign key without waiting for it.
 */
export async function lockTripRow(tx: Tx, tripId: string): Promise<Trip> {
  const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId)).for("no key update");
  if (!trip) throw tripNotFound();
  return trip;
}

/**
 * Moves the locked trip along `name` and sets whatever else the same write changes.
 * `announce: false` when the caller's own event says it (a run's start names the stage it moves to).
 */
export async function applyTransition(
  tx: Tx,
  tripId: string,
  name: TransitionName,
  set: Partial<Omit<Trip, "id" | "status">> = {},
  { announce = true }: { announce?: boolean } = {},
): Promise<Trip> {
  const [trip] = await tx
    .update(trips)
    .set({ ...set, status: TRANSITIONS[name].to, updatedAt: new Date() })
    .where(eq(trips.id, tripId))
    .returning();
  if (!trip) throw tripNotFound();
  if (announce) await publishTripEvent({ tx, tripId, event: { kind: "trip.changed", status: trip.status } });
  return trip;
}

/**
 * The organizer renames the trip or changes its description, in any state of the trip.
 * Open views hear `trip.changed` and re-read the trip.
 */
export async function renameTrip({
  tripId,
  name,
  description,
}: {
  tripId: string;
  name: string;
  /** Left as it is when absent. */
  description?: string;
}): Promise<Trip> {
  return transaction(async (tx) => {
    const [trip] = await tx
      .update(trips)
      .set({ name, ...(description === undefined ? {} : { description }), updatedAt: new Date() })
      .where(eq(trips.id, tripId))
      .returning();
    if (!trip) throw tripNotFound();
    await publishTripEvent({ tx, tripId, event: { kind: "trip.changed", status: trip.status } });
    return trip;
  });
}

/** The organizer confirms the dates the plan is for. */
export async function setTripDates({
  tripId,
  startDate,
  endDate,
}: {
  tripId: string;
  startDate: string;
  endDate: string;
}): Promise<Trip> {
  return transaction(async (tx) => {
    await lockTripFor(tx, tripId, "plan");
    return applyTransition(tx, tripId, "plan", { startDate, endDate });
  });
}

/** Back to the destination ideas: the choice is cleared; plans, feedback and dates are kept for when it's made again. */
export async function reopenDestinationChoice({ tripId }: { tripId: string }): Promise<Trip> {
  return transaction(async (tx) => {
    await lockTripFor(tx, tripId, "reopenChoice");
    return applyTransition(tx, tripId, "reopenChoice", { selectedRecommendationId: null, selectedDestination: null });
  });
}

/**
 * The plan is final: the current version is frozen until the organizer reopens it. Members
 * who asked to hear of it (all but `byMemberId`, who did it) get an email, queued with it.
 */
export async function finalizeTripPlan({ tripId, byMemberId }: { tripId: string; byMemberId?: string }): Promise<Trip> {
  return transaction(async (tx) => {
    const trip = await lockTripFor(tx, tripId, "finalize");
    const [current] = trip.currentItineraryId
      ? await tx
          .select({ payload: itineraries.payload })
          .from(itineraries)
          .where(eq(itineraries.id, trip.currentItineraryId))
      : [];
    if (!current) throw new AppError("conflict:no-itinerary", "Generate the plan first.");
    const differ = planDatesDiffer(current.payload, trip);
    if (differ) throw new AppError("conflict:dates-changed", differ);
    const finalizedAt = new Date();
    await enqueueNotifications({
      tx,
      tripId,
      body: { topic: "final" },
      dedupeKey: `final:${finalizedAt.toISOString()}`,
      exceptMemberId: byMemberId,
    });
    return applyTransition(tx, tripId, "finalize", { finalizedAt });
  });
}

/** Back to planning; every version and all feedback are kept, and the regeneration count stays. */
export async function reopenTripPlan({ tripId }: { tripId: string }): Promise<Trip> {
  return transaction(async (tx) => {
    await lockTripFor(tx, tripId, "reopenPlan");
    return applyTransition(tx, tripId, "reopenPlan", { finalizedAt: null });
  });
}
