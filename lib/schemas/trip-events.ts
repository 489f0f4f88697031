import { z } from "zod";
import { PROGRESS_KINDS } from "@/lib/schemas/pipeline";
import { TRIP_STATUSES } from "@/lib/trip-status";

/**
 * What travels on a trip's live channel (`GET /api/trips/<id>/events`). Every member of
 * the trip receives every event, so an event names what changed (ids, states) and never
 * carries member text, budgets or anything else one member may not see of another: a view
 * that hears an event re-reads what it shows through its own authorized read.
 *
 * Adding a kind: add its object here, publish it with `publishTripEvent` from the query
 * that makes the change (inside its transaction). Open dashboards refresh on any kind
 * they don't handle specially, so nothing else is needed for a view to stay current.
 */

const MemberRef = { memberId: z.uuid() };
const RunRef = { runId: z.uuid() };

/** One row of the run timeline, as every member sees it (no timings, models or tokens: those are on /status). */
export const TimelineEntry = z.object({
  id: z.number().int(),
  stepId: z.string().max(200),
  kind: z.enum(PROGRESS_KINDS),
  stage: z.string().max(40),
  message: z.string().max(500),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const TripEventBody = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member.joined"), ...MemberRef }),
  /**
   * Sent with the leaver's id (their own open views close on it); stored without it once they
   * are gone (lib/db/member-data.ts), so a replay says someone left, not who.
   */
  z.object({ kind: z.literal("member.left"), memberId: z.uuid().optional() }),
  /** One browser of a member was signed out (its open views stop hearing the trip). */
  z.object({ kind: z.literal("device.revoked"), ...MemberRef, deviceId: z.uuid() }),
  z.object({ kind: z.literal("preferences.saved"), ...MemberRef }),
  /** A member erased their own answers (they count as not answered again). */
  z.object({ kind: z.literal("preferences.erased"), ...MemberRef }),
  z.object({ kind: z.literal("run.started"), ...RunRef }),
  z.object({ kind: z.literal("run.progress"), ...RunRef, progress: TimelineEntry }),
  z.object({ kind: z.literal("run.ended"), ...RunRef, status: z.enum(["succeeded", "failed"]) }),
  z.object({ kind: z.literal("vote.changed"), recommendationId: z.uuid() }),
  z.object({ kind: z.literal("destination.chosen"), recommendationId: z.uuid(), slug: z.string().max(80) }),
  /** The trip moved along its lifecycle or its plan-level settings changed (dates, finalize, reopen). */
  z.object({ kind: z.literal("trip.changed"), status: z.enum(TRIP_STATUSES) }),
  /** A new version of the plan is current (generated, regenerated, restored or edited by hand). */
  z.object({ kind: z.literal("itinerary.version"), version: z.number().int().min(1) }),
  /** The organizer deleted the trip (its last event: it goes with the trip's other rows). */
  z.object({ kind: z.literal("trip.deleted") }),
  /** A flag or suggestion was added or withdrawn. */
  z.object({ kind: z.literal("feedback.changed"), feedbackId: z.uuid() }),
  /** The organizer asked a member to look at a conflict, or the member declined. */
  z.object({ kind: z.literal("request.changed"), ...MemberRef }),
]);
export type TripEventBody = z.infer<typeof TripEventBody>;
export type TripEventKind = TripEventBody["kind"];

/** An event as stored and sent: its body plus the id `Last-Event-ID` resumes from and when it happened. */
export const TripEvent = z.intersection(
  z.object({ id: z.number().int().positive(), at: z.iso.datetime() }),
  TripEventBody,
);
export type TripEvent = z.infer<typeof TripEvent>;
