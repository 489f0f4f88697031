import { unsubscribeResponse } from "@/lib/notifications/unsubscribe";

/** The unsubscribe link of every notification email (lib/notifications/unsubscribe.ts). */
type Context = { params: Promise<{ token: string }> };

export async function GET(request: Request, { params }: Context) {
  return unsubscribeResponse(request, (await params).token);
}

export async function POST(request: Request, { params }: Context) {
  return unsubscribeResponse(request, (await params).token);
}
