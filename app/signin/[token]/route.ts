import type { NextRequest } from "next/server";
import { deviceLabel } from "@/lib/auth/device-label";
import { clientAddress } from "@/lib/auth/request";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { redeemSignInLink, signInLinkOwner } from "@/lib/db/queries/devices";
import { findCaller } from "@/lib/db/queries/members";
import { AppError } from "@/lib/errors";
import { seeOther, signedInRedirect, tooManySignInsPage } from "@/lib/http";
import { clientKey, consume } from "@/lib/limits/rate";

/**
 * A member's personal link, a one-time link made on one of their devices, or a help link
 * the organizer made for them: signs this browser in as that member — as a new device of
 * theirs, with a token of its own, so their other devices stay signed in and this one can be
 * revoked alone — and opens the trip. (A help link's device must then show it is the
 * member's: lib/actions/device-proof.ts.)
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    // Guessing links is pointless (256 bits), but each try costs a query: count them per client.
    await consume("join", `signin:${clientKey(clientAddress(request.headers))}`);
  } catch (error) {
    if (error instanceof AppError) return tooManySignInsPage(error);
    throw error;
  }
  if (looksLikeToken(token)) {
    // A browser already in the trip keeps who it is: opening someone else's link (the organizer
    // trying the help link they made) would silently swap its identity and lose its own device.
    const owner = await signInLinkOwner({ tokenHash: hashToken(token) });
    const held = owner ? request.cookies.get(tripCookieName(owner.tripId))?.value : undefined;
    const current =
      owner && looksLikeToken(held) ? await findCaller({ tripId: owner.tripId, tokenHash: hashToken(held) }) : null;
    if (owner && current) {
      return current.member.id === owner.memberId
        ? seeOther(`/trips/${owner.tripId}`)
        : seeOther("/?error=signin-other");
    }
  }
  const deviceToken = newToken();
  const found = looksLikeToken(token)
    ? await redeemSignInLink({
        tokenHash: hashToken(token),
        device: { tokenHash: hashToken(deviceToken), label: deviceLabel(request.headers.get("user-agent")) },
      })
    : null;
  if (!found) return seeOther("/?error=signin");
  return signedInRedirect(request, found.trip.id, deviceToken);
}
