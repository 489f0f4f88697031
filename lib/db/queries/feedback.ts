import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { lockTripFor } from "@/lib/db/queries/trips";
import { type FeedbackItemRow, feedbackItems } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import type { FlagReason } from "@/lib/schemas/itinerary";
import { publishTripEvent } from "./trip-events";

/** Every flag and suggestion of the trip, oldest first (open, answered and withdrawn). */
export async function listFeedback({ tripId }: { tripId: string }): Promise<FeedbackItemRow[]> {
  const db = await getDb();
  return db.select().from(feedbackItems).where(eq(feedbackItems.tripId, tripId)).orderBy(asc(feedbackItems.createdAt));
}

export async function listOpenFeedback({ tripId }: { tripId: string }): Promise<FeedbackItemRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(feedbackItems)
    .where(and(eq(feedbackItems.tripId, tripId), eq(feedbackItems.status, "open")))
    .orderBy(asc(feedbackItems.createdAt));
}

/** A member's flag or suggestion on the current plan; refused once the plan is final. */
export async function addFeedback(item: {
  tripId: string;
  memberId: string;
  itineraryVersion: number;
  kind: "flag" | "suggestion";
  itemKey: string | null;
  reason: FlagReason | null;
  text: string;
  suggestedActivityId: string | null;
}): Promise<FeedbackItemRow> {
  return transaction(async (tx) => {
    await lockTripFor(tx, item.tripId, "plan");
    // The same flag or suggestion twice (the same item; the same activity or words) would only count twice.
    const [same] = await tx
      .select({ id: feedbackItems.id })
      .from(feedbackItems)
      .where(
        and(
          eq(feedbackItems.tripId, item.tripId),
          eq(feedbackItems.memberId, item.memberId),
          eq(feedbackItems.kind, item.kind),
          eq(feedbackItems.status, "open"),
          item.kind === "flag"
            ? eq(feedbackItems.itemKey, item.itemKey ?? "")
            : item.suggestedActivityId
              ? eq(feedbackItems.suggestedActivityId, item.suggestedActivityId)
              : and(isNull(feedbackItems.suggestedActivityId), sql`lower(${feedbackItems.text}) = lower(${item.text})`),
        ),
      );
    if (same) {
      throw new AppError(
        "conflict:feedback",
        item.kind === "flag"
          ? "You've already flagged this item. Withdraw that flag to change it."
          : "You've already suggested this; it's waiting for the next version.",
      );
    }
    const [row] = await tx.insert(feedbackItems).values(item).returning();
    if (!row) throw new Error("feedback insert returned no row");
    await publishTripEvent({ tx, tripId: item.tripId, event: { kind: "feedback.changed", feedbackId: row.id } });
    return row;
  });
}

/** A member takes back their own open flag or suggestion (nobody else's). */
export async function withdrawFeedback({
  tripId,
  memberId,
  feedbackId,
}: {
  tripId: string;
  memberId: string;
  feedbackId: string;
}): Promise<void> {
  await transaction(async (tx) => {
    await lockTripFor(tx, tripId, "plan");
    const [row] = await tx
      .update(feedbackItems)
      .set({ status: "withdrawn" })
      .where(
        and(
          eq(feedbackItems.id, feedbackId),
          eq(feedbackItems.tripId, tripId),
          eq(feedbackItems.memberId, memberId),
          eq(feedbackItems.status, "open"),
        ),
      )
      .returning({ id: feedbackItems.id });
    if (!row) throw new AppError("not_found:feedback", "That isn't an open flag or suggestion of yours.");
    await publishTripEvent({ tx, tripId, event: { kind: "feedback.changed", feedbackId } });
  });
}
