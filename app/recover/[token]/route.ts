import type { NextRequest } from "next/server";
import { deviceLabel } from "@/lib/auth/device-label";
import { hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { addDevice, findOrganizerByRecoveryHash } from "@/lib/db/queries/members";
import { seeOther, signedInRedirect } from "@/lib/http";

/**
 * The organizer's private recovery link: signs this browser in as the organizer (a new
 * device with a token of its own, revocable alone) and opens the trip.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
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
