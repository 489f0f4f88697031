import "server-only";
import { changeContextEntry, insertContextEntry } from "@/lib/db/queries/context";
import { consume } from "@/lib/limits/rate";
import { AddContextEntryInput, DeleteContextEntryInput, EditContextEntryInput } from "@/lib/schemas/context";
import { refuseInstructions } from "@/lib/screened-answers";
import { tripAction } from "./define";

/**
 * "What we've agreed": any member adds an entry; its author and the organizer edit or
 * delete it. Entries are shown to the whole group and read by the assistant, so text that
 * reads as instructions is refused at the door.
 */

const NOT_INSTRUCTIONS = "Write what the group agreed, not instructions for the AI.";

export const addContextEntry = tripAction({
  name: "addContextEntry",
  examples: [
    "remember that we prefer trains over flights",
    "note that we booked the hotel",
    "save that we're sharing two apartments",
    "add to what we've agreed that nobody drives",
    "recuerda que preferimos el tren",
    "retiens que nous avons réservé l'hôtel",
    "merk dir, dass wir zwei Wohnungen teilen",
  ],
  description:
    'Adds an entry to "What we\'ve agreed": something the group decided, a preference, a booking or an open question, with why.',
  access: "member",
  effect: "write",
  input: AddContextEntryInput,
  async run({ input, caller }) {
    refuseInstructions({ text: input.text, why: input.why }, NOT_INSTRUCTIONS);
    await consume("save", caller.member.id);
    const row = await insertContextEntry({
      tripId: input.tripId,
      authorId: caller.member.id,
      kind: input.kind,
      text: input.text,
      why: input.why || null,
      proposedByAssistant: input.proposedByAssistant ?? false,
    });
    return { entryId: row.id };
  },
});

export const editContextEntry = tripAction({
  name: "editContextEntry",
  description: 'Changes an entry of "What we\'ve agreed" (its author or the organizer).',
  access: "member",
  effect: "write",
  input: EditContextEntryInput,
  async run({ input, caller }) {
    refuseInstructions({ text: input.text, why: input.why }, NOT_INSTRUCTIONS);
    await consume("save", caller.member.id);
    const row = await changeContextEntry({
      tripId: input.tripId,
      entryId: input.entryId,
      memberId: caller.member.id,
      isOrganizer: caller.isOrganizer,
      change: { kind: input.kind, text: input.text, why: input.why || null },
    });
    return { entryId: row.id };
  },
});

export const deleteContextEntry = tripAction({
  name: "deleteContextEntry",
  description: 'Deletes an entry of "What we\'ve agreed" (its author or the organizer).',
  access: "member",
  effect: "destructive",
  input: DeleteContextEntryInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    const row = await changeContextEntry({
      tripId: input.tripId,
      entryId: input.entryId,
      memberId: caller.member.id,
      isOrganizer: caller.isOrganizer,
      change: "delete",
    });
    return { entryId: row.id };
  },
});
