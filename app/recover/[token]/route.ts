import { type NextRequest, NextResponse } from "next/server";
import { deviceLabel } from "@/lib/auth/device-label";
import { isSecureRequest } from "@/lib/auth/request";
import { rememberTripToken } from "@/lib/auth/session";
import { hashToken, looksLikeToken, newToken } from "@/lib/auth/tokens";
import { addDevice, findOrganizerByRecoveryHash } from "@/lib/db/queries/members";

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
  const response = seeOther(`/trips/${found.trip.id}`);
  // The cookie rides on the redirect itself, so the next page load is already signed in.
  rememberTripToken(
    { cookies: response.cookies, secure: isSecureRequest(request.headers) },
    found.trip.id,
    deviceToken,
  );
  return response;
}

/**
 * A relative redirect: the browser stays on the host it used. (`request.url` can name a
 * different host than the browser's, e.g. localhost for 127.0.0.1, and the cookie would
 * not follow.)
 */
function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: path } });
}
