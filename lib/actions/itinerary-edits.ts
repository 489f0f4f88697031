import "server-only";
import { randomUUID } from "node:crypto";
import type { Caller } from "@/lib/auth/guards";
import { factsOfPlan } from "@/lib/db/queries/destination-facts";
import { listFlagsInForce } from "@/lib/db/queries/feedback";
import { commitItineraryEdit, itineraryVersion } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { AppError } from "@/lib/errors";
import { factsFor } from "@/lib/facts";
import { applyHandEdit, EditRefused, type HandEdit } from "@/lib/planning/hand-edits";
import { planDatesDiffer } from "@/lib/planning/trip-shape";
import {
  AddActivityInput,
  AddCustomItemInput,
  LockItemInput,
  MoveItemInput,
  RemoveItemInput,
  SwapItemInput,
} from "@/lib/schemas/itinerary";
import { refuseInstructions } from "@/lib/screened-answers";
import { tripAction } from "./define";

/**
 * The organizer's hand edits of the plan. Each makes a new version (source "edited")
 * from the version the organizer was looking at, never uses a regeneration, and is
 * refused — changing nothing — when the plan moved on since, when the trip isn't being
 * planned, or when the edited plan would break something the validator checks.
 */

export const removeItineraryItem = tripAction({
  name: "removeItineraryItem",
  examples: [
    "remove the cathedral from the plan",
    "drop the flea market",
    "take out the coach museum",
    "cut the rooftop drinks",
    "quita la catedral del plan",
    "enlève le marché",
    "streich das Museum",
  ],
  description: "The organizer takes an item out of the plan (a new version; never uses a regeneration).",
  effect: "write",
  access: "organizer",
  input: RemoveItemInput,
  run: ({ input, caller }) => edit(caller, input.version, { kind: "remove", itemKey: input.itemKey }),
});

export const moveItineraryItem = tripAction({
  name: "moveItineraryItem",
  examples: [
    "move the museum to friday afternoon",
    "put the tower on day 2 morning",
    "shift the flea market to the evening",
    "move the coach museum to the morning of day 5",
    "mueve el museo al viernes por la tarde",
    "déplace le musée au vendredi",
    "verschieb das Museum auf Freitag",
  ],
  description: "The organizer moves an item to another day and/or time of day (a new version).",
  effect: "write",
  access: "organizer",
  input: MoveItemInput,
  run: ({ input, caller }) =>
    edit(caller, input.version, { kind: "move", itemKey: input.itemKey, day: input.day, slot: input.slot }),
});

export const addItineraryActivity = tripAction({
  name: "addItineraryActivity",
  examples: ["add the oceanarium on day 4 morning", "add lx factory to day 5 afternoon"],
  description:
    "The organizer adds one of the destination's activities that suits everyone to a day and time of day (a new version).",
  effect: "write",
  access: "organizer",
  input: AddActivityInput,
  run: ({ input, caller }) =>
    edit(caller, input.version, { kind: "add", activityId: input.activityId, day: input.day, slot: input.slot }),
});

export const lockItineraryItem = tripAction({
  name: "lockItineraryItem",
  examples: [
    "lock the tile museum",
    "keep the cathedral where it is",
    "lock the flea market in place",
    "unlock the tower",
    "bloquea el museo",
    "verrouille la cathédrale",
  ],
  description: "The organizer locks an item so regenerations keep it where it is, or unlocks it.",
  effect: "write",
  access: "organizer",
  input: LockItemInput,
  run: ({ input, caller }) =>
    edit(caller, input.version, { kind: "lock", itemKey: input.itemKey, locked: input.locked }),
});

export const swapItineraryItem = tripAction({
  name: "swapItineraryItem",
  description:
    "The organizer swaps an item for another of the destination's activities, same day and time of day (a new version).",
  effect: "write",
  access: "organizer",
  input: SwapItemInput,
  run: ({ input, caller }) =>
    edit(caller, input.version, { kind: "swap", itemKey: input.itemKey, activityId: input.activityId }),
});

export const addCustomItineraryItem = tripAction({
  name: "addCustomItineraryItem",
  examples: [
    "add the gulbenkian museum on day 3 evening",
    "put a dinner at home on day 2 evening",
    "add a picnic on the last day afternoon",
  ],
  description:
    "The organizer adds something of their own to a day (a friend's dinner, a boat they booked): a title, when, what it costs each person and a note.",
  effect: "write",
  access: "organizer",
  input: AddCustomItemInput,
  run: ({ input, caller }) => {
    // Shown on the share page and read when the plan is written again: not instructions to the planner.
    refuseInstructions(
      { title: input.title, note: input.note },
      "Describe what you'll do, not instructions for the AI.",
    );
    return edit(caller, input.version, {
      kind: "custom",
      key: `c:${randomUUID()}`,
      title: input.title,
      day: input.day,
      slot: input.slot,
      costPerPerson: input.costPerPerson ?? 0,
      note: input.note ?? "",
      ...(input.replaces ? { replaces: input.replaces } : {}),
    });
  },
});

async function edit(caller: Caller, version: number, change: HandEdit): Promise<{ version: number }> {
  const { trip } = caller;
  // Read before the transaction (one connection on PGlite). The edit is judged against the
  // facts the version was made with (the new version keeps its facts version) and these answers;
  // a version that isn't there is refused by the commit.
  const basis = await itineraryVersion({ tripId: trip.id, version });
  const facts = basis
    ? (await factsOfPlan(basis.itinerary))?.facts
    : trip.selectedDestination
      ? factsFor(trip.selectedDestination)
      : undefined;
  if (!facts) throw new AppError("conflict:no-itinerary", "Choose a destination and generate the plan first.");
  const members = (await listMembersWithPreferences({ tripId: trip.id })).map(({ id, name, preferences }) => ({
    id,
    name,
    preferences,
  }));
  const flags = (await listFlagsInForce({ tripId: trip.id })).flatMap((f) =>
    f.itemKey && f.reason ? [{ id: f.id, itemKey: f.itemKey, reason: f.reason, text: f.text }] : [],
  );
  const now = new Date();
  try {
    return await commitItineraryEdit({
      tripId: trip.id,
      basedOnVersion: version,
      memberId: caller.member.id,
      edit: (current) => {
        // Judged against the trip's dates: a plan made for other dates is made again, not edited.
        const differ = planDatesDiffer(current.itinerary, trip);
        if (differ) throw new EditRefused(differ);
        return applyHandEdit(current.itinerary, change, {
          facts,
          members,
          dates: trip.startDate && trip.endDate ? { start: trip.startDate, end: trip.endDate } : null,
          today: now.toISOString().slice(0, 10),
          now,
          flags,
        });
      },
    });
  } catch (error) {
    if (error instanceof EditRefused) throw new AppError("conflict:edit", error.message);
    throw error;
  }
}
