import { z } from "zod";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { typedText } from "@/lib/schemas/text";
import { versionNumber } from "@/lib/schemas/version";

/** Inputs of the trip and membership actions, shared by the forms and the server. */

export const MAX_TRIP_NAME = 80;
export const MAX_MEMBER_NAME = 40;
export const MAX_TRIP_DESCRIPTION = 500;

export const TripId = z.uuid("Not a trip id").describe("The trip (bound from the page).");

const TripName = typedText({
  min: 1,
  max: MAX_TRIP_NAME,
  messages: { type: "Give the trip a name", required: "Give the trip a name" },
});

export const MemberName = typedText({
  min: 1,
  max: MAX_MEMBER_NAME,
  messages: { type: "Tell the group your name", required: "Tell the group your name" },
})
  // Names appear in sentences and links; what remains must be visible and say something.
  .refine((name) => /[\p{L}\p{N}]/u.test(name) && !/[\p{Cc}\p{Cf}]/u.test(name), "Use letters, numbers and spaces");

export const CreateTripInput = z.object({ tripName: TripName, organizerName: MemberName }).strict();
export type CreateTripInput = z.infer<typeof CreateTripInput>;

export const JoinTripInput = z.object({ inviteToken: z.string().min(1).max(100), name: MemberName }).strict();
export type JoinTripInput = z.infer<typeof JoinTripInput>;

export const TripOnlyInput = z.object({ tripId: TripId }).strict();

const RecommendationId = z.uuid().describe("The set of destination ideas (its id, from the recommendations).");

export const RemoveMemberInput = z
  .object({ tripId: TripId, memberId: z.uuid().describe("The member to remove (their id).") })
  .strict();

export const SavePreferencesInput = z
  .object({
    tripId: TripId,
    /** The version the form was loaded with; 0 when the member had none yet. */
    expectedVersion: versionNumber({ min: 0 }).describe(
      "The version of my answers I last saw (0 when I had none yet); a stale one is refused.",
    ),
    preferences: MemberPreferences.describe("All my answers, as a whole (what the form saves)."),
  })
  .strict();
export type SavePreferencesInput = z.input<typeof SavePreferencesInput>;

/** A member's vote, or the organizer's pick, among a trip's recommended destinations. */
export const DestinationChoiceInput = z
  .object({
    tripId: TripId,
    recommendationId: RecommendationId,
    slug: z
      .string()
      .regex(/^[a-z0-9-]{1,80}$/, "Not a destination")
      .describe("The destination among those ideas (its slug, like lisbon)."),
  })
  .strict();
export type DestinationChoiceInput = z.infer<typeof DestinationChoiceInput>;

/** A member takes back their vote on a trip's set of recommended destinations. */
export const WithdrawVoteInput = z.object({ tripId: TripId, recommendationId: RecommendationId }).strict();

/** The organizer issues `memberId` a new personal sign-in link (the previous one stops working). */
export const MemberLinkInput = z.object({ tripId: TripId, memberId: z.uuid() }).strict();

/** A device added with the organizer's help link proves it is the member's: the home town they entered. */
export const ConfirmHomeTownInput = z
  .object({ tripId: TripId, homeTown: z.string().trim().min(1, "Type your home town").max(200, "That's too long") })
  .strict();

/** A device added with the organizer's help link gives up proving it: the member's answers are erased first. */
export const StartOverInput = z
  .object({ tripId: TripId, confirm: z.literal(true, "Confirm that your answers will be erased") })
  .strict();

/** Signing a device out of the trip: the member's own, or any member's for the organizer. */
export const RevokeDeviceInput = z
  .object({ tripId: TripId, deviceId: z.uuid().describe("The device to sign out (its id).") })
  .strict();

/** The organizer deletes the trip, confirming by typing its name. */
export const DeleteTripInput = z
  .object({
    tripId: TripId,
    confirmName: z
      .string()
      .max(MAX_TRIP_NAME * 2, "That isn't the trip's name")
      .describe("The trip's name, typed by the organizer to confirm."),
  })
  .strict();
export type DeleteTripInput = z.infer<typeof DeleteTripInput>;

/** The organizer renames the trip and/or changes its description (empty: none). */
export const RenameTripInput = z
  .object({
    tripId: TripId,
    name: TripName.describe("The trip's name everyone sees."),
    description: typedText({ max: MAX_TRIP_DESCRIPTION, multiline: true })
      .optional()
      .describe("What the trip is about, for the group (empty: none)."),
  })
  .strict();
export type RenameTripInput = z.input<typeof RenameTripInput>;

/**
 * A member leaves the trip. `confirm: true` is what the page's "Yes, leave the trip"
 * button sends after the member saw what leaving erases; anything else is refused.
 */
export const LeaveTripInput = z
  .object({
    tripId: TripId,
    confirm: z
      .literal(true, "Confirm that you want to leave the trip")
      .describe("true: the member saw what leaving erases and wants to leave."),
  })
  .strict();
export type LeaveTripInput = z.infer<typeof LeaveTripInput>;
