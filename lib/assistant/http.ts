import "server-only";
import { NextResponse } from "next/server";
import { defaultModels, type ModelSet } from "@/lib/ai/models";
import { suggestionsFor } from "@/lib/ai/offline/assistant-grammar";
import { requireMember } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { clearThread, getThread, listUnmetRequests } from "@/lib/db/queries/assistant";
import { AppError, fieldErrorsOf } from "@/lib/errors";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { AssistantRequest } from "@/lib/schemas/assistant";
import { assistantTurn } from "./loop";

/**
 * `/api/trips/<id>/assistant`: POST a message (or an approval) → the turn's UI message
 * stream; GET → the caller's stored conversation, suggestions and unmet requests; DELETE →
 * "Clear conversation". Refusals are the app's usual JSON (404 for anyone not in the trip,
 * 429 with Retry-After, field errors for bad input — and then no model is called).
 */

export async function postAssistant({
  ctx,
  tripId,
  body,
  models = defaultModels(),
  abortSignal,
}: {
  ctx: RequestContext;
  tripId: string;
  body: unknown;
  models?: ModelSet;
  abortSignal?: AbortSignal;
}): Promise<Response> {
  try {
    const caller = await requireMember(ctx, tripId);
    const parsed = AssistantRequest.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      const text = Object.entries(errors).find(([k]) => k.startsWith("text"))?.[1];
      throw new AppError("invalid:input", text ?? "That message couldn't be read.", {
        text: text ?? "Type a message",
      });
    }
    return await assistantTurn({ caller, ctx, models, request: parsed.data, abortSignal });
  } catch (error) {
    return refusalResponse(error);
  }
}

export async function getAssistant({ ctx, tripId }: { ctx: RequestContext; tripId: string }): Promise<Response> {
  try {
    const caller = await requireMember(ctx, tripId);
    await consume("read", caller.member.id);
    const [messages, unmet] = await Promise.all([
      getThread({ tripId, memberId: caller.member.id }),
      listUnmetRequests({ tripId, memberId: caller.isOrganizer ? undefined : caller.member.id }),
    ]);
    return NextResponse.json(
      {
        messages,
        suggestions: suggestionsFor({
          isDemo: caller.trip.isDemo,
          isOrganizer: caller.isOrganizer,
          status: caller.trip.status,
        }),
        unmet: unmet.map((u) => ({
          id: u.id,
          summary: u.summary,
          category: u.category,
          by: caller.isOrganizer ? u.by : null,
          at: u.createdAt.toISOString(),
        })),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    return refusalResponse(error);
  }
}

export async function deleteAssistant({ ctx, tripId }: { ctx: RequestContext; tripId: string }): Promise<Response> {
  try {
    const caller = await requireMember(ctx, tripId);
    const { cleared } = await clearThread({ memberId: caller.member.id });
    if (!cleared) throw new AppError("conflict:assistant-busy", "Wait for the answer to finish, then clear.");
    return NextResponse.json({ cleared: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return refusalResponse(error);
  }
}
