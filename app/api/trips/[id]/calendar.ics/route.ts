import { headers } from "next/headers";
import { requireMember } from "@/lib/auth/guards";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { AppError } from "@/lib/errors";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { calendarOf, calendarResponse } from "@/lib/share/link";

/**
 * GET /api/trips/<id>/calendar.ics: the current plan as a calendar file, for members of
 * the trip (events link back to the plan page). Same events and UIDs as the share link's.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const caller = await requireMember(await requestContext(), id);
    await consume("read", caller.member.id);
    const current = await currentItinerary({ tripId: id });
    if (!current || (caller.trip.status !== "planning" && caller.trip.status !== "finalized")) {
      throw new AppError("not_found:itinerary", "This trip has no plan to export yet.");
    }
    const ics = await calendarOf({
      tripId: id,
      current,
      final: caller.trip.status === "finalized",
      link: `${requestOrigin(await headers())}/trips/${id}/plan`,
    });
    return calendarResponse(ics, current.itinerary.destination.slug);
  } catch (error) {
    return refusalResponse(error);
  }
}
