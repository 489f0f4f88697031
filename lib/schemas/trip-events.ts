import { z } from "zod";
import type { Resolution } from "@/lib/resolutions";
import { CostsBoard } from "@/lib/schemas/costs-board";
import { Conflict, ConflictKind, CoverageWindow } from "@/lib/schemas/group-profile";
import { FeedbackOutcome, FLAG_REASONS, ItineraryDay } from "@/lib/schemas/itinerary";
import { PROGRESS_KINDS } from "@/lib/schemas/pipeline";
import { DestinationOption, Opener } from "@/lib/schemas/recommendations";
import { TRIP_STATUSES } from "@/lib/trip-status";

/**
 * What travels on a trip's live channel (`GET /api/trips/<id>/events`). Every member of
 * the trip receives every event, so an event names what changed (ids, states) and never
 * carries member text, budgets or anything else one member may not see of another: a view
 * that needs more reads the payload the server cut for it (see `LiveMessage` below).
 *
 * Adding a kind: add its object here, publish it with `publishTripEvent` from the query
 * that makes the change (inside its transaction); give it a payload in PAYLOADS and
 * lib/live/viewer-payloads.ts when a view should update from it without a server render
 * (open pages re-render on kinds they don't handle themselves).
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
  /**
   * A member started over on a device added with a help link: their answers, votes and open
   * flags are gone (tallies, the plan's open flags and the member list change; pages re-read).
   */
  z.object({ kind: z.literal("member.started-over"), ...MemberRef }),
  /**
   * A run started: its kind and the trip's stage as the start left it, so every open page can
   * show it without a read (older events lack them).
   */
  z.object({
    kind: z.literal("run.started"),
    ...RunRef,
    runKind: z.enum(["recommendations", "itinerary", "regenerate"]).optional(),
    tripStatus: z.enum(TRIP_STATUSES).optional(),
  }),
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
  /**
   * The trip's costs changed: an expense added, edited, deleted or restored, a payment recorded
   * or undone, someone opting out of a plan item. `memberId`: who did it (their event goes when they leave).
   */
  z.object({
    kind: z.literal("costs.changed"),
    ...MemberRef,
    change: z.enum([
      "expense.added",
      "expense.edited",
      "expense.deleted",
      "expense.restored",
      "payment.recorded",
      "payment.undone",
      "opt-out.changed",
      "currency.changed",
    ]),
    expenseId: z.uuid().optional(),
    paymentId: z.uuid().optional(),
  }),
]);
export type TripEventBody = z.infer<typeof TripEventBody>;
export type TripEventKind = TripEventBody["kind"];

/** An event as stored and sent: its body plus the id `Last-Event-ID` resumes from and when it happened. */
export const TripEvent = z.intersection(
  z.object({ id: z.number().int().positive(), at: z.iso.datetime() }),
  TripEventBody,
);
export type TripEvent = z.infer<typeof TripEvent>;

/*
 * What a viewer receives: the event plus `payload`, what changed as that viewer may see it.
 * The stored event (above) names the change and holds nothing private, because every member
 * hears it; the payload is cut on the server for each viewer (lib/live/viewer-payloads.ts),
 * so client components update their own slice without a server render of the page.
 */

/** A member as everyone in the trip sees them: name and whether they have answered (never what). */
export const MemberStatus = z.object({
  id: z.uuid(),
  name: z.string().max(80),
  responded: z.boolean(),
  isOrganizer: z.boolean(),
});
export type MemberStatus = z.infer<typeof MemberStatus>;

/** The votes on a set of cards after a change: counts per card, the viewer's own vote, who hasn't voted (organizer only). */
export const VoteTally = z.object({
  recommendationId: z.uuid(),
  votes: z.record(z.string(), z.number().int().min(0)),
  voted: z.number().int().min(0),
  members: z.number().int().min(0),
  myVote: z.string().nullable(),
  waitingOn: z.array(z.string()).nullable(),
});
export type VoteTally = z.infer<typeof VoteTally>;

/** A card that passed its check while the run goes on, cut to the viewer (their own cost; the organizer everyone's). */
export const EarlyCard = z.object({
  option: DestinationOption,
  othersStretched: z.number().int().min(0),
});
export type EarlyCard = z.infer<typeof EarlyCard>;

/** A flag or suggestion on the plan, as the plan page shows it to everyone (risk-flagged text never gets this far). */
export const FeedbackChange = z.object({
  id: z.uuid(),
  kind: z.enum(["flag", "suggestion"]),
  memberId: z.uuid(),
  memberName: z.string().max(80),
  mine: z.boolean(),
  itemKey: z.string().nullable(),
  reason: z.enum(FLAG_REASONS).nullable(),
  text: z.string().max(1000),
  /** Why the words were held back (they read as instructions to the planner): for their author and the organizer. */
  heldBack: z.string().nullable(),
  suggestedActivityId: z.string().nullable(),
  status: z.enum(["open", "applied", "declined", "withdrawn"]),
  outcome: FeedbackOutcome.nullable(),
  itineraryVersion: z.number().int(),
  /** The organizer lifted the flag, with a reason everyone sees. */
  liftedByOrganizer: z.object({ reason: z.string().max(500) }).nullable(),
});
export type FeedbackChange = z.infer<typeof FeedbackChange>;

/**
 * The dashboard's group sections as one viewer sees them after a join, a save or erase of
 * answers, or a request: who is in and who answered, the conflicts (with the viewer's own
 * fixes), the organizer's requests and whom they could ask. Cut by the dashboard's own rules
 * (lib/views/dashboard.ts `dashboardFrom`): a member sees their own requests and fixes only, and
 * nobody's answers travel (a fix changes the viewer's own answers, so it holds only theirs).
 */
export const GroupSlice = z.object({
  members: z.array(
    z.object({
      id: z.uuid(),
      name: z.string().max(80),
      role: z.enum(["organizer", "member"]),
      responded: z.boolean(),
      /** The viewer's own, or (organizer) anyone's: their home isn't confirmed, or not given. */
      homeNote: z.enum(["unconfirmed", "missing"]).optional(),
      /** "Sam started over on a new device, Dec 1 22:31 UTC" (everyone sees it). */
      startedOver: z.string().max(200).optional(),
    }),
  ),
  /** The viewer has answered. */
  hasResponded: z.boolean(),
  conflicts: z.array(Conflict),
  requests: z.array(
    z.object({ memberId: z.uuid(), conflict: ConflictKind, askedAt: z.string().max(40), declined: z.boolean() }),
  ),
  /** Organizer: who could fix which conflict with their own answers (empty for members). */
  askable: z.array(z.object({ conflict: ConflictKind, memberId: z.uuid() })),
  fixes: z.object({
    resolutions: z.array(
      z.custom<Resolution>(
        (v) => typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string",
      ),
    ),
    answersVersion: z.number().int().nullable(),
  }),
  /** The best dates to propose while the dates conflict (dates aren't private), for the organizer's decision. */
  proposal: z.object({ start: z.string().max(10), end: z.string().max(10) }).nullable(),
  /** The organizer's decided dates and who they leave out. */
  decidedDates: CoverageWindow.nullable(),
  /** Whether the group splits over home or abroad with no decision yet. */
  scopeSplit: z.boolean(),
  /** Organizer: every member's signed-in devices, as the member list shows them (null for members). */
  devices: z
    .array(
      z.object({
        id: z.uuid(),
        memberId: z.uuid(),
        label: z.string().max(200),
        lastSeen: z.string().max(80),
        lastSeenMs: z.number(),
        isThisDevice: z.boolean(),
        added: z.string().max(300),
        awaitingProof: z.boolean(),
      }),
    )
    .nullable(),
  /**
   * When fewer than three places fit: how many do and the changes that would open more, cut
   * for the viewer (a member reads others' as the kind of change and its count).
   */
  fewFit: z.object({ fit: z.number().int().min(0), openers: z.array(Opener) }).nullable(),
});
export type GroupSlice = z.infer<typeof GroupSlice>;

const MemberPayload = z.object({ member: MemberStatus.nullable(), group: GroupSlice.nullable() });

/** Per kind, what its payload holds; kinds not listed carry all they need in the event itself. */
export const PAYLOADS = {
  "member.joined": MemberPayload,
  "preferences.saved": MemberPayload,
  "preferences.erased": MemberPayload,
  /**
   * `card`: a card that passed its check; `picks`: the shortlist, when the ranker finished;
   * `day`: a plan's day as first drafted, before the checks (the same for every member).
   */
  "run.progress": z.object({
    card: EarlyCard.nullable(),
    picks: z.array(z.string()).nullable(),
    day: ItineraryDay.nullable(),
  }),
  "vote.changed": z.object({ tally: VoteTally }),
  "feedback.changed": z.object({ feedback: FeedbackChange.nullable() }),
  "itinerary.version": z.object({ source: z.string().max(40), days: z.number().int().min(0) }),
  "request.changed": z.object({ group: GroupSlice.nullable() }),
  /** The viewer's costs board (lib/costs-board.ts); null for someone no longer in. */
  "costs.changed": z.object({ board: CostsBoard.nullable() }),
} as const satisfies Partial<Record<TripEventKind, z.ZodType>>;
type Payloads = typeof PAYLOADS;
export type PayloadOf<K extends TripEventKind> = K extends keyof Payloads ? z.infer<Payloads[K]> : undefined;

/** One message on the wire: the stored event and, for the kinds in PAYLOADS, the viewer's payload. */
export type LiveMessage = {
  [K in TripEventKind]: Extract<TripEvent, { kind: K }> & { payload?: PayloadOf<K> };
}[TripEventKind];

/** Checks a message as a browser receives it (tests; the server builds them from parsed parts). */
export const LiveMessage = z
  .intersection(TripEvent, z.object({ payload: z.unknown().optional() }))
  .superRefine((message, ctx) => {
    const schema = (PAYLOADS as Partial<Record<TripEventKind, z.ZodType>>)[message.kind];
    if (!schema) {
      if (message.payload !== undefined)
        ctx.addIssue({ code: "custom", message: `${message.kind} carries no payload` });
      return;
    }
    const parsed = schema.safeParse(message.payload);
    if (!parsed.success) ctx.addIssue({ code: "custom", message: `${message.kind}: ${parsed.error.message}` });
  });
