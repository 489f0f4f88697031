import { requestContext } from "@/lib/auth/request";
import { tripEventsResponse } from "@/lib/live/stream";

export const dynamic = "force-dynamic";

/**
 * GET /api/trips/<id>/events[?after=<event id>]: the trip's live channel as Server-Sent
 * Events, for its members (resumes from Last-Event-ID; 429 with Retry-After past the
 * stream caps). See lib/live/stream.ts.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return tripEventsResponse({ request, ctx: await requestContext(), tripId: id });
}
