import { NextResponse } from "next/server";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { AppError } from "@/lib/errors";
import { progressStream } from "@/lib/pipeline/progress-stream";
import { RunId } from "@/lib/schemas/pipeline";

export const dynamic = "force-dynamic";

/** GET /api/trips/<id>/events[?run=<runId>]: the run's progress as Server-Sent Events (resumes from Last-Event-ID). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    await requireMember(await requestContext(), id);
    const url = new URL(request.url);
    const runId = url.searchParams.get("run");
    if (runId !== null && !RunId.safeParse(runId).success) {
      throw new AppError("invalid:run", "That isn't a run id.");
    }
    const lastEventId = Number(request.headers.get("last-event-id") ?? 0);
    const stream = await progressStream({
      tripId: id,
      runId,
      afterId: Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : 0,
      signal: request.signal,
    });
    if (!stream) throw new AppError("not_found:run", "This trip has no recommendation runs yet.");
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "private, no-store, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      return NextResponse.json({ error: error.code, message: error.message }, { status: error.status });
    throw error;
  }
}
