import "server-only";
import { type AnyColumn, and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import {
  feedbackItems,
  itineraries,
  members,
  modelSpend,
  pipelineRuns,
  preferences,
  progressEvents,
  rateLimits,
  recommendations,
  runSteps,
  tripEvents,
  trips,
} from "@/lib/db/schema";
import { transaction } from "@/lib/db/transaction";
import { itineraryWithoutMember, jsonWithoutMember, jsonWithoutName, packWithoutMember } from "@/lib/erasure";
import { AppError, tripNotFound } from "@/lib/errors";
import { Itinerary } from "@/lib/schemas/itinerary";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import type { TripEventBody } from "@/lib/schemas/trip-events";
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
  await transaction(async (tx) => {
    const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId)).for("no key update");
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
  return transaction(async (tx) => {
    const erased = await scrubMemberAnswers(tx, { tripId, memberId });
    await publishTripEvent({ tx, tripId, event: { kind: "preferences.erased", memberId } });
    return { erased };
  });
}

/** What erasing a member's answers does (see eraseMemberAnswers), inside the caller's transaction. */
async function scrubMemberAnswers(
  tx: Tx,
  { tripId, memberId, feedbackIds = [] }: { tripId: string; memberId: string; feedbackIds?: string[] },
): Promise<boolean> {
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
      ? Itinerary.parse(itineraryWithoutMember(plan.data, memberId, feedbackIds))
      : (jsonWithoutMember(row.payload, memberId) as Itinerary);
    await tx.update(itineraries).set({ payload }).where(eq(itineraries.id, row.id));
  }
  return erased.length > 0;
}

/**
 * A member (not the organizer) leaves the trip, and what they put in it is erased with
 * them, in one transaction: their answers as `eraseMemberAnswers` erases them (so plans
 * made with them say the answers changed), then their member row and with it, by its
 * foreign keys (`on delete cascade`), their devices, sign-in links, votes and flags and
 * suggestions; what becomes of their feedback goes from every plan version, and their
 * rate-limit counters go. Rows the group shares (runs they started, plan versions) keep
 * their place with `requested_by` / `created_by` set to null. Their cookie and personal
 * link then find nothing. Refused for the organizer (the trip would have none), and while
 * something is being generated (the run read their answers and would write them back).
 * The organizer removing a member (`byOrganizer`) erases exactly the same.
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
    await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for("no key update");
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
    const [busy] = await tx
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.tripId, tripId), eq(pipelineRuns.status, "running")));
    if (busy) {
      throw new AppError(
        "conflict:run-active",
        `Something is being generated for this trip right now. Wait for it to finish, then ${
          byOrganizer ? "remove them" : "leave the trip"
        }.`,
      );
    }
    const feedbackIds = (
      await tx.select({ id: feedbackItems.id }).from(feedbackItems).where(eq(feedbackItems.memberId, memberId))
    ).map((f) => f.id);
    await scrubMemberAnswers(tx, { tripId, memberId, feedbackIds });
    await scrubMemberName(tx, { tripId, memberId, name: member.name });
    await tx.delete(rateLimits).where(like(rateLimits.key, `%${memberId}`));
    await tx.delete(members).where(eq(members.id, memberId));
    // Others' member lists refresh; the leaver's own open live views close (lib/live/stream.ts).
    await publishTripEvent({ tx, tripId, event: { kind: "member.left", memberId } });
  });
}

/**
 * The leaver's name out of the text made while they were in the trip (generated prose,
 * progress messages, decision logs, live events: lib/erasure.ts `jsonWithoutName`), and
 * their id out of progress details, decision logs, memoized steps and run inputs. Only rows whose
 * text holds the name are rewritten; progress steps about them alone are deleted.
 */
async function scrubMemberName(tx: Tx, { tripId, memberId, name }: { tripId: string; memberId: string; name: string }) {
  // How the name reads inside a jsonb value's text (quotes and backslashes escaped).
  const needle = JSON.stringify(name.trim()).slice(1, -1);
  const holds = (column: AnyColumn) => sql`strpos(${column}::text, ${needle}) > 0`;
  const unnamed = <T>(value: T): T => jsonWithoutName(value, name) as T;
  // Packs and plans already lost their id where it attributes something (scrubMemberAnswers;
  // who had answered stays, as when erasing answers); logs and details lose it everywhere.
  const scrub = <T>(value: T): T => unnamed(jsonWithoutMember(value, memberId) as T);
  const tripRuns = tx.select({ id: pipelineRuns.id }).from(pipelineRuns).where(eq(pipelineRuns.tripId, tripId));

  const packs = await tx
    .select()
    .from(recommendations)
    .where(
      and(eq(recommendations.tripId, tripId), or(holds(recommendations.payload), holds(recommendations.decisionLog))),
    );
  for (const row of packs) {
    await tx
      .update(recommendations)
      .set({ payload: unnamed(row.payload), decisionLog: scrub(row.decisionLog) })
      .where(eq(recommendations.id, row.id));
  }
  const plans = await tx
    .select()
    .from(itineraries)
    .where(and(eq(itineraries.tripId, tripId), or(holds(itineraries.payload), holds(itineraries.decisionLog))));
  for (const row of plans) {
    await tx
      .update(itineraries)
      .set({ payload: unnamed(row.payload), decisionLog: scrub(row.decisionLog) })
      .where(eq(itineraries.id, row.id));
  }
  // Steps about them alone ("Reading Sam's answers…"), and their echoes on the live channel, go.
  await tx
    .delete(progressEvents)
    .where(and(inArray(progressEvents.runId, tripRuns), like(progressEvents.stepId, `%${memberId}%`)));
  await tx
    .delete(tripEvents)
    .where(
      and(
        eq(tripEvents.tripId, tripId),
        eq(tripEvents.kind, "run.progress"),
        sql`${tripEvents.data}::text like ${`%${memberId}%`}`,
      ),
    );
  const progress = await tx
    .select()
    .from(progressEvents)
    .where(
      and(inArray(progressEvents.runId, tripRuns), or(holds(progressEvents.message), holds(progressEvents.detail))),
    );
  for (const row of progress) {
    await tx
      .update(progressEvents)
      .set({ message: scrub(row.message), detail: scrub(row.detail) })
      .where(eq(progressEvents.id, row.id));
  }
  const steps = await tx
    .select()
    .from(runSteps)
    .where(and(inArray(runSteps.runId, tripRuns), holds(runSteps.result)));
  for (const row of steps) {
    await tx
      .update(runSteps)
      .set({ result: scrub(row.result) })
      .where(and(eq(runSteps.runId, row.runId), eq(runSteps.stepId, row.stepId)));
  }
  const runs = await tx
    .select()
    .from(pipelineRuns)
    .where(and(eq(pipelineRuns.tripId, tripId), or(holds(pipelineRuns.input), holds(pipelineRuns.error))));
  for (const row of runs) {
    await tx
      .update(pipelineRuns)
      .set({ input: scrub(row.input), error: scrub(row.error) })
      .where(eq(pipelineRuns.id, row.id));
  }
  const events = await tx
    .select()
    .from(tripEvents)
    .where(and(eq(tripEvents.tripId, tripId), holds(tripEvents.data)));
  for (const row of events) {
    await tx
      .update(tripEvents)
      .set({ data: jsonWithoutName(row.data, name) as TripEventBody })
      .where(eq(tripEvents.id, row.id));
  }
}

export function organizerCannotLeave(): AppError {
  return new AppError(
    "forbidden:organizer-leave",
    "As the organizer you can't leave the trip. Delete the trip instead (from the dashboard), or keep it: " +
      "handing it over to someone else isn't possible yet.",
  );
}
