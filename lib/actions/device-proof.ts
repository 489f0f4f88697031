import "server-only";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { startOverMember } from "@/lib/db/queries/deletion";
import {
  MAX_PROOF_FAILURES,
  memberOfTrip,
  proveDeviceByHomeTown,
  createDeviceLink as storeDeviceLink,
} from "@/lib/db/queries/devices";
import { AppError } from "@/lib/errors";
import { fold } from "@/lib/places/gazetteer";
import { ConfirmHomeTownInput, MemberLinkInput, StartOverInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";
import { issuePersonalLinkFor, signInPath } from "./devices";

/**
 * Helping a member back in without becoming them.
 *
 * The organizer can't be handed a member's sign-in link: opening it would make the organizer
 * that member, able to read their notes, home town, hard no's and budget and to answer as
 * them, unseen. Instead the organizer makes a *help link* for the member: it works once,
 * for HELP_LINK_HOURS, and the device it signs in starts out awaiting proof — it opens
 * only the "confirm it's you" page (lib/auth/guards.ts refuses it on every other page,
 * route and action), so the organizer opening it themselves sees and does nothing as the
 * member. The person holding it then either
 * - types the home town they entered (compared folded: case, accents, punctuation, and
 *   anything after a comma ignored). Wrong answers count per member over all help links,
 *   not per link, so making link after link buys no more guesses; after MAX_PROOF_FAILURES
 *   the device is signed out and only starting over remains; or
 * - starts over: the member's answers, votes and open flags and suggestions are erased, and
 *   the device gets full rights, in one transaction (so there is nothing private left to read
 *   and no vote or flag of theirs to use) — no more than removing the member and letting them
 *   join again, which the organizer could always do, but keeping their place in the group.
 *   The group sees it: the member list says they started over on a new device.
 * Either way the member's old personal link stops working and this device is shown a new
 * one. The member's devices list says how and when each device was added ("added with a
 * link the organizer made"), and whether it started over; they can sign it out, or all
 * others at once. Making a help link changes nothing of the member's and signs nothing out.
 */
export const HELP_LINK_HOURS = 24;

export const createHelpLink = tripAction({
  name: "createHelpLink",
  description:
    "The organizer makes a one-time help link for a member who lost access: the device it signs in must prove it's the member's (their home town) or start over.",
  effect: "credential",
  access: "organizer",
  input: MemberLinkInput,
  async run({ input, caller }) {
    const member = await memberOfTrip({ tripId: caller.trip.id, memberId: input.memberId });
    if (!member) throw new AppError("not_found:member", "That member isn't in this trip.");
    if (member.id === caller.member.id) {
      throw new AppError(
        "conflict:help-self",
        "That's you: sign another device in from your Settings page, or use your recovery link.",
      );
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + HELP_LINK_HOURS * 3_600_000);
    await storeDeviceLink({ memberId: member.id, tokenHash: hashToken(token), expiresAt, kind: "helper" });
    return { memberName: member.name, helpPath: signInPath(token), expiresAt: expiresAt.toISOString() };
  },
});

/** The first part of a place as typed, folded: "São Paulo, Brazil" → "sao paulo". */
export function homeTownKey(text: string): string {
  return fold(text.split(",")[0] ?? "");
}

/** A device added with a help link proves it is the member's by typing their home town. */
export const confirmHelpedDevice = tripAction({
  name: "confirmHelpedDevice",
  description:
    "On a device added with a help link: prove it's mine by typing the home town in my answers; I get a new personal link.",
  effect: "credential",
  access: "awaiting-proof",
  input: ConfirmHomeTownInput,
  async run({ input, caller }) {
    const offered = homeTownKey(input.homeTown);
    const proof = await proveDeviceByHomeTown({
      memberId: caller.member.id,
      deviceId: caller.device.id,
      matches: (stored) => offered !== "" && stored !== null && homeTownKey(stored) === offered,
    });
    if (proof.outcome === "wrong") {
      throw new AppError(
        "invalid:home-town",
        `That isn't the home town in your answers. ${proof.triesLeft} ${proof.triesLeft === 1 ? "try" : "tries"} left; or start over.`,
        { homeTown: "That isn't the home town in your answers" },
      );
    }
    if (proof.outcome === "closed") {
      throw new AppError(
        "forbidden:proof-closed",
        `That was the last of ${MAX_PROOF_FAILURES} tries, so this device was signed out. Ask the organizer for a new link and choose "Start over" there.`,
      );
    }
    return { personalPath: await issuePersonalLinkFor(caller.member.id) };
  },
});

/**
 * Instead of proving it: erase the member's answers, votes and open flags, and give this
 * device full rights, in one transaction (lib/db/queries/deletion.ts `startOverMember`): if it
 * is refused (something is being generated) the device stays as it was, and nothing private
 * is ever readable from it.
 */
export const startOverOnHelpedDevice = tripAction({
  name: "startOverOnHelpedDevice",
  description:
    "On a device added with a help link: erase my answers, votes and open flags and start over instead of proving it's me; the group sees I started over; I get a new personal link.",
  effect: "credential",
  access: "awaiting-proof",
  input: StartOverInput,
  async run({ caller }) {
    await startOverMember({ tripId: caller.trip.id, memberId: caller.member.id, deviceId: caller.device.id });
    return { personalPath: await issuePersonalLinkFor(caller.member.id) };
  },
});
