import { headers } from "next/headers";
import { requireMember } from "@/lib/auth/guards";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { AppError } from "@/lib/errors";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { calendarResponse, memberCalendarRead } from "@/lib/share/link";

/**
 * GET /api/trips/<id>/calendar.ics: the current plan as a calendar file, for members of
 * the trip (events link back to the plan page). Same events and UIDs as the share link's;
 * made once per state of the trip (lib/share/read-cache.ts), the caller checked every time.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const caller = await requireMember(await requestContext(), id);
    await consume("read", caller.member.id);
    const file = await memberCalendarRead({ tripId: id, origin: requestOrigin(await headers()) });
    if (!file) throw new AppError("not_found:itinerary", "This trip has no plan to export yet.");
    return calendarResponse(file.ics, file.slug);
  } catch (error) {
    return refusalResponse(error);
  }
}
