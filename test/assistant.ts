import type { UIMessage } from "ai";
import { type ModelSet, offlineModels } from "@/lib/ai/models";
import type { OfflineAssistantOptions } from "@/lib/ai/offline/assistant-model";
import { assistantTurn } from "@/lib/assistant/loop";
import { requireMember } from "@/lib/auth/guards";
import { getThread } from "@/lib/db/queries/assistant";
import type { AssistantRequest } from "@/lib/schemas/assistant";
import type { TestBrowser } from "./browser";

export type ToolPart = {
  type: string;
  state: string;
  input?: Record<string, unknown>;
  output?: unknown;
  approval?: { id: string; approved?: boolean; requestReason?: string };
};

export type Answer = {
  /** The words of the reply (this turn's assistant message, text parts joined). */
  text: string;
  /** This turn's tool parts, in order (tool name without the "tool-" prefix). */
  tools: (ToolPart & { name: string })[];
  /** The raw UI message stream as the browser received it. */
  stream: string;
  status: number;
};

/**
 * Sends one message (or approval) as `who`, reads the whole stream, and returns what the person got.
 * The offline assistant answers unless `options.models` gives another model set (Gemini over recordings).
 */
export async function ask(
  who: TestBrowser,
  tripId: string,
  request: AssistantRequest | string,
  options: OfflineAssistantOptions & { timeoutMs?: number; models?: ModelSet } = {},
): Promise<Answer> {
  const caller = await requireMember(who.ctx, tripId);
  const models = options.models ?? offlineModels({ assistant: options, timeoutMs: options.timeoutMs });
  const response = await assistantTurn({
    caller,
    ctx: who.ctx,
    models,
    request: typeof request === "string" ? { text: request } : request,
  });
  const stream = await response.text();
  // The thread is stored when the stream ends.
  const thread = await waitForSaved(tripId, caller.member.id);
  const last = thread.at(-1);
  const parts = (last?.role === "assistant" ? last.parts : []) as ToolPart[];
  return {
    text: parts
      .filter((p) => p.type === "text")
      .map((p) => (p as unknown as { text: string }).text)
      .join(" ")
      .trim(),
    tools: parts.filter((p) => p.type.startsWith("tool-")).map((p) => ({ ...p, name: p.type.slice(5) })),
    stream,
    status: response.status,
  };
}

/** Waits until the turn's thread is stored and free for the next message, and returns it. */
export async function waitForSaved(tripId: string, memberId: string): Promise<UIMessage[]> {
  const { getDb } = await import("@/lib/db/client");
  const { assistantThreads } = await import("@/lib/db/schema");
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  for (let i = 0; i < 100; i++) {
    const [row] = await db
      .select({ answering: assistantThreads.answeringUntil })
      .from(assistantThreads)
      .where(eq(assistantThreads.memberId, memberId));
    if (row && row.answering === null) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return (await getThread({ tripId, memberId })) as UIMessage[];
}

/** The approval card waiting in this answer. */
export function pendingApproval(answer: Answer): { id: string; tool: string; reason?: string } | null {
  const part = answer.tools.find((t) => t.state === "approval-requested");
  return part?.approval ? { id: part.approval.id, tool: part.name, reason: part.approval.requestReason } : null;
}
