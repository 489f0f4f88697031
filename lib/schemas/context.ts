import { z } from "zod";
import { CONTEXT_KINDS } from "@/lib/db/schema";
import { typedText } from "@/lib/schemas/text";

/** "What we've agreed": the inputs of its actions and the view every member sees. */

export const MAX_CONTEXT_TEXT = 300;
export const MAX_CONTEXT_WHY = 300;

export const ContextKind = z.enum(CONTEXT_KINDS).describe("decided, preference, booking or open-question");

export const CONTEXT_KIND_LABELS: Record<z.infer<typeof ContextKind>, string> = {
  decided: "Decided",
  preference: "Preference",
  booking: "Booking",
  "open-question": "Open question",
};

const EntryText = typedText({
  min: 1,
  max: MAX_CONTEXT_TEXT,
  messages: { required: "Say what was agreed", tooLong: `Keep it under ${MAX_CONTEXT_TEXT} characters` },
}).describe("What the group agreed or learned, in one sentence");
const EntryWhy = typedText({ max: MAX_CONTEXT_WHY, multiline: true }).describe("Why, or where it came from (optional)");

export const AddContextEntryInput = z
  .object({
    tripId: z.uuid().describe("The trip"),
    kind: ContextKind,
    text: EntryText,
    why: EntryWhy.optional(),
    proposedByAssistant: z.boolean().optional().describe("The assistant proposed it and the person approved"),
  })
  .strict();
export type AddContextEntryInput = z.infer<typeof AddContextEntryInput>;

export const EditContextEntryInput = z
  .object({
    tripId: z.uuid().describe("The trip"),
    entryId: z.uuid().describe("Which entry"),
    kind: ContextKind,
    text: EntryText,
    why: EntryWhy.optional(),
  })
  .strict();

export const DeleteContextEntryInput = z
  .object({ tripId: z.uuid().describe("The trip"), entryId: z.uuid().describe("Which entry") })
  .strict();

export type ContextEntryView = {
  id: string;
  kind: z.infer<typeof ContextKind>;
  text: string;
  why: string | null;
  /** The author's name (held-back text shows only to its author). */
  author: string;
  proposedByAssistant: boolean;
  /** The viewer may edit or delete it (its author, or the organizer). */
  canEdit: boolean;
  updatedAt: string;
};
