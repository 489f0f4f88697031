import { z } from "zod";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { TripId } from "@/lib/schemas/trip";
import { versionNumber } from "@/lib/schemas/version";

/** The answers a conflict's fix may change, as whole field values (what the form would save). */
export const AnswerPatch = MemberPreferences.in
  .pick({ dates: true, budget: true, tripLength: true, scope: true })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, "Nothing to change");
export type AnswerPatch = z.infer<typeof AnswerPatch>;

/** A member applies one of their own fixes (lib/resolutions.ts), from the answers' version they saw. */
export const ApplyResolutionInput = z
  .object({
    tripId: TripId,
    resolutionId: z.string().min(1).max(80).describe("The fix (its id, from my fixes to the conflicts)."),
    expectedVersion: versionNumber().describe("The version of my answers I last saw; a stale one is refused."),
  })
  .strict();

/** Puts back the answers a fix changed: the `before` it returned, from the version it made. */
export const UndoResolutionInput = z
  .object({
    tripId: TripId,
    before: AnswerPatch.describe("My answers as they were before the fix (what applying it returned)."),
    expectedVersion: versionNumber().describe("The version of my answers the fix made; a stale one is refused."),
  })
  .strict();

/** The conflicts a member can be asked about: those their own answers can fix. */
export const ASKABLE = ["dates", "budget", "trip-length", "scope"] as const;

/** The organizer asks a member to look at a conflict only their own answers can fix. */
const Askable = z.enum(ASKABLE).describe("The conflict: dates, budget, trip-length or scope.");
export const AskMemberInput = z
  .object({ tripId: TripId, memberId: z.uuid().describe("The member to ask (their id)."), conflict: Askable })
  .strict();

/** The member declines the organizer's request about a conflict. */
export const DeclineRequestInput = z.object({ tripId: TripId, conflict: Askable }).strict();
