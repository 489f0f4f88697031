import "server-only";
import { z } from "zod";
import { deviceLabel } from "@/lib/auth/device-label";
import { rememberTripToken } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { leaveTripAndErase } from "@/lib/db/queries/deletion";
import { addMember, INVITE_GONE, listMembersWithPreferences, setRecoveryTokenHash } from "@/lib/db/queries/members";
import {
  createTripWithOrganizer,
  getTripByInviteToken,
  renameTrip as renameTripRow,
  replaceInviteToken,
} from "@/lib/db/queries/trips";
import { demoMembers } from "@/lib/demo-trip";
import { AppError } from "@/lib/errors";
import { clientKey, consume } from "@/lib/limits/rate";
import { confusableName } from "@/lib/member-names";
import { CreateTripInput, JoinTripInput, RemoveMemberInput, RenameTripInput, TripOnlyInput } from "@/lib/schemas/trip";
import { refuseInstructions } from "@/lib/screened-answers";
import { publicAction, tripAction } from "./define";
import { issuePersonalLinkFor } from "./devices";

const NAME_NOT_INSTRUCTIONS = "Use a name here, not instructions for the AI.";

/** Anyone can start a trip; they become its organizer on this browser. */
export const createTrip = publicAction({
  name: "createTrip",
  description: "Start a new trip and become its organizer on this browser.",
  effect: "credential",
  input: CreateTripInput,
  async run({ input, ctx }) {
    // Names are shown to everyone and reach the planner: they must not read as instructions to it.
    refuseInstructions({ tripName: input.tripName, organizerName: input.organizerName }, NAME_NOT_INSTRUCTIONS);
    await limitTripCreation(ctx.client);
    const token = newToken();
    const { trip } = await createTripWithOrganizer({
      name: input.tripName,
      inviteToken: newToken(),
      organizer: { name: input.organizerName, tokenHash: hashToken(token), deviceLabel: deviceLabel(ctx.userAgent) },
    });
    rememberTripToken(ctx, trip.id, token);
    return { tripId: trip.id };
  },
});

/** A ready-made group with realistic disagreements, organized by whoever clicked. */
export const createDemoTrip = publicAction({
  name: "createDemoTrip",
  description: "Start a demo trip with a sample group, organized by whoever clicked.",
  effect: "credential",
  input: z.object({}).strict(),
  async run({ ctx }) {
    await limitTripCreation(ctx.client);
    const token = newToken();
    const { trip } = await createTripWithOrganizer({
      name: "Demo: friends' getaway",
      isDemo: true,
      inviteToken: newToken(),
      organizer: { name: "Organizer", tokenHash: hashToken(token), deviceLabel: deviceLabel(ctx.userAgent) },
      // Sample members never sign in: they have no device.
      answeredMembers: demoMembers(new Date()),
    });
    rememberTripToken(ctx, trip.id, token);
    return { tripId: trip.id };
  },
});

/**
 * Holding the invite link is the permission to join. The joiner gets their personal
 * sign-in link back, to be shown once: it is how they get in on another device.
 */
export const joinTrip = publicAction({
  name: "joinTrip",
  description: "Join a trip with its invite link, under a name the group sees.",
  effect: "credential",
  input: JoinTripInput,
  async run({ input, ctx }) {
    refuseInstructions({ name: input.name }, NAME_NOT_INSTRUCTIONS);
    await consume("join", clientKey(ctx.client));
    const found = await getTripByInviteToken({ inviteToken: input.inviteToken });
    if (!found) {
      throw new AppError("not_found:invite", INVITE_GONE);
    }
    const members = await listMembersWithPreferences({ tripId: found.trip.id });
    const clash = confusableName(
      input.name,
      members.map((m) => m.name),
    );
    if (clash !== undefined) {
      throw new AppError(
        "conflict:name",
        "Someone in this trip already has a name that looks the same. If that's you on another device, open your " +
          "personal sign-in link (or ask the organizer for a new one) instead of joining again. Otherwise, add an " +
          "initial or a nickname.",
        {
          name:
            "Someone in this trip already has a name that looks the same. If that's you, open your personal sign-in " +
            "link instead, or ask the organizer for a new one.",
        },
      );
    }
    const token = newToken();
    const member = await addMember({
      tripId: found.trip.id,
      name: input.name,
      tokenHash: hashToken(token),
      deviceLabel: deviceLabel(ctx.userAgent),
    });
    rememberTripToken(ctx, found.trip.id, token);
    return { tripId: found.trip.id, personalPath: await issuePersonalLinkFor(member.id) };
  },
});

/** Both the per-client and the server-wide limit on new trips (demo trips included). */
async function limitTripCreation(client: string | undefined): Promise<void> {
  await consume("create", clientKey(client));
  await consume("createAll", "all");
}

/**
 * The organizer renames the trip and/or edits its description (in any state of the trip).
 * The name goes into the planners' prompts, so it is screened like a new trip's name.
 */
export const renameTrip = tripAction({
  name: "renameTrip",
  examples: [
    "rename the trip to Lisbon in June",
    "call the trip Porto weekend",
    "change the trip's name",
    "cambia el nombre del viaje",
    "renomme le voyage",
  ],
  description: "The organizer renames the trip and/or changes its description.",
  effect: "write",
  access: "organizer",
  input: RenameTripInput,
  async run({ input, caller }) {
    refuseInstructions({ name: input.name }, NAME_NOT_INSTRUCTIONS);
    // Every member reads the description: words for the group, not for the planner.
    refuseInstructions({ description: input.description }, "Write this for the group, not as instructions for the AI.");
    const trip = await renameTripRow({ tripId: caller.trip.id, name: input.name, description: input.description });
    return { name: trip.name, description: trip.description };
  },
});

/** A leaked invite link stops working; members who already joined are unaffected. */
export const rotateInviteLink = tripAction({
  name: "rotateInviteLink",
  description: "The organizer makes a new invite link; the old one stops working, members who joined stay.",
  effect: "credential",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller }) {
    const inviteToken = newToken();
    await replaceInviteToken({ tripId: caller.trip.id, inviteToken });
    return { invitePath: `/join/${inviteToken}` };
  },
});

/**
 * A new private link that opens the trip as its organizer on another device. Only its
 * hash is kept, so it is shown once; making a new one retires the previous one.
 */
export const createRecoveryLink = tripAction({
  name: "createRecoveryLink",
  description:
    "The organizer gets a private link that opens the trip as them on another device; shown once, the previous one stops working.",
  effect: "credential",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller }) {
    const recoveryToken = newToken();
    await setRecoveryTokenHash({ memberId: caller.member.id, recoveryTokenHash: hashToken(recoveryToken) });
    return { recoveryPath: `/recover/${recoveryToken}` };
  },
});

/** The organizer removes a member: what they put in the trip is erased as when they leave it themselves. */
export const removeMember = tripAction({
  name: "removeMember",
  examples: [
    "remove Mia from the trip",
    "kick Mia out",
    "kick sam out of the trip",
    "take Mia off the trip",
    "echa a Mia del viaje",
    "retire Mia du voyage",
    "wirf Mia aus der Reise",
  ],
  description:
    "The organizer removes a member from the trip; what they put in it is erased as when they leave themselves.",
  effect: "destructive",
  access: "organizer",
  input: RemoveMemberInput,
  async run({ input, caller }) {
    await leaveTripAndErase({ tripId: caller.trip.id, memberId: input.memberId, byOrganizer: true });
    return { removed: input.memberId };
  },
});
