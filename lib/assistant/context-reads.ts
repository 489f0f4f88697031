import "server-only";
import { z } from "zod";
import { tripAction } from "@/lib/actions/define";
import { TripId } from "@/lib/schemas/trip";
import { heldBackReason } from "@/lib/screened-answers";
import { contextEntriesFor } from "@/lib/views/context";
import { untrusted, WITHHELD } from "./untrusted";

/** The learned context as a reading tool: what the dashboard's "What we've agreed" shows the caller. */
export const readAgreed = tripAction({
  name: "readAgreed",
  needs: {
    agreed: [
      "what have we agreed so far",
      "what did we decide",
      "show what we've agreed",
      "qué hemos acordado",
      "qu'avons-nous décidé",
      "was haben wir vereinbart",
    ],
  },
  description:
    "\"What we've agreed\": the group's decided points, preferences, bookings and open questions, each with why, who wrote it, and whether I may edit it.",
  access: "member",
  effect: "read",
  input: z.object({ tripId: TripId.describe("The trip (bound from the page, never chosen by the model).") }).strict(),
  async run({ caller }) {
    const entries = await contextEntriesFor(caller);
    return {
      entries: entries.map((e) => ({
        entryId: e.id,
        kind: e.kind,
        // Held back from the assistant even for its author: it would read it as instructions.
        text: heldBackReason(e.text) ? WITHHELD : untrusted(e.text),
        why: e.why ? (heldBackReason(e.why) ? WITHHELD : untrusted(e.why)) : null,
        by: untrusted(e.author),
        proposedByAssistant: e.proposedByAssistant,
        canEdit: e.canEdit,
      })),
    };
  },
});
