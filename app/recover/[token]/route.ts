import type { NextRequest } from "next/server";
import { deviceLabel } from "@/lib/auth/device-label";
import { clientAddress } from "@/lib/auth/request";
import { hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { addDevice, findOrganizerByRecoveryHash } from "@/lib/db/queries/members";
import { AppError } from "@/lib/errors";
import { seeOther, signedInRedirect } from "@/lib/http";
import { clientKey, consume } from "@/lib/limits/rate";

/**
 * The organizer's private recovery link: signs this browser in as the organizer (a new
 * device with a token of its own, revocable alone) and opens the trip.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    // Counted with sign-in links, per client: guessing is pointless (256 bits), but each try costs a query.
    await consume("join", `signin:${clientKey(clientAddress(request.headers))}`);
  } catch (error) {
    if (error instanceof AppError) return seeOther("/?error=signin-limit");
    throw error;
  }
  const found = looksLikeToken(token) ? await findOrganizerByRecoveryHash({ tokenHash: hashToken(token) }) : null;
  if (!found) return seeOther("/?error=recovery");
  const deviceToken = newToken();
  await addDevice({
    memberId: found.member.id,
    tokenHash: hashToken(deviceToken),
    label: deviceLabel(request.headers.get("user-agent")),
  });
  return signedInRedirect(request, found.trip.id, deviceToken);
}
