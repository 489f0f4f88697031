import { z } from "zod";
import { CONTEXT_KINDS, FEEDBACK_KINDS, FEEDBACK_STATUSES, UNMET_CATEGORIES } from "@/lib/db/schema";
import { AI_SCOPES } from "@/lib/schemas/ai-connections";
import { FlagReason } from "@/lib/schemas/itinerary";
import { NotificationTopic } from "@/lib/schemas/notifications";
import { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * "Download my data" (`GET /trips/<id>/me/export`): everything the trip holds that the
 * member put in it or that describes them, and nothing about anyone else — no other
 * member's name, answers, votes, feedback or devices, and no figures computed from the
 * group. Times are ISO 8601 (UTC). The route parses what it sends with this schema, and
 * `.strict()` objects keep a field from slipping in unnoticed.
 */

const Timestamp = z.iso.datetime();

export const MyDataExport = z
  .object({
    /** Which file this is, so a reader can tell it apart from other exports. */
    format: z.literal("tripsync.my-data.v1"),
    exportedAt: Timestamp,
    trip: z.object({ id: z.uuid(), name: z.string() }).strict(),
    me: z
      .object({
        id: z.uuid(),
        name: z.string(),
        role: z.enum(["organizer", "member"]),
        joinedAt: Timestamp,
      })
      .strict(),
    /** Their preference answers exactly as saved (null: none saved, or erased). */
    answers: MemberPreferences.nullable(),
    answersUpdatedAt: Timestamp.nullable(),
    /** One per set of recommended destinations they voted in: the destination they voted for. */
    votes: z.array(z.object({ recommendationId: z.uuid(), destination: z.string(), votedAt: Timestamp }).strict()),
    /** Their flags on plan items and suggestions, in their words, with what became of each. */
    feedback: z.array(
      z
        .object({
          id: z.uuid(),
          kind: z.enum(FEEDBACK_KINDS),
          planVersion: z.number().int(),
          itemKey: z.string().nullable(),
          reason: FlagReason.nullable(),
          text: z.string(),
          suggestedActivityId: z.string().nullable(),
          status: z.enum(FEEDBACK_STATUSES),
          createdAt: Timestamp,
        })
        .strict(),
    ),
    /** Browsers signed in as them: what each said it is and when; never the token or its hash. */
    devices: z.array(z.object({ label: z.string(), signedInAt: Timestamp, lastSeenAt: Timestamp }).strict()),
    /** AI apps connected as them (MCP): label, scopes, when made, until when, last used; never the token or its hash. */
    aiConnections: z.array(
      z
        .object({
          label: z.string(),
          scopes: z.array(z.enum(AI_SCOPES)),
          createdAt: Timestamp,
          expiresAt: Timestamp,
          lastUsedAt: Timestamp.nullable(),
        })
        .strict(),
    ),
    /** Their email address and what they chose to hear about (null: none given), and the notifications queued for them. */
    notifications: z
      .object({
        email: z.email().nullable(),
        topics: z.array(NotificationTopic),
        lastEmailAt: Timestamp.nullable(),
        queued: z.array(
          z.object({ topic: NotificationTopic, queuedAt: Timestamp, sentAt: Timestamp.nullable() }).strict(),
        ),
      })
      .strict(),
    /** Their private conversation with the assistant, message by message (the AI SDK's parts). */
    assistant: z
      .object({
        messages: z.array(z.object({ id: z.string(), role: z.string(), parts: z.array(z.unknown()) }).strict()),
      })
      .strict(),
    /** "What we've agreed" entries they wrote or approved. */
    contextEntries: z.array(
      z
        .object({
          kind: z.enum(CONTEXT_KINDS),
          text: z.string(),
          why: z.string().nullable(),
          proposedByAssistant: z.boolean(),
          createdAt: Timestamp,
          updatedAt: Timestamp,
        })
        .strict(),
    ),
    /** What they asked the assistant that it could not do. */
    unmetRequests: z.array(
      z.object({ summary: z.string(), category: z.enum(UNMET_CATEGORIES), askedAt: Timestamp }).strict(),
    ),
    /**
     * Their part of the trip's costs: the expenses they paid or share (in minor units of each
     * expense's own currency), the payments they made or received (the trip's currency), the plan
     * items they opted out of and the currency they read amounts in.
     */
    costs: z
      .object({
        displayCurrency: z.string().nullable(),
        expenses: z.array(
          z
            .object({
              id: z.uuid(),
              description: z.string(),
              category: z.string(),
              spentOn: z.string(),
              currency: z.string(),
              amount: z.number().int(),
              paidByMe: z.number().int(),
              myShare: z.number().int(),
            })
            .strict(),
        ),
        payments: z.array(
          z
            .object({
              direction: z.enum(["paid", "received"]),
              amount: z.number().int(),
              currency: z.string(),
              recordedAt: Timestamp,
            })
            .strict(),
        ),
        optedOutOf: z.array(z.string()),
      })
      .strict(),
  })
  .strict();
export type MyDataExport = z.infer<typeof MyDataExport>;
