import { z } from "zod";
import { MemberPreferences } from "@/lib/schemas/preferences";

/** Inputs of the trip and membership actions, shared by the forms and the server. */

export const MAX_TRIP_NAME = 80;
export const MAX_MEMBER_NAME = 40;

export const TripId = z.uuid("Not a trip id");

const TripName = z
  .string("Give the trip a name")
  .trim()
  .min(1, "Give the trip a name")
  .max(MAX_TRIP_NAME, `Keep it under ${MAX_TRIP_NAME} characters`);

export const MemberName = z
  .string("Tell the group your name")
  .trim()
  .min(1, "Tell the group your name")
  .max(MAX_MEMBER_NAME, `Keep it under ${MAX_MEMBER_NAME} characters`)
  // Names appear in sentences and links; control characters have no place there.
  .regex(/^[^\p{Cc}\p{Cf}]+$/u, "Use letters, numbers and spaces");

export const CreateTripInput = z.object({ tripName: TripName, organizerName: MemberName }).strict();
export type CreateTripInput = z.infer<typeof CreateTripInput>;

export const JoinTripInput = z.object({ inviteToken: z.string().min(1).max(100), name: MemberName }).strict();
export type JoinTripInput = z.infer<typeof JoinTripInput>;

export const TripOnlyInput = z.object({ tripId: TripId }).strict();

export const RemoveMemberInput = z.object({ tripId: TripId, memberId: z.uuid() }).strict();

export const SavePreferencesInput = z
  .object({
    tripId: TripId,
    /** The version the form was loaded with; 0 when the member had none yet. */
    expectedVersion: z.number().int().min(0),
    preferences: MemberPreferences,
  })
  .strict();
export type SavePreferencesInput = z.input<typeof SavePreferencesInput>;

/** A member's vote, or the organizer's pick, among a trip's recommended destinations. */
export const DestinationChoiceInput = z
  .object({
    tripId: TripId,
    recommendationId: z.uuid(),
    slug: z.string().regex(/^[a-z0-9-]{1,80}$/, "Not a destination"),
  })
  .strict();
export type DestinationChoiceInput = z.infer<typeof DestinationChoiceInput>;
