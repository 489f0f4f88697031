import { headers } from "next/headers";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { refusalResponse } from "@/lib/http";
import { calendarOf, calendarResponse, openShareLink, sharePath, shownPlan } from "@/lib/share/link";

/**
 * GET /s/<token>/calendar.ics: the shared plan as a calendar file, and the feed a
 * `webcal://` subscription follows (same UIDs every time, SEQUENCE up when an event
 * changes). A dead link is a plain 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    const shared = await openShareLink(await requestContext(), token);
    const plan = shared ? (await shownPlan(shared))?.plan : null;
    if (!shared?.current || !plan) return new Response("Not found", { status: 404 });
    const ics = await calendarOf({
      tripId: shared.trip.id,
      current: shared.current,
      final: plan.status === "final",
      link: `${requestOrigin(await headers())}${sharePath(token)}`,
    });
    return calendarResponse(ics, plan.destination.slug);
  } catch (error) {
    return refusalResponse(error);
  }
}
