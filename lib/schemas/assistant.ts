import { z } from "zod";

/**
 * What the assistant panel sends: a new message, or the person's answer to an approval card.
 * The conversation itself is on the server; the client never sends it back.
 */

export const MAX_ASSISTANT_MESSAGE = 2000;

/** Control characters other than line breaks and tabs: nothing a person types contains them. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

export const AssistantMessageText = z
  .string("Type a message")
  .refine((v) => v.isWellFormed(), "This contains a broken character. Please retype it.")
  .refine((v) => !CONTROL.test(v), "This contains hidden control characters. Please retype it without them.")
  .transform((v) => v.normalize("NFC").trim())
  .pipe(
    z
      .string()
      .min(1, "Type a message")
      .max(MAX_ASSISTANT_MESSAGE, `Keep it under ${MAX_ASSISTANT_MESSAGE.toLocaleString("en-US")} characters`),
  );

export const AssistantRequest = z.union([
  z.object({ text: AssistantMessageText }).strict(),
  z
    .object({
      approval: z
        .object({
          id: z.string().min(1).max(200),
          approved: z.boolean(),
          /** Deleting the trip: the name the person typed in the card. */
          confirmName: z.string().max(200).optional(),
        })
        .strict(),
    })
    .strict(),
]);
export type AssistantRequest = z.infer<typeof AssistantRequest>;

export const COMPLETE_STATUSES = ["success", "partial", "blocked"] as const;
