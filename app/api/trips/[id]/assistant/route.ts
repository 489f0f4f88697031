import { deleteAssistant, getAssistant, postAssistant } from "@/lib/assistant/http";
import { requestContext } from "@/lib/auth/request";

type Params = { params: Promise<{ id: string }> };

/** Ask TripSync: send a message or an approval; the answer streams back (AI SDK UI message stream). */
export async function POST(request: Request, { params }: Params) {
  const { id } = await params;
  const body = await request.json().catch(() => null);
  return postAssistant({ ctx: await requestContext(), tripId: id, body, abortSignal: request.signal });
}

/** The caller's own conversation (kept on the server), suggestions, and the unmet requests they may see. */
export async function GET(_request: Request, { params }: Params) {
  const { id } = await params;
  return getAssistant({ ctx: await requestContext(), tripId: id });
}

/** "Clear conversation". */
export async function DELETE(_request: Request, { params }: Params) {
  const { id } = await params;
  return deleteAssistant({ ctx: await requestContext(), tripId: id });
}
