import { headers } from "next/headers";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { refusalResponse } from "@/lib/http";
import { calendarResponse, sharedCalendarRead } from "@/lib/share/link";

/**
 * GET /s/<token>/calendar.ics: the shared plan as a calendar file, and the feed a
 * `webcal://` subscription follows (same UIDs every time, SEQUENCE up when an event
 * changes). Made once per state of the trip (lib/share/read-cache.ts). A dead link is a plain 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    const file = await sharedCalendarRead(await requestContext(), token, requestOrigin(await headers()));
    if (!file) return new Response("Not found", { status: 404 });
    return calendarResponse(file.ics, file.slug);
  } catch (error) {
    return refusalResponse(error);
  }
}
