import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { itemsUnderFlags } from "@/lib/constraints/flags";
import { addDays } from "@/lib/dates";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import {
  addFeedback,
  feedbackOfClientKey,
  liftFlags,
  listFlagsInForce,
  listOpenFeedback,
  withdrawFeedback as withdraw,
} from "@/lib/db/queries/feedback";
import { currentItinerary, itineraryVersion, restoreItineraryVersion } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { ANSWERS_CHANGED, regenerationsUsedUp } from "@/lib/db/queries/runs";
import { reopenDestinationChoice, setTripDates as saveTripDates } from "@/lib/db/queries/trips";
import { AppError } from "@/lib/errors";
import { ensureModelSpendAllowed } from "@/lib/limits/budget";
import { startRun } from "@/lib/pipeline/engine";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import {
  FeedbackIdInput,
  FlagItemInput,
  LiftFlagInput,
  MAX_REGENERATIONS,
  RestoreInput,
  SetTripDatesInput,
  SuggestInput,
} from "@/lib/schemas/itinerary";
import { TripOnlyInput } from "@/lib/schemas/trip";
import { refuseInstructions } from "@/lib/screened-answers";
import { tripAction } from "./define";

/** Today on the server's clock (dates are judged against it). */
const today = () => new Date().toISOString().slice(0, 10);

/** The organizer confirms (or changes) the trip's dates; both days must still be ahead. */
export const setTripDates = tripAction({
  name: "setTripDates",
  examples: [
    "set the dates to july 1-5",
    "change the trip dates",
    "make the trip june 3 to june 8",
    "the dates should be 10 to 14 may",
    "cambia las fechas del viaje",
    "change les dates du voyage",
    "ändere die Reisedaten",
  ],
  description:
    "The organizer confirms (or changes) the trip's dates: a first and last day, both after today, at most 30 nights.",
  effect: "write",
  access: "organizer",
  input: SetTripDatesInput,
  async run({ input, caller }) {
    if (input.start <= today()) {
      throw new AppError("invalid:dates", "The trip has to start after today.", { start: "Pick a day after today" });
    }
    const trip = await saveTripDates({ tripId: caller.trip.id, startDate: input.start, endDate: input.end });
    return { start: trip.startDate, end: trip.endDate };
  },
});

/** The organizer asks for the day-by-day plan (or a fresh one, which doesn't count as a regeneration). */
export const generateItinerary = tripAction({
  name: "generateItinerary",
  description:
    "The organizer asks for the day-by-day plan for the chosen destination and confirmed dates (uses the trip's daily generation allowance).",
  effect: "spends-model",
  access: "organizer",
  input: TripOnlyInput,
  async run({ input, caller }) {
    requireDates(caller.trip);
    await ensureModelSpendAllowed({ tripId: input.tripId, memberId: caller.member.id });
    return startRun({ tripId: input.tripId, kind: "itinerary", requestedBy: caller.member.id });
  },
});

/**
 * A new version that takes the open flags and suggestions into account. Counted and
 * refused past the limit in the transaction that starts it (lib/db/queries/runs.ts).
 */
export const regenerateItinerary = tripAction({
  name: "regenerateItinerary",
  examples: [
    "regenerate the plan with our feedback",
    "redo the itinerary with the flags",
    "finalize the plan",
    "make the plan final",
    "lock in the itinerary we have",
    "regenera el plan",
    "régénère le programme",
    "finalisiere den Plan",
  ],
  description:
    "The organizer makes a new version of the plan that answers the open flags and suggestions; counts as one of the trip's 5 regenerations.",
  effect: "spends-model",
  access: "organizer",
  input: TripOnlyInput,
  async run({ input, caller }) {
    requireDates(caller.trip);
    const [current, open] = await Promise.all([currentItinerary({ tripId: input.tripId }), listOpenFeedback(input)]);
    if (!current) throw new AppError("conflict:no-itinerary", "Generate the plan first.");
    if (open.length === 0) {
      throw new AppError("conflict:no-feedback", "There are no open flags or suggestions to regenerate with.");
    }
    // Said before the model rate limit counts a click that can't start anything (the run's start checks again, locked).
    if (caller.trip.regenerations >= MAX_REGENERATIONS) throw regenerationsUsedUp();
    await ensureModelSpendAllowed({ tripId: input.tripId, memberId: caller.member.id });
    return startRun({ tripId: input.tripId, kind: "regenerate", requestedBy: caller.member.id });
  },
});

/**
 * Someone's answers changed since the current plan was made (a late member answered, or
 * someone changed theirs): the organizer plans again from the current version with
 * everyone's current answers, keeping what is locked. No feedback caused it, so it doesn't
 * use one of the group's regenerations; with open feedback, "Regenerate with feedback"
 * answers both and counts.
 */
export const replanWithNewAnswers = tripAction({
  name: "replanWithNewAnswers",
  description:
    "Someone's answers changed since the plan was made: the organizer plans again with everyone's current answers, keeping what's locked. Doesn't use a regeneration.",
  effect: "spends-model",
  access: "organizer",
  input: TripOnlyInput,
  async run({ input, caller }) {
    requireDates(caller.trip);
    const [current, open, members] = await Promise.all([
      currentItinerary({ tripId: input.tripId }),
      listOpenFeedback(input),
      listMembersWithPreferences(input),
    ]);
    if (!current) throw new AppError("conflict:no-itinerary", "Generate the plan first.");
    if (current.itinerary.preferencesFingerprint === preferencesFingerprint(members)) {
      throw new AppError("conflict:answers-unchanged", "Nobody's answers changed since this plan was made.");
    }
    if (open.length > 0) {
      throw new AppError(
        "conflict:open-feedback",
        "There are open flags or suggestions: regenerate with feedback, which takes the new answers into account too.",
      );
    }
    await ensureModelSpendAllowed({ tripId: input.tripId, memberId: caller.member.id });
    return startRun({
      tripId: input.tripId,
      kind: "regenerate",
      requestedBy: caller.member.id,
      input: { cause: ANSWERS_CHANGED },
    });
  },
});

/** Any member flags an item of the current plan, with why. */
export const flagItineraryItem = tripAction({
  name: "flagItineraryItem",
  examples: [
    "flag the boat tour as too expensive",
    "the museum is too pricey for me",
    "the bridge isn't accessible for me",
    "i can't do the tower, too many stairs",
    "not a fan of the rooftop drinks",
    "the ginjinha doesn't work for me, i don't drink",
    "mark the cathedral as not my thing",
    "take back my flag on the market",
    "marca el museo como demasiado caro",
    "le musée est trop cher pour moi",
    "das Museum ist zu teuer für mich",
  ],
  description:
    "Flag an item of the current plan with why (too expensive, not accessible, not my thing, clashes with my diet, other) and a note.",
  effect: "write",
  access: "member",
  input: FlagItemInput,
  async run({ input, caller }) {
    // Sent before (the device's outbox tried again): the first outcome, even if the plan changed since.
    const first = await sentBefore(caller, input.clientKey);
    if (first) return { feedbackId: first.id };
    const current = await requireCurrentVersion(caller.trip.id, input.version);
    if (!current.itinerary.days.some((d) => d.items.some((i) => i.key === input.itemKey))) {
      throw new AppError("not_found:item", "That item isn't in the current plan any more.");
    }
    const row = await addFeedback({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      itineraryVersion: input.version,
      kind: "flag",
      itemKey: input.itemKey,
      reason: input.reason,
      text: input.note,
      suggestedActivityId: null,
      clientKey: input.clientKey ?? null,
    });
    return { feedbackId: row.id };
  },
});

/** The flag or suggestion this member's device already sent with this key, if any. */
function sentBefore(caller: Caller, clientKey: string | undefined) {
  return clientKey
    ? feedbackOfClientKey({ tripId: caller.trip.id, memberId: caller.member.id, clientKey })
    : Promise.resolve(null);
}

/** Any member suggests an addition: one of the destination's activities, or in their own words. */
export const suggestAddition = tripAction({
  name: "suggestAddition",
  examples: [
    "suggest a day trip to cascais",
    "add a fado night to the plan",
    "can we squeeze in a food tour",
    "i'd like to suggest a boat trip",
    "how about adding a beach day",
    "we should do a wine tasting",
    "sugiero una excursión en barco",
    "je propose une dégustation de vin",
    "ich möchte eine Bootsfahrt vorschlagen",
    "vorrei proporre un giro in barca",
  ],
  description: "Suggest something for the current plan: one of the destination's activities, or in my own words.",
  effect: "write",
  access: "member",
  input: SuggestInput,
  async run({ input, caller }) {
    const first = await sentBefore(caller, input.clientKey);
    if (first) return { feedbackId: first.id };
    const current = await requireCurrentVersion(caller.trip.id, input.version);
    if (
      input.activityId &&
      !(await factsOfPlan(current.itinerary))?.facts.activities.some((a) => a.id === input.activityId)
    ) {
      throw new AppError("not_found:activity", "That isn't one of this destination's activities.");
    }
    const already = current.itinerary.days.find((d) => d.items.some((i) => i.activityId === input.activityId));
    if (input.activityId && already) {
      throw new AppError("conflict:feedback", `That's already in the plan, on day ${already.day}.`);
    }
    const row = await addFeedback({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      itineraryVersion: input.version,
      kind: "suggestion",
      itemKey: null,
      reason: null,
      text: input.text,
      suggestedActivityId: input.activityId,
      clientKey: input.clientKey ?? null,
    });
    return { feedbackId: row.id };
  },
});

/** A member takes back their own open flag or suggestion, or lets go of their flag in force. */
export const withdrawFeedback = tripAction({
  name: "withdrawFeedback",
  description: "Take back my own open flag or suggestion, or let go of my flag in force.",
  effect: "write",
  access: "member",
  input: FeedbackIdInput,
  async run({ input, caller }) {
    await withdraw({ tripId: caller.trip.id, memberId: caller.member.id, feedbackId: input.feedbackId });
    return { feedbackId: input.feedbackId };
  },
});

/**
 * The organizer lifts a flag in force (anyone's), saying why: the reason is shown beside
 * the flag to everyone, and later versions may have its item again.
 */
export const liftFlag = tripAction({
  name: "liftFlag",
  description:
    "The organizer lifts a flag in force (anyone's), saying why; everyone sees the reason beside the flag and later versions may have the item again.",
  effect: "write",
  access: "organizer",
  input: LiftFlagInput,
  async run({ input, caller }) {
    // Everyone reads the reason: like the organizer's other words for the group, not instructions.
    refuseInstructions({ reason: input.reason }, "Write this for the group, not as instructions for the AI.");
    const lifted = await liftFlags({
      tripId: caller.trip.id,
      organizerId: caller.member.id,
      feedbackIds: [input.feedbackId],
      reason: input.reason,
    });
    if (lifted === 0) throw new AppError("not_found:feedback", "That isn't a flag in force.");
    return { feedbackId: input.feedbackId };
  },
});

/**
 * An earlier version becomes current again (a new version; not a regeneration). When it has
 * items members flagged since (flags still in force), it says which before anything happens
 * and restores only when the organizer confirms (`liftFlags`): those flags are then lifted,
 * with the restore as the reason everyone sees.
 */
export const restoreItinerary = tripAction({
  name: "restoreItinerary",
  description:
    "The organizer makes an earlier version of the plan current again (as a new version; not a regeneration). If it has items under flags in force it says which first, and restores only with liftFlags: true.",
  effect: "write",
  access: "organizer",
  input: RestoreInput,
  async run({ input, caller }) {
    const [from, flags] = await Promise.all([
      itineraryVersion({ tripId: caller.trip.id, version: input.version }),
      listFlagsInForce({ tripId: caller.trip.id }),
    ]);
    const flagged =
      from && flags.length
        ? itemsUnderFlags(
            from.itinerary,
            flags.flatMap((f) => (f.itemKey && f.reason ? [{ ...f, itemKey: f.itemKey, reason: f.reason }] : [])),
            (await factsOfPlan(from.itinerary))?.facts,
          )
        : [];
    const titles = [...new Set(flagged.map((f) => `"${f.title}"`))];
    return restoreItineraryVersion({
      tripId: caller.trip.id,
      version: input.version,
      memberId: caller.member.id,
      // Asked only once the restore could go ahead (a final plan, a running regeneration say so first).
      askFirst:
        flagged.length && !input.liftFlags
          ? `Version ${input.version} has ${titles.join(", ")}, which ${titles.length === 1 ? "is" : "are"} under a member's flag. Restoring it lifts ${flagged.length === 1 ? "that flag" : "those flags"}, and everyone sees why.`
          : null,
      lift: {
        feedbackIds: [...new Set(flagged.map((f) => f.flagId))],
        reason: `The organizer restored version ${input.version}, which has ${titles.join(", ")}.`,
      },
    });
  },
});

/** Back to the destination ideas (plans and feedback are kept). */
export const reopenDestination = tripAction({
  name: "reopenDestination",
  description: "The organizer goes back to the destination ideas to choose again; plans and feedback are kept.",
  effect: "write",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller }) {
    await reopenDestinationChoice({ tripId: caller.trip.id });
    return { status: "recommending" as const };
  },
});

function requireDates(trip: { startDate: string | null; endDate: string | null }) {
  if (!trip.startDate || !trip.endDate) throw new AppError("conflict:no-dates", "Confirm the trip's dates first.");
  if (trip.startDate <= today()) {
    throw new AppError(
      "conflict:past-dates",
      `The confirmed dates start on or before today; pick dates from ${addDays(today(), 1)} on.`,
    );
  }
}

async function requireCurrentVersion(tripId: string, version: number) {
  const current = await currentItinerary({ tripId });
  if (!current) throw new AppError("not_found:itinerary", "There is no plan yet.");
  if (current.version !== version) {
    throw new AppError("conflict:version", "The plan changed since you opened it. Reload to see the latest version.");
  }
  return current;
}
