import { NextResponse } from "next/server";
import { requestContext } from "@/lib/auth/request";
import { rememberTripToken } from "@/lib/auth/session";
import { hashToken, looksLikeToken } from "@/lib/auth/tokens";
import { findOrganizerByRecoveryHash } from "@/lib/db/queries/members";

/** The organizer's private recovery link: signs this browser in as the organizer and opens the trip. */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = looksLikeToken(token) ? await findOrganizerByRecoveryHash({ tokenHash: hashToken(token) }) : null;
  if (!found) return NextResponse.redirect(new URL("/?error=recovery", request.url), 303);
  rememberTripToken(await requestContext(), found.trip.id, token);
  return NextResponse.redirect(new URL(`/trips/${found.trip.id}`, request.url), 303);
}
