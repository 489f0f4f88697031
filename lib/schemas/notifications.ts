import { z } from "zod";
import { ConflictKind } from "@/lib/schemas/group-profile";
import { TripId } from "@/lib/schemas/trip";

/**
 * Email notifications (issue 27 item 4): what a member may hear about, the settings form's
 * contract, and what an outbox row holds. An outbox row carries only ids, counts and the
 * kind of conflict: never anyone's answers, so no email can carry them either.
 */

/** Each is "your turn" for the member: an organizer's request, a vote, a plan to look at, the final plan. */
export const NOTIFICATION_TOPICS = ["request", "vote", "plan", "final"] as const;
export const NotificationTopic = z.enum(NOTIFICATION_TOPICS);
export type NotificationTopic = z.infer<typeof NotificationTopic>;

export const TOPIC_LABELS: Record<NotificationTopic, string> = {
  request: "The organizer asks me to look at something",
  vote: "Destination ideas are ready to vote on",
  plan: "A plan (or a new version of it) is ready",
  final: "The plan is final",
};

export const MAX_EMAIL_LENGTH = 254;

/** An address as typed: trimmed, lowercased, a plausible mailbox; "" means "no email". */
export const EmailAddress = z
  .string({ error: "Type an email address, or leave it empty" })
  .trim()
  .max(MAX_EMAIL_LENGTH, "That address is too long")
  .transform((value) => value.toLowerCase())
  .pipe(z.union([z.literal(""), z.email("That doesn't look like an email address")]));

export const SaveNotificationSettingsInput = z
  .object({
    tripId: TripId,
    email: EmailAddress.describe("My email address; empty removes it (and anything still waiting)."),
    topics: z
      .array(NotificationTopic)
      .max(NOTIFICATION_TOPICS.length)
      .default([...NOTIFICATION_TOPICS])
      .describe(
        "What I hear about: request (the organizer asks me something), vote (ideas are ready), plan (a new version), final (the plan is final).",
      ),
  })
  .strict();
export type SaveNotificationSettingsInput = z.input<typeof SaveNotificationSettingsInput>;

/** What an outbox row says happened (ids and counts only, see above). */
export const NotificationBody = z.discriminatedUnion("topic", [
  z.object({ topic: z.literal("request"), conflict: ConflictKind }).strict(),
  z.object({ topic: z.literal("vote"), options: z.number().int().min(0) }).strict(),
  z.object({ topic: z.literal("plan"), version: z.number().int().min(1) }).strict(),
  z.object({ topic: z.literal("final") }).strict(),
]);
export type NotificationBody = z.infer<typeof NotificationBody>;

/** A member's own settings, as their settings card shows them. */
export type MyNotificationSettings = { email: string | null; topics: NotificationTopic[] };
