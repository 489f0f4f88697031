import { serve } from "inngest/next";
import { NextResponse } from "next/server";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { inngestEndpointDecision } from "@/lib/pipeline/inngest-endpoint";

/** Inngest calls this endpoint to run our functions' steps; who may call it is decided first. */
const handlers = serve({ client: inngest, functions });

type Handler = (request: Request, context: unknown) => Promise<Response>;

function guarded(handler: Handler): Handler {
  return async (request, context) => {
    const decision = inngestEndpointDecision();
    if (!decision.serve) {
      return NextResponse.json(
        { error: decision.status === 404 ? "not_found" : "unavailable", message: decision.reason },
        { status: decision.status, headers: { "Cache-Control": "no-store" } },
      );
    }
    return handler(request, context);
  };
}

export const GET = guarded(handlers.GET as Handler);
export const POST = guarded(handlers.POST as Handler);
export const PUT = guarded(handlers.PUT as Handler);
