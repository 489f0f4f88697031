import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { conflictDecisions, members, trips } from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors";
import type { ConflictDecision, DecisionView } from "@/lib/schemas/decisions";
import { publishTripEvent } from "./trip-events";

/** The trip's decisions, with who made them (their name when they are still a member). */
export async function listDecisions({ tripId }: { tripId: string }): Promise<DecisionView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      decision: conflictDecisions.decision,
      note: conflictDecisions.note,
      decidedAt: conflictDecisions.decidedAt,
      decidedBy: members.name,
    })
    .from(conflictDecisions)
    .leftJoin(members, eq(members.id, conflictDecisions.decidedBy))
    .where(eq(conflictDecisions.tripId, tripId))
    .orderBy(asc(conflictDecisions.decidedAt));
  return rows.map((r) => ({
    ...r.decision,
    note: r.note,
    decidedBy: r.decidedBy ?? "A former member",
    decidedAt: r.decidedAt.toISOString(),
  }));
}

/** Records (or replaces) the decision of its kind, and tells the trip's open views. */
export async function saveDecision({
  tripId,
  memberId,
  decision,
  note,
}: {
  tripId: string;
  memberId: string;
  decision: ConflictDecision;
  note: string;
}): Promise<void> {
  await transaction(async (tx) => {
    const [trip] = await tx
      .select({ status: trips.status })
      .from(trips)
      .where(eq(trips.id, tripId))
      .for("no key update");
    if (!trip) throw new AppError("not_found:trip", "This trip doesn't exist any more.");
    // Decisions shape the destination ideas; once a destination is chosen, the dates are confirmed on the plan.
    if (trip.status !== "collecting" && trip.status !== "recommending") {
      throw new AppError(
        "conflict:trip-status",
        "A destination is already chosen: confirm the trip's dates on the plan instead.",
      );
    }
    await tx
      .insert(conflictDecisions)
      .values({ tripId, kind: decision.kind, decision, note, decidedBy: memberId })
      .onConflictDoUpdate({
        target: [conflictDecisions.tripId, conflictDecisions.kind],
        set: { decision, note, decidedBy: memberId, decidedAt: new Date() },
      });
    await publishTripEvent({ tx, tripId, event: { kind: "trip.changed", status: trip.status } });
  });
}

export async function clearDecision({ tripId, kind }: { tripId: string; kind: ConflictDecision["kind"] }) {
  await transaction(async (tx) => {
    const [trip] = await tx.select({ status: trips.status }).from(trips).where(eq(trips.id, tripId));
    const removed = await tx
      .delete(conflictDecisions)
      .where(and(eq(conflictDecisions.tripId, tripId), eq(conflictDecisions.kind, kind)))
      .returning({ id: conflictDecisions.id });
    if (removed.length && trip)
      await publishTripEvent({ tx, tripId, event: { kind: "trip.changed", status: trip.status } });
  });
}
