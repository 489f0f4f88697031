import "server-only";
import { type Caller, requireMember } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { latestTripEventId, listTripEvents } from "@/lib/db/queries/trip-events";
import { AppError } from "@/lib/errors";
import { TripId } from "@/lib/schemas/trip";
import type { LiveMessage, TripEvent } from "@/lib/schemas/trip-events";
import { tripHub } from "./hub";
import { acquireStreamSlot, STREAM_LIMITS } from "./stream-slots";
import { messageFor } from "./viewer-payloads";

/**
 * `GET /api/trips/<id>/events`: the trip's live channel as Server-Sent Events, for any
 * member. It first replays the events after the browser's cursor (`Last-Event-ID` on a
 * reconnect, `?after=` from the page that rendered the state the browser shows), then
 * forwards what the trip's shared listener hears, until the browser leaves or the member
 * is removed. Each message is one `LiveMessage` as JSON (the event and what changed, cut
 * for this member by lib/live/viewer-payloads.ts) with its id as the SSE id.
 *
 * Control messages: `event: live` once the replay is done (everything later arrives as it
 * happens), and `event: resync` when the browser was away for more events than we replay
 * (the view re-reads its state instead).
 */

const MAX_REPLAY = 500;
/** A browser that stops reading is dropped (it reconnects and resumes) instead of buffering without end. */
const MAX_QUEUED_CHUNKS = 1000;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "private, no-store, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** The route handler's work, framework-free: authorize, take a stream slot, stream. */
export async function tripEventsResponse({
  request,
  ctx,
  tripId,
}: {
  request: Request;
  ctx: RequestContext;
  tripId: string;
}): Promise<Response> {
  let caller: Caller;
  try {
    caller = await requireMember(ctx, tripId);
  } catch (error) {
    if (error instanceof AppError)
      return Response.json({ error: error.code, message: error.message }, { status: error.status });
    throw error;
  }
  const slot = acquireStreamSlot({ tripId: caller.trip.id, memberId: caller.member.id });
  if (!slot) {
    return Response.json(
      { error: "limit:streams", message: "Too many live views of this trip are open. Close a tab and try again." },
      { status: 429, headers: { "Retry-After": String(STREAM_LIMITS.retryAfterSeconds) } },
    );
  }
  const stream = await tripEventStream({ caller, afterId: cursorOf(request), request, onClose: slot.release }).catch(
    (error: unknown) => {
      slot.release();
      throw error;
    },
  );
  return new Response(stream, { headers: SSE_HEADERS });
}

/** `Last-Event-ID` (a reconnect) wins over `?after=` (the page's starting point); anything else means "from now". */
function cursorOf(request: Request): number | null {
  for (const raw of [request.headers.get("last-event-id"), new URL(request.url).searchParams.get("after")]) {
    if (raw === null || !/^\d{1,15}$/.test(raw)) continue;
    return Number(raw);
  }
  return null;
}

/**
 * Where a page starts listening: the trip's latest event, read before anything the page
 * shows. Says nothing by itself; the page hands it only to an authorized member.
 */
export async function liveCursor(tripId: string): Promise<number> {
  return TripId.safeParse(tripId).success ? latestTripEventId({ tripId }) : 0;
}

async function tripEventStream({
  caller,
  afterId,
  request,
  onClose,
}: {
  caller: Caller;
  /** null: only what happens from now on. */
  afterId: number | null;
  /**
   * Its signal aborts when the browser goes away. The stream holds the request itself, not
   * just the signal: Node links a request's signal to the connection through a weak
   * reference to the request, so a collected request would never abort.
   */
  request: Request;
  onClose: () => void;
}): Promise<ReadableStream<Uint8Array>> {
  const tripId = caller.trip.id;
  const { signal } = request;
  const encoder = new TextEncoder();
  const hub = await tripHub();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let lastSent = 0;
  let replaying = true;
  const held: TripEvent[] = [];
  let unsubscribe: (() => void) | null = null;
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe?.();
    request.signal.removeEventListener("abort", close);
    onClose();
    try {
      controller?.close();
    } catch {
      // Already closed by the browser going away.
    }
  };
  const write = (text: string) => {
    if (closed || !controller) return;
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return close();
    controller.enqueue(encoder.encode(text));
  };
  const viewer = { memberId: caller.member.id, isOrganizer: caller.isOrganizer };
  // Payloads are read asynchronously; this chain keeps messages in id order.
  let sending: Promise<void> = Promise.resolve();
  const send = (event: TripEvent) => {
    if (event.id <= lastSent) return;
    lastSent = event.id;
    // A member removed from the trip stops hearing it at once, and so does a browser the
    // member or the organizer signed out (before any payload of what follows is read).
    const last =
      (event.kind === "member.left" && event.memberId === caller.member.id) ||
      (event.kind === "device.revoked" && event.deviceId === caller.device.id);
    const message = last ? Promise.resolve(event as LiveMessage) : messageFor(tripId, event, viewer);
    sending = sending.then(async () => {
      const ready = await message;
      write(`id: ${ready.id}\ndata: ${JSON.stringify(ready)}\n\n`);
      if (last) close();
    });
  };

  const replay = async (after: number | null) => {
    if (after === null) {
      lastSent = await latestTripEventId({ tripId });
      return;
    }
    lastSent = after;
    const backlog = await listTripEvents({ tripId, afterId: after, limit: MAX_REPLAY + 1 });
    if (backlog.length <= MAX_REPLAY) {
      for (const event of backlog) send(event);
      return;
    }
    lastSent = Math.max(await latestTripEventId({ tripId }), ...held.map((e) => e.id));
    const resyncId = lastSent;
    sending = sending.then(() => write(`id: ${resyncId}\nevent: resync\ndata: {}\n\n`));
  };

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: close,
  });
  signal.addEventListener("abort", close);
  if (signal.aborted) close();
  write("retry: 2000\n\n");

  try {
    // Subscribe before reading the backlog, holding live events until it is sent: nothing
    // committed in between can fall through the gap, and repeats are dropped by id.
    unsubscribe = await hub.subscribe(tripId, {
      onEvent: (event) => (replaying ? held.push(event) : send(event)),
      onTick: () => write(": keep-alive\n\n"),
    });
    if (closed) unsubscribe();
    else await replay(afterId);
  } catch (error) {
    close();
    throw error;
  }
  replaying = false;
  for (const event of held.splice(0)) send(event);
  sending = sending.then(() => write("event: live\ndata: {}\n\n"));
  return stream;
}
