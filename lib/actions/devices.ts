import "server-only";
import { hashToken, newToken } from "@/lib/auth/tokens";
import {
  deleteDevice,
  memberOfTrip,
  replacePersonalLink,
  createDeviceLink as storeDeviceLink,
} from "@/lib/db/queries/devices";
import { AppError } from "@/lib/errors";
import { clientKey, consume } from "@/lib/limits/rate";
import { MemberLinkInput, RevokeDeviceInput, TripOnlyInput } from "@/lib/schemas/trip";
import { tripAction } from "./define";

/** How long a link made to sign in another device works (once). */
export const DEVICE_LINK_MINUTES = 15;

/** Where a sign-in link (personal or device) points; the token is shown once, only its hash is kept. */
export function signInPath(token: string): string {
  return `/signin/${token}`;
}

/** A new personal link for a member; the one they had stops working. Their devices stay signed in. */
export async function issuePersonalLinkFor(memberId: string): Promise<string> {
  const token = newToken();
  await replacePersonalLink({ memberId, tokenHash: hashToken(token) });
  return signInPath(token);
}

/**
 * The organizer re-issues a member's personal link (they lost it, or it leaked): the new
 * one is shown once for the organizer to pass on, and the old one stops working.
 */
export const reissuePersonalLink = tripAction({
  access: "organizer",
  input: MemberLinkInput,
  async run({ input, caller }) {
    const member = await memberOfTrip({ tripId: caller.trip.id, memberId: input.memberId });
    if (!member) throw new AppError("not_found:member", "That member isn't in this trip.");
    return { memberName: member.name, personalPath: await issuePersonalLinkFor(member.id) };
  },
});

/** From a device already signed in: a one-time link that signs one more device in, for 15 minutes. */
export const createDeviceLink = tripAction({
  access: "member",
  input: TripOnlyInput,
  async run({ caller, ctx }) {
    await consume("join", `device-link:${clientKey(ctx.client)}`);
    const token = newToken();
    const expiresAt = new Date(Date.now() + DEVICE_LINK_MINUTES * 60 * 1000);
    await storeDeviceLink({ memberId: caller.member.id, tokenHash: hashToken(token), expiresAt });
    return { devicePath: signInPath(token), expiresAt: expiresAt.toISOString() };
  },
});

/**
 * Signs a device out of the trip: a member their own other devices, the organizer any
 * member's. The device in hand can't revoke itself (that would lock its holder out by a
 * slip of the finger); another device can.
 */
export const revokeDevice = tripAction({
  access: "member",
  input: RevokeDeviceInput,
  async run({ input, caller }) {
    if (input.deviceId === caller.device.id) {
      throw new AppError("conflict:device-current", "That's the device you're using. Revoke it from another device.");
    }
    const removed = await deleteDevice({
      tripId: caller.trip.id,
      deviceId: input.deviceId,
      memberId: caller.isOrganizer ? undefined : caller.member.id,
    });
    if (!removed) throw new AppError("not_found:device", "That device isn't signed in to this trip (any more).");
    return { revoked: input.deviceId };
  },
});
