import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { resolutionRequests } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import type { Conflict } from "@/lib/schemas/group-profile";
import { enqueueNotifications } from "./notifications";
import { publishTripEvent } from "./trip-events";

export type ResolutionRequest = {
  memberId: string;
  conflict: Conflict["kind"];
  askedAt: string;
  declined: boolean;
};

/** One member's request about one conflict of a trip. */
type RequestKey = { tripId: string; memberId: string; conflict: Conflict["kind"] };

/** The trip's requests (the organizer's view), or one member's own. */
export async function listRequests({
  tripId,
  memberId,
}: {
  tripId: string;
  memberId?: string;
}): Promise<ResolutionRequest[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(resolutionRequests)
    .where(
      and(eq(resolutionRequests.tripId, tripId), memberId ? eq(resolutionRequests.memberId, memberId) : undefined),
    );
  return rows.map((r) => ({
    memberId: r.memberId,
    conflict: r.conflict as Conflict["kind"],
    askedAt: r.askedAt.toISOString(),
    declined: r.declinedAt !== null,
  }));
}

/** Asks (again: a declined request is asked anew) and tells the trip's open views. */
export async function saveRequest({ tripId, memberId, conflict }: RequestKey): Promise<void> {
  await transaction(async (tx) => {
    await tx
      .insert(resolutionRequests)
      .values({ tripId, memberId, conflict })
      .onConflictDoUpdate({
        target: [resolutionRequests.memberId, resolutionRequests.conflict],
        set: { askedAt: new Date(), declinedAt: null },
      });
    // The asked member hears of it by email too, if they chose to (asked again: a new email).
    await enqueueNotifications({
      tx,
      tripId,
      memberId,
      body: { topic: "request", conflict },
      dedupeKey: `request:${conflict}:${Date.now()}`,
    });
    await publishTripEvent({ tx, tripId, event: { kind: "request.changed", memberId } });
  });
}

/** The member declines; false when there was nothing open to decline. */
export async function declineRequest({ tripId, memberId, conflict }: RequestKey): Promise<boolean> {
  return transaction(async (tx) => {
    const declined = await tx
      .update(resolutionRequests)
      .set({ declinedAt: new Date() })
      .where(
        and(
          eq(resolutionRequests.tripId, tripId),
          eq(resolutionRequests.memberId, memberId),
          eq(resolutionRequests.conflict, conflict),
        ),
      )
      .returning({ id: resolutionRequests.id });
    if (declined.length) await publishTripEvent({ tx, tripId, event: { kind: "request.changed", memberId } });
    return declined.length > 0;
  });
}
