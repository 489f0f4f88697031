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
  .object({
    kind: z.literal("dates").describe("Plan for these dates."),
    start: IsoDate.describe("The first day (YYYY-MM-DD), after today."),
    end: IsoDate.describe("The last day (YYYY-MM-DD), inclusive; at most 30 days."),
  })
  .strict()
  .refine((d) => d.end >= d.start, { message: "The last day can't be before the first", path: ["end"] });
/** Go domestic, or go abroad: every member's own side gives way to it (their home country decides which is which). */
export const ScopeDecision = z
  .object({
    kind: z.literal("scope").describe("Go domestic or go abroad."),
    scope: z.enum(["domestic", "international"]).describe("domestic or international, for everyone."),
  })
  .strict();
export const ConflictDecision = z.union([DatesDecision, ScopeDecision]);
export type ConflictDecision = z.infer<typeof ConflictDecision>;

export const MAX_DECISION_NOTE = 200;

export const DecideConflictInput = z
  .object({
    tripId: TripId,
    decision: ConflictDecision.describe("The decision: dates to plan for, or domestic / abroad."),
    note: typedText({
      max: MAX_DECISION_NOTE,
      messages: { tooLong: `At most ${MAX_DECISION_NOTE} characters` },
    })
      .default("")
      .describe("Why, for the group (shown with the decision)."),
  })
  .strict();

export const DECISION_KINDS = ["dates", "scope"] as const;
export const ClearDecisionInput = z
  .object({ tripId: TripId, kind: z.enum(DECISION_KINDS).describe("Which decision to withdraw: dates or scope.") })
  .strict();

/** A decision as everyone sees it. */
export type DecisionView = ConflictDecision & { note: string; decidedBy: string; decidedAt: string };
