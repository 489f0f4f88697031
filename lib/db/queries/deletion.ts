import "server-only";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import {
  itineraries,
  members,
  modelSpend,
  pipelineRuns,
  preferences,
  rateLimits,
  recommendations,
  runSteps,
  trips,
} from "@/lib/db/schema";
import { itineraryWithoutMember, jsonWithoutMember, packWithoutMember } from "@/lib/erasure";
import { AppError, tripNotFound } from "@/lib/errors";
import { Itinerary } from "@/lib/schemas/itinerary";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import { publishTripEvent } from "./trip-events";

/**
 * Deleting data (issue 15 "Delete"): erased, not hidden.
 */

/** Model spend of deleted trips still counts against the server's daily budget, under no trip. */
export const DELETED_TRIP_ID = "00000000-0000-0000-0000-000000000000";

/**
 * The whole trip, in one transaction: the trip row, and by its foreign keys (all
 * `on delete cascade`, lib/db/schema.ts) its members and their answers, runs, their steps
 * and progress, recommendations and votes, itineraries, feedback and live events. Its
 * share link and members' cookies then find nothing. Its model spend stays counted for the
 * day's server-wide budget but no longer names the trip; its rate-limit counters go.
 * Refused while something is being generated (the run would write into a deleted trip),
 * and unless `confirmName` is the trip's name.
 */
export async function deleteTripAndEverything({
  tripId,
  confirmName,
}: {
  tripId: string;
  confirmName: string;
}): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId)).for("update");
    if (!trip) throw tripNotFound();
    if (confirmName.trim() !== trip.name.trim()) {
      throw new AppError("invalid:confirm", "Type the trip's name exactly as it is to delete it.", {
        confirmName: "That isn't the trip's name",
      });
    }
    const [busy] = await tx
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (busy) {
      throw new AppError(
        "conflict:run-active",
        "Something is being generated for this trip right now. Wait for it to finish, then delete the trip.",
      );
    }
    const memberIds = (await tx.select({ id: members.id }).from(members).where(eq(members.tripId, tripId))).map(
      (m) => m.id,
    );
    const keys = [tripId, ...memberIds];
    await tx.delete(rateLimits).where(or(...keys.map((id) => like(rateLimits.key, `%${id}`))));
    await tx.update(modelSpend).set({ tripId: DELETED_TRIP_ID }).where(eq(modelSpend.tripId, tripId));
    // Open pages hear it on commit (the notification carries the event; its row goes with the trip).
    await publishTripEvent({ tx, tripId, event: { kind: "trip.deleted" } });
    await tx.delete(trips).where(eq(trips.id, tripId));
  });
}

/**
 * A member's own answers, erased: their preferences row, the memoized steps of the
 * trip's finished runs (which hold the answers each run read), and in every stored
 * recommendations pack and plan version the figures computed for them alone and the
 * constraints attributed to them (lib/erasure.ts). The outputs themselves stay (the
 * group's plan is the group's); the member stays in the trip and counts as not answered.
 * Returns whether there were answers to erase.
 */
export async function eraseMemberAnswers({ tripId, memberId }: { tripId: string; memberId: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const erased = await tx
      .delete(preferences)
      .where(and(eq(preferences.tripId, tripId), eq(preferences.memberId, memberId)))
      .returning({ memberId: preferences.memberId });
    const finished = tx
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), sql`${pipelineRuns.status} <> 'running'`));
    await tx
      .delete(runSteps)
      .where(and(inArray(runSteps.runId, finished), sql`${runSteps.result}::text like ${`%${memberId}%`}`));
    const packs = await tx
      .select({ id: recommendations.id, payload: recommendations.payload })
      .from(recommendations)
      .where(eq(recommendations.tripId, tripId));
    for (const row of packs) {
      const pack = RecommendationsPack.safeParse(row.payload);
      const payload = pack.success
        ? RecommendationsPack.parse(packWithoutMember(pack.data, memberId))
        : (jsonWithoutMember(row.payload, memberId) as RecommendationsPack);
      await tx.update(recommendations).set({ payload }).where(eq(recommendations.id, row.id));
    }
    const plans = await tx
      .select({ id: itineraries.id, payload: itineraries.payload })
      .from(itineraries)
      .where(eq(itineraries.tripId, tripId));
    for (const row of plans) {
      const plan = Itinerary.safeParse(row.payload);
      const payload = plan.success
        ? Itinerary.parse(itineraryWithoutMember(plan.data, memberId))
        : (jsonWithoutMember(row.payload, memberId) as Itinerary);
      await tx.update(itineraries).set({ payload }).where(eq(itineraries.id, row.id));
    }
    await publishTripEvent({ tx, tripId, event: { kind: "preferences.erased", memberId } });
    return { erased: erased.length > 0 };
  });
}
