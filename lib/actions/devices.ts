import "server-only";
import { hashToken, newToken } from "@/lib/auth/tokens";
import {
  deleteDevice,
  deleteOtherDevices,
  replacePersonalLink,
  createDeviceLink as storeDeviceLink,
} from "@/lib/db/queries/devices";
import { AppError } from "@/lib/errors";
import { clientKey, consume } from "@/lib/limits/rate";
import { RevokeDeviceInput, TripOnlyInput } from "@/lib/schemas/trip";
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
 * A member's own new personal link (the old one leaked, or they want it again): shown once
 * on this device; the old one stops working. The organizer can't make one for anyone: they
 * make a help link instead (lib/actions/device-proof.ts).
 */
export const renewPersonalLink = tripAction({
  name: "renewPersonalLink",
  description: "A new personal sign-in link for me; the old one stops working, my devices stay signed in.",
  effect: "credential",
  access: "member",
  input: TripOnlyInput,
  async run({ caller }) {
    return { personalPath: await issuePersonalLinkFor(caller.member.id) };
  },
});

/** From a device already signed in: a one-time link that signs one more device in, for 15 minutes. */
export const createDeviceLink = tripAction({
  name: "createDeviceLink",
  description: "A one-time link that signs one more of my devices in, for 15 minutes.",
  effect: "credential",
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
  name: "revokeDevice",
  description:
    "Sign a device out of the trip: one of my other devices (the organizer: anyone's). The device in use can't sign itself out.",
  effect: "destructive",
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

/**
 * Signs out every other device of the caller's (a lost phone, devices a recovery or help
 * link signed in that they don't recognise), keeping the one in hand.
 */
export const signOutOtherDevices = tripAction({
  name: "signOutOtherDevices",
  description: "Sign out every other device of mine, keeping the one in use (a lost phone, devices I don't recognise).",
  effect: "destructive",
  access: "member",
  input: TripOnlyInput,
  async run({ caller }) {
    const signedOut = await deleteOtherDevices({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      keepDeviceId: caller.device.id,
    });
    return { signedOut };
  },
});
