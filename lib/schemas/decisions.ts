import { z } from "zod";
import { IsoDate } from "@/lib/schemas/preferences";
import { typedText } from "@/lib/schemas/text";
import { TripId } from "@/lib/schemas/trip";

/**
 * The organizer's decision on a conflict no one's change will solve: plan for these dates
 * anyway (who can't make all of them is shown with it), or go domestic / go abroad. One per kind per trip; everyone
 * sees it with who decided and when, and the pipelines plan with it.
 */
export const DatesDecision = z
  .object({ kind: z.literal("dates"), start: IsoDate, end: IsoDate })
  .strict()
  .refine((d) => d.end >= d.start, { message: "The last day can't be before the first", path: ["end"] });
/** Go domestic, or go abroad: every member's own side gives way to it (their home country decides which is which). */
export const ScopeDecision = z
  .object({ kind: z.literal("scope"), scope: z.enum(["domestic", "international"]) })
  .strict();
export const ConflictDecision = z.union([DatesDecision, ScopeDecision]);
export type ConflictDecision = z.infer<typeof ConflictDecision>;

export const MAX_DECISION_NOTE = 200;

export const DecideConflictInput = z
  .object({
    tripId: TripId,
    decision: ConflictDecision,
    note: typedText({
      max: MAX_DECISION_NOTE,
      messages: { tooLong: `At most ${MAX_DECISION_NOTE} characters` },
    }).default(""),
  })
  .strict();

export const DECISION_KINDS = ["dates", "scope"] as const;
export const ClearDecisionInput = z.object({ tripId: TripId, kind: z.enum(DECISION_KINDS) }).strict();

/** A decision as everyone sees it. */
export type DecisionView = ConflictDecision & { note: string; decidedBy: string; decidedAt: string };
