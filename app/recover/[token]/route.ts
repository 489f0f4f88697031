import type { NextRequest } from "next/server";
import { deviceLabel } from "@/lib/auth/device-label";
import { clientAddress } from "@/lib/auth/request";
import { hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { redeemRecoveryLink } from "@/lib/db/queries/members";
import { AppError } from "@/lib/errors";
import { seeOther, signedInRedirect, tooManySignInsPage } from "@/lib/http";
import { clientKey, consume } from "@/lib/limits/rate";

/**
 * The organizer's private recovery link: signs this browser in as the organizer (a new
 * device with a token of its own, revocable alone, listed as added by a recovery link) and
 * opens the trip. It works once: a second browser is sent to a page that says so and how
 * to make a new one.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    // Counted with sign-in links, per client: guessing is pointless (256 bits), but each try costs a query.
    await consume("join", `signin:${clientKey(clientAddress(request.headers))}`);
  } catch (error) {
    if (error instanceof AppError) return tooManySignInsPage(error);
    throw error;
  }
  const deviceToken = newToken();
  const found = looksLikeToken(token)
    ? await redeemRecoveryLink({
        tokenHash: hashToken(token),
        device: { tokenHash: hashToken(deviceToken), label: deviceLabel(request.headers.get("user-agent")) },
      })
    : null;
  if (!found) return seeOther("/?error=recovery");
  if ("used" in found) return seeOther("/?error=recovery-used");
  return signedInRedirect(request, found.trip.id, deviceToken);
}
