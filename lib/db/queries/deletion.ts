import "server-only";
import { and, eq } from "drizzle-orm";
import {
  destinationVotes,
  feedbackItems,
  memberDevices,
  members,
  preferences,
  tripEvents,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { AppError, tripNotFound } from "@/lib/errors";
import { eraseMemberFromTrip, lockIdleTrip, rewriteDeclaredRows, tripDeletionSteps } from "./erasure";
import { publishTripEvent } from "./trip-events";

/**
 * Deleting data (issue 15 "Delete"; issue 25): erased, not hidden. What each table holds of a
 * member and what each erasure does to it is declared in lib/db/member-data.ts and done by
 * lib/db/queries/erasure.ts. Each is refused while something is being generated for the trip
 * (the run read everyone's answers and would write what it made of them back), checked with
 * the trip row locked in the same transaction as the erasure.
 */

/**
 * The whole trip, in one transaction: the trip row, and by its foreign keys (all
 * `on delete cascade`, lib/db/schema.ts) its members and their answers, runs, their steps
 * and progress, recommendations and votes, itineraries, feedback and live events. Its
 * share link and members' cookies then find nothing. Its model spend stays counted for the
 * day's server-wide budget but no longer names the trip; its rate-limit counters go.
 * Refused unless `confirmName` is the trip's name.
 */
export async function deleteTripAndEverything({
  tripId,
  confirmName,
}: {
  tripId: string;
  confirmName: string;
}): Promise<void> {
  await transaction(async (tx) => {
    const trip = await lockIdleTrip(tx, tripId, "delete the trip", { deleting: true });
    if (confirmName.trim() !== trip.name.trim()) {
      throw new AppError("invalid:confirm", "Type the trip's name exactly as it is to delete it.", {
        confirmName: "That isn't the trip's name",
      });
    }
    await tripDeletionSteps(tx, tripId);
    // Open pages hear it on commit (the notification carries the event; its row goes with the trip).
    await publishTripEvent({ tx, tripId, event: { kind: "trip.deleted" } });
    await tx.delete(trips).where(eq(trips.id, tripId));
  });
}

/**
 * A member's own answers, erased: their preferences row, and what every output made from
 * them holds of them (lib/db/member-data.ts, scope `answers`): the trip's finished runs'
 * memoized steps, progress rows of steps about them, cost sheets and attributions in every
 * pack, card and plan version, their name in generated prose. The outputs themselves stay
 * (the group's plan is the group's); the member stays in the trip and counts as not
 * answered. Returns whether there were answers to erase.
 */
export async function eraseMemberAnswers({ tripId, memberId }: { tripId: string; memberId: string }) {
  return transaction(async (tx) => {
    await lockIdleTrip(tx, tripId, "erase your answers");
    const [member] = await tx
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.tripId, tripId)));
    if (!member) throw tripNotFound();
    const [answered] = await tx
      .select({ memberId: preferences.memberId })
      .from(preferences)
      .where(eq(preferences.memberId, memberId));
    await eraseMemberFromTrip(tx, { tripId, memberId, name: member.name, scope: "answers", feedbackIds: [] });
    await publishTripEvent({ tx, tripId, event: { kind: "preferences.erased", memberId } });
    return { erased: Boolean(answered) };
  });
}

/**
 * Starting over on a device added with a help link (lib/actions/device-proof.ts): in one
 * transaction the member's answers are erased as `eraseMemberAnswers` erases them, and so
 * are their votes and their open flags and suggestions — whoever holds the device starts
 * with nothing of the member's to use. Flags already applied or declined stay: they are the
 * plan's history, not something still asking. The device gets full rights, and the group
 * hears it (`member.started-over`; the member list says so from the device's mark). Refused,
 * changing nothing, while something is being generated or if the device no longer awaits proof.
 */
export async function startOverMember({
  tripId,
  memberId,
  deviceId,
  at = new Date(),
}: {
  tripId: string;
  memberId: string;
  deviceId: string;
  at?: Date;
}): Promise<{ votes: number; feedback: number }> {
  return transaction(async (tx) => {
    await lockIdleTrip(tx, tripId, "start over");
    const [member] = await tx
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.tripId, tripId)));
    if (!member) throw tripNotFound();
    const marked = await tx
      .update(memberDevices)
      .set({ awaitingProof: false, startedOverAt: at })
      .where(
        and(
          eq(memberDevices.id, deviceId),
          eq(memberDevices.memberId, memberId),
          eq(memberDevices.awaitingProof, true),
        ),
      )
      .returning({ id: memberDevices.id });
    if (marked.length === 0) throw tripNotFound();
    await eraseMemberFromTrip(tx, { tripId, memberId, name: member.name, scope: "answers", feedbackIds: [] });
    const votes = await tx
      .delete(destinationVotes)
      .where(eq(destinationVotes.memberId, memberId))
      .returning({ slug: destinationVotes.slug });
    const feedback = await tx
      .delete(feedbackItems)
      .where(
        and(eq(feedbackItems.tripId, tripId), eq(feedbackItems.memberId, memberId), eq(feedbackItems.status, "open")),
      )
      .returning({ id: feedbackItems.id });
    await publishTripEvent({ tx, tripId, event: { kind: "member.started-over", memberId } });
    return { votes: votes.length, feedback: feedback.length };
  });
}

/**
 * A member (not the organizer) leaves the trip, and what they put in it is erased with
 * them, in one transaction (lib/db/member-data.ts, scope `member`): their answers as
 * `eraseMemberAnswers` erases them (so plans made with them say the answers changed), their
 * devices, sign-in links, votes, flags and suggestions and what became of them, their
 * requests and rate-limit counters, their id wherever it says who they were (who had
 * answered, the live channel's past events) and their name in generated prose; then their
 * member row. Rows the group shares (runs they started, plan versions, decisions) keep
 * their place with the reference cleared. Their cookie and personal link then find
 * nothing. Refused for the organizer (the trip would have none). The organizer removing a
 * member (`byOrganizer`) erases exactly the same.
 */
export async function leaveTripAndErase({
  tripId,
  memberId,
  byOrganizer = false,
}: {
  tripId: string;
  memberId: string;
  byOrganizer?: boolean;
}): Promise<void> {
  await transaction(async (tx) => {
    // Locked like a run's start locks it (lib/db/queries/runs.ts): none can begin until the leaver is gone.
    await lockIdleTrip(tx, tripId, byOrganizer ? "remove them" : "leave the trip");
    const [member] = await tx
      .select({ role: members.role, name: members.name })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.tripId, tripId)))
      .for("update");
    if (byOrganizer && member?.role !== "member") {
      throw new AppError("not_found:member", "That member isn't in this trip (the organizer can't be removed).");
    }
    if (!member) throw tripNotFound();
    if (member.role === "organizer") throw organizerCannotLeave();
    const feedbackIds = (
      await tx.select({ id: feedbackItems.id }).from(feedbackItems).where(eq(feedbackItems.memberId, memberId))
    ).map((f) => f.id);
    const erasure = { tripId, memberId, name: member.name, scope: "member", feedbackIds } as const;
    await eraseMemberFromTrip(tx, erasure);
    // Others' member lists refresh; the leaver's own open live views close (lib/live/stream.ts): the
    // notification carries their id. Published last (its per-trip lock taken last, as every writer
    // takes it), then stored as the declaration says a departed member's events are: without the id.
    const left = await publishTripEvent({ tx, tripId, event: { kind: "member.left", memberId } });
    await rewriteDeclaredRows(tx, erasure, { table: tripEvents, where: eq(tripEvents.id, left.id) });
  });
}

export function organizerCannotLeave(): AppError {
  return new AppError(
    "forbidden:organizer-leave",
    "As the organizer you can't leave the trip. Delete the trip instead (from the dashboard), or keep it: " +
      "handing it over to someone else isn't possible yet.",
  );
}
