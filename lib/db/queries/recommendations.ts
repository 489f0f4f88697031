import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { destinationVotes, recommendations, trips } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { DecisionLogEntry } from "@/lib/schemas/pipeline";
import { RecommendationsPack } from "@/lib/schemas/recommendations";

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
    .orderBy(desc(recommendations.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    runId: row.runId,
    pack: RecommendationsPack.parse(row.payload),
    decisionLog: DecisionLogEntry.array().parse(row.decisionLog),
    createdAt: row.createdAt,
  };
}

export async function countRecommendations({ tripId }: { tripId: string }): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(recommendations).where(eq(recommendations.tripId, tripId));
  return row?.n ?? 0;
}

async function requireOption(tripId: string, recommendationId: string, slug: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ payload: recommendations.payload })
    .from(recommendations)
    .where(and(eq(recommendations.id, recommendationId), eq(recommendations.tripId, tripId)));
  const pack = row ? RecommendationsPack.parse(row.payload) : null;
  if (!pack?.options.some((o) => o.slug === slug)) {
    throw new AppError("not_found:option", "That destination isn't one of this trip's options any more.");
  }
}

/** One vote per member per set of options; voting again moves it. */
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
  await requireOption(tripId, recommendationId, slug);
  const db = await getDb();
  await db
    .insert(destinationVotes)
    .values({ recommendationId, memberId, slug })
    .onConflictDoUpdate({
      target: [destinationVotes.recommendationId, destinationVotes.memberId],
      set: { slug, createdAt: new Date() },
    });
}

export async function listVotes({ recommendationId }: { recommendationId: string }) {
  const db = await getDb();
  return db
    .select({ memberId: destinationVotes.memberId, slug: destinationVotes.slug })
    .from(destinationVotes)
    .where(eq(destinationVotes.recommendationId, recommendationId));
}

/** The organizer's pick: the trip moves on to planning. */
export async function selectDestination({
  tripId,
  recommendationId,
  slug,
}: {
  tripId: string;
  recommendationId: string;
  slug: string;
}): Promise<void> {
  await requireOption(tripId, recommendationId, slug);
  const db = await getDb();
  await db
    .update(trips)
    .set({
      status: "planning",
      selectedRecommendationId: recommendationId,
      selectedDestination: slug,
      updatedAt: new Date(),
    })
    .where(eq(trips.id, tripId));
}
