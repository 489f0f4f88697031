import { z } from "zod";
import { IsoDate } from "@/lib/schemas/preferences";
import { TripId } from "@/lib/schemas/trip";

/**
 * The organizer's decision on a conflict no one's change will solve: plan for these dates
 * anyway (who can't make all of them is shown with it). One per kind per trip; everyone
 * sees it with who decided and when, and the pipelines plan with it.
 */
export const DatesDecision = z
  .object({ kind: z.literal("dates"), start: IsoDate, end: IsoDate })
  .strict()
  .refine((d) => d.end >= d.start, { message: "The last day can't be before the first", path: ["end"] });
export const ConflictDecision = DatesDecision;
export type ConflictDecision = z.infer<typeof ConflictDecision>;

export const MAX_DECISION_NOTE = 200;

export const DecideConflictInput = z
  .object({
    tripId: TripId,
    decision: ConflictDecision,
    note: z.string().trim().max(MAX_DECISION_NOTE, `At most ${MAX_DECISION_NOTE} characters`).default(""),
  })
  .strict();

export const ClearDecisionInput = z.object({ tripId: TripId, kind: z.enum(["dates"]) }).strict();

/** A decision as everyone sees it. */
export type DecisionView = ConflictDecision & { note: string; decidedBy: string; decidedAt: string };
