import "server-only";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { applyTransition, lockTripFor } from "@/lib/db/queries/trips";
import { destinationVotes, feedbackItems, itineraries, recommendations, trips } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { DecisionLogEntry } from "@/lib/schemas/pipeline";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import { publishTripEvent } from "./trip-events";

export type StoredRecommendations = {
  id: string;
  runId: string;
  pack: RecommendationsPack;
  decisionLog: DecisionLogEntry[];
  createdAt: Date;
};

export async function latestRecommendations({ tripId }: { tripId: string }): Promise<StoredRecommendations | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(recommendations)
    .where(eq(recommendations.tripId, tripId))
    .orderBy(desc(recommendations.version))
    .limit(1);
  return row ? storedRecommendations(row) : null;
}

export async function countRecommendations({ tripId }: { tripId: string }): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(recommendations).where(eq(recommendations.tripId, tripId));
  return row?.n ?? 0;
}

async function requireOption(tx: Tx, tripId: string, recommendationId: string, slug: string): Promise<void> {
  const [row] = await tx
    .select({ payload: recommendations.payload })
    .from(recommendations)
    .where(and(eq(recommendations.id, recommendationId), eq(recommendations.tripId, tripId)));
  const pack = row ? RecommendationsPack.parse(row.payload) : null;
  if (!pack?.options.some((o) => o.slug === slug)) {
    throw new AppError("not_found:option", "That destination isn't one of this trip's options any more.");
  }
}

/** Why a pick from an earlier set of ideas is refused (the page then shows the newest set). */
export const RECOMMENDATIONS_REPLACED =
  "These ideas were replaced by newer ones — here are the new ones. Choose again from them.";

/**
 * A choice names the newest set of ideas (a tab left open, or a run that finished first,
 * shows an earlier one): a pick from an earlier set would be stored but shown nowhere.
 * With the trip row locked, no run can store a newer set meanwhile (lib/db/queries/runs.ts).
 */
async function requireNewestSet(tx: Tx, tripId: string, recommendationId: string): Promise<void> {
  const [newest] = await tx
    .select({ id: recommendations.id })
    .from(recommendations)
    .where(eq(recommendations.tripId, tripId))
    .orderBy(desc(recommendations.version))
    .limit(1);
  if (newest && newest.id !== recommendationId) {
    throw new AppError("conflict:recommendations-replaced", RECOMMENDATIONS_REPLACED);
  }
}

/**
 * Votes close when the organizer chooses. The trip row is read FOR SHARE, so a vote and
 * a choice racing each other are ordered: a vote either lands before the choice or is refused.
 */
async function requireVotingOpen(tx: Tx, tripId: string): Promise<void> {
  const [trip] = await tx
    .select({ selected: trips.selectedDestination })
    .from(trips)
    .where(eq(trips.id, tripId))
    .for("share");
  if (trip?.selected) {
    throw new AppError("conflict:votes-closed", "Voting has closed: the organizer has chosen a destination.");
  }
}

/** One vote per member per set of options; voting again moves it. Refused once a destination is chosen. */
export async function castVote({
  tripId,
  recommendationId,
  memberId,
  slug,
}: {
  tripId: string;
  recommendationId: string;
  memberId: string;
  slug: string;
}): Promise<void> {
  await transaction(async (tx) => {
    await requireVotingOpen(tx, tripId);
    await requireOption(tx, tripId, recommendationId, slug);
    await tx
      .insert(destinationVotes)
      .values({ recommendationId, memberId, slug })
      .onConflictDoUpdate({
        target: [destinationVotes.recommendationId, destinationVotes.memberId],
        set: { slug, createdAt: new Date() },
      });
    await publishTripEvent({ tx, tripId, event: { kind: "vote.changed", recommendationId } });
  });
}

/** Takes the member's vote back (nothing to do if they had none). Refused once a destination is chosen. */
export async function withdrawVote({
  tripId,
  recommendationId,
  memberId,
}: {
  tripId: string;
  recommendationId: string;
  memberId: string;
}): Promise<{ withdrawn: boolean }> {
  return transaction(async (tx) => {
    await requireVotingOpen(tx, tripId);
    const removed = await tx
      .delete(destinationVotes)
      .where(
        and(
          eq(destinationVotes.recommendationId, recommendationId),
          eq(destinationVotes.memberId, memberId),
          // Only a vote on this trip's options: the recommendation id alone comes from the browser.
          inArray(
            destinationVotes.recommendationId,
            tx.select({ id: recommendations.id }).from(recommendations).where(eq(recommendations.tripId, tripId)),
          ),
        ),
      )
      .returning({ slug: destinationVotes.slug });
    if (removed.length) await publishTripEvent({ tx, tripId, event: { kind: "vote.changed", recommendationId } });
    return { withdrawn: removed.length > 0 };
  });
}

export async function listVotes({ recommendationId }: { recommendationId: string }) {
  const db = await getDb();
  return db
    .select({ memberId: destinationVotes.memberId, slug: destinationVotes.slug })
    .from(destinationVotes)
    .where(eq(destinationVotes.recommendationId, recommendationId));
}

const OTHER_DESTINATION = "The group chose another destination, so the plan this was about isn't being planned now.";

/**
 * The organizer's pick: the trip moves on to planning and voting closes, in one
 * transaction with the lifecycle check — refused while a run is going (a new pack would
 * hide the choice) and once a destination is chosen (reopen the choice first).
 */
export async function selectDestination({
  tripId,
  recommendationId,
  slug,
}: {
  tripId: string;
  recommendationId: string;
  slug: string;
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTripFor(tx, tripId, "choose");
    await requireNewestSet(tx, tripId, recommendationId);
    await requireOption(tx, tripId, recommendationId, slug);
    // After a reopened choice, the plan shown is the latest one made for this destination, if any:
    // never a plan for the destination chosen before (it would be edited, finalized and shared as this one).
    const [plan] = await tx
      .select({ id: itineraries.id })
      .from(itineraries)
      .where(and(eq(itineraries.tripId, tripId), sql`${itineraries.payload}->'destination'->>'slug' = ${slug}`))
      .orderBy(desc(itineraries.version))
      .limit(1);
    await applyTransition(tx, tripId, "choose", {
      selectedRecommendationId: recommendationId,
      selectedDestination: slug,
      currentItineraryId: plan?.id ?? null,
    });
    // Flags and suggestions on another destination's plan can't be answered by this one's: they
    // are closed, saying why (left open they would ask for a regeneration that counts).
    await tx.execute(sql`
      update ${feedbackItems} f
      set status = 'declined', outcome = jsonb_build_object(
        'feedbackId', f.id::text, 'status', 'declined', 'reason', ${OTHER_DESTINATION}::text, 'alternatives', '[]'::jsonb)
      from ${itineraries} i
      where f.trip_id = ${tripId} and f.status = 'open' and i.trip_id = f.trip_id
        and i.version = f.itinerary_version and i.payload->'destination'->>'slug' <> ${slug}`);
    await publishTripEvent({ tx, tripId, event: { kind: "destination.chosen", recommendationId, slug } });
  });
}

export async function getRecommendation({
  recommendationId,
}: {
  recommendationId: string;
}): Promise<StoredRecommendations | null> {
  const db = await getDb();
  const [row] = await db.select().from(recommendations).where(eq(recommendations.id, recommendationId));
  return row ? storedRecommendations(row) : null;
}

/**
 * A stored pack, parsed with today's contract. A pack made by an earlier version of the
 * product that no longer parses is derived data the organizer can regenerate: it reads
 * as no pack (and is logged), never as a crashed page.
 */
function storedRecommendations(row: typeof recommendations.$inferSelect): StoredRecommendations | null {
  const pack = RecommendationsPack.safeParse(row.payload);
  const decisionLog = DecisionLogEntry.array().safeParse(row.decisionLog);
  if (!pack.success || !decisionLog.success) {
    log.warn({ recommendationId: row.id }, "a stored recommendations pack no longer parses; treating it as absent");
    return null;
  }
  return { id: row.id, runId: row.runId, pack: pack.data, decisionLog: decisionLog.data, createdAt: row.createdAt };
}
