import { NextResponse } from "next/server";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { currentItinerary, itineraryVersion } from "@/lib/db/queries/itineraries";
import { AppError } from "@/lib/errors";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { MAX_VERSION } from "@/lib/schemas/version";
import { itineraryForViewer } from "@/lib/views/itinerary";

/**
 * GET /api/trips/<id>/itinerary[?version=N]: the plan as JSON (the `Itinerary` schema),
 * current or an earlier version, to members of the trip; costs cut to what the caller may
 * see (their own, or everyone's for the organizer).
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const caller = await requireMember(await requestContext(), id);
    await consume("read", caller.member.id);
    const asked = new URL(request.url).searchParams.get("version");
    const version = asked === null ? null : Number(asked);
    if (version !== null && !(Number.isSafeInteger(version) && version > 0 && version <= MAX_VERSION)) {
      throw new AppError("invalid:version", "version must be a positive whole number.");
    }
    const stored =
      version === null ? await currentItinerary({ tripId: id }) : await itineraryVersion({ tripId: id, version });
    if (!stored) {
      throw new AppError(
        "not_found:itinerary",
        version === null ? "This trip has no plan yet." : `There is no version ${version}.`,
      );
    }
    return NextResponse.json(
      { version: stored.version, source: stored.source, itinerary: itineraryForViewer(stored.itinerary, caller) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return refusalResponse(error);
  }
}
