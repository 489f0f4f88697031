import "server-only";
import {
  convertToModelMessages,
  generateId,
  hasToolCall,
  type ModelMessage,
  stepCountIs,
  streamText,
  type ToolApprovalStatus,
  type ToolSet,
  tool,
  type UIMessage,
} from "ai";
import { z } from "zod";
import type { ModelSet } from "@/lib/ai/models";
import { type Caller, requireMember } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { contextEntriesFor } from "@/lib/context-view";
import { claimThread, getThread, releaseThread, saveThread } from "@/lib/db/queries/assistant";
import { recordModelSpend } from "@/lib/db/queries/spend";
import { AppError } from "@/lib/errors";
import { ASSISTANT_AGENT, ensureAssistantTurnAllowed, tripAllowance } from "@/lib/limits/budget";
import { log } from "@/lib/log";
import type { AssistantRequest } from "@/lib/schemas/assistant";
import { COMPLETE_STATUSES } from "@/lib/schemas/assistant";
import { instructionsFor } from "./instructions";
import { type AssistantToolSpec, needsApproval, specsFor } from "./tool-specs";

/**
 * One turn of Ask TripSync: the person's message (or their answer to an approval card) is
 * added to their stored thread, and one tool loop runs on the assistant's model role with
 * the tools their role allows, until `complete_task`, `ask_clarification` (no execute: the
 * turn stops with a card), an approval card, or the step cap. The thread is stored when the
 * turn ends; only one turn runs per thread at a time.
 */

export const MAX_STEPS = 8;

export const BUSY = "I'm still answering your last message. Wait for it to finish, then send this again.";
export const FORGED =
  "That approval doesn't match anything waiting for your answer in this conversation. Nothing was done.";

type Part = UIMessage["parts"][number] & {
  type: string;
  state?: string;
  toolCallId?: string;
  input?: unknown;
  output?: unknown;
  approval?: { id: string; approved?: boolean; reason?: string; requestReason?: string };
};

export async function assistantTurn({
  caller,
  ctx,
  models,
  request,
  abortSignal,
}: {
  caller: Caller;
  ctx: RequestContext;
  models: ModelSet;
  request: AssistantRequest;
  abortSignal?: AbortSignal;
}): Promise<Response> {
  const tripId = caller.trip.id;
  const memberId = caller.member.id;
  const settings = models.settings("assistant");
  // The whole turn's time: every step may take its per-call limit (the thread frees itself after it).
  const until = new Date(Date.now() + settings.timeoutMs * MAX_STEPS + 5_000);
  if (!(await claimThread({ tripId, memberId, until }))) throw new AppError("conflict:assistant-busy", BUSY);
  let streaming = false;
  try {
    const stored = (await getThread({ tripId, memberId })) as UIMessage[];
    const approved = { confirmName: "" };
    const messages = withRequest(stored, request, caller, approved);
    await ensureAssistantTurnAllowed({ tripId, memberId });

    const specs = specsFor(caller);
    const tools = await toolsFor(specs, ctx, tripId, approved);
    const context = await contextEntriesFor(caller);
    const modelMessages = await convertToModelMessages(summarizeOld(messages), {
      tools,
      ignoreIncompleteToolCalls: true,
    });
    const done: string[] = [];
    let failed = false;

    const result = streamText({
      model: models.model("assistant"),
      instructions: instructionsFor(context),
      messages: modelMessages as ModelMessage[],
      tools,
      toolApproval: await approvalsFor(specs, tripId),
      stopWhen: [stepCountIs(MAX_STEPS), hasToolCall("complete_task")],
      timeout: { stepMs: settings.timeoutMs },
      maxRetries: 0,
      abortSignal,
      providerOptions: models.providerOptions("assistant") as Parameters<typeof streamText>[0]["providerOptions"],
      onStepFinish: ({ toolResults }) => {
        for (const r of toolResults) done.push(r.toolName);
      },
      onError: () => {
        failed = true;
      },
      onFinish: async ({ totalUsage, steps }) => {
        await recordModelSpend({
          tripId,
          agent: ASSISTANT_AGENT,
          calls: steps.length,
          inputTokens: totalUsage.inputTokens ?? 0,
          outputTokens: totalUsage.outputTokens ?? 0,
        }).catch((err) => log.error({ err }, "assistant spend not recorded"));
      },
    });

    streaming = true;
    return result.toUIMessageStreamResponse({
      originalMessages: messages,
      generateMessageId: generateId,
      headers: { "Cache-Control": "no-store" },
      onError: () => {
        failed = true;
        return endedEarly(done);
      },
      onFinish: async ({ messages: finished }) => {
        const kept = failed ? withNote(finished, endedEarly(done)) : finished;
        await saveThread({ memberId, messages: kept }).catch((err) => {
          log.error({ err }, "assistant thread not saved");
          return releaseThread({ memberId });
        });
      },
    });
  } finally {
    if (!streaming) await releaseThread({ memberId });
  }
}

/** What the person reads when a turn stops early (a model timeout or outage). */
function endedEarly(done: string[]): string {
  const did = done.filter((n) => n !== "complete_task");
  const what = did.length ? `Done before it stopped: ${[...new Set(did)].join(", ")}.` : "Nothing was done.";
  return `The assistant stopped before finishing (the AI didn't answer in time). ${what} Nothing else changed.`;
}

function withNote(messages: UIMessage[], note: string): UIMessage[] {
  const last = messages.at(-1);
  if (last?.role === "assistant") {
    return [...messages.slice(0, -1), { ...last, parts: [...last.parts, { type: "text", text: note }] }];
  }
  return [...messages, { id: generateId(), role: "assistant", parts: [{ type: "text", text: note }] }];
}

/**
 * The thread with the person's request applied. A message: appended (an open question card
 * gets it as its answer; an approval card left unanswered counts as declined). An approval:
 * it must be the one waiting in the stored thread — the client can't invent or re-aim one.
 */
export function withRequest(
  stored: UIMessage[],
  request: AssistantRequest,
  caller: Caller,
  approved: { confirmName: string },
): UIMessage[] {
  const messages = structuredClone(stored);
  const last = messages.at(-1);
  const parts = (last?.role === "assistant" ? last.parts : []) as Part[];
  if ("text" in request) {
    for (const part of parts) {
      if (part.state === "approval-requested") {
        part.state = "output-denied";
        part.approval = { ...(part.approval as { id: string }), approved: false, reason: "The person moved on." };
      }
      if (part.type === "tool-ask_clarification" && part.state === "input-available") {
        Object.assign(part, { state: "output-available", output: { answer: request.text } });
      }
    }
    messages.push({ id: generateId(), role: "user", parts: [{ type: "text", text: request.text }] });
    return messages;
  }
  const waiting = parts.find((p) => p.state === "approval-requested" && p.approval?.id === request.approval.id);
  if (!waiting) throw new AppError("forbidden:approval", FORGED);
  if (request.approval.approved && waiting.type === "tool-delete_trip") {
    if ((request.approval.confirmName ?? "").trim() !== caller.trip.name) {
      throw new AppError("invalid:input", "Some fields need another look.", {
        confirmName: "Type the trip's name exactly to delete it",
      });
    }
    approved.confirmName = caller.trip.name;
  }
  waiting.state = "approval-responded";
  waiting.approval = { ...(waiting.approval as { id: string }), approved: request.approval.approved };
  return messages;
}

/** Older turns' tool results go to the model as one-line summaries (the thread keeps them whole for the page). */
export function summarizeOld(messages: UIMessage[]): UIMessage[] {
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  return messages.map((m, i) => {
    if (i >= lastUser || m.role !== "assistant") return m;
    return {
      ...m,
      parts: m.parts.map((p) => {
        const part = p as Part;
        if (part.state !== "output-available" || !part.type.startsWith("tool-")) return p;
        const ok = (part.output as { ok?: boolean } | undefined)?.ok;
        return {
          ...p,
          output: { summary: `${part.type.slice(5)} ${ok === false ? "was refused" : "ran"}` },
        } as typeof p;
      }),
    };
  });
}

async function toolsFor(
  specs: AssistantToolSpec[],
  ctx: RequestContext,
  tripId: string,
  approved: { confirmName: string },
): Promise<ToolSet> {
  const tools: ToolSet = {};
  for (const spec of specs) {
    tools[spec.name] = tool({
      description: spec.description,
      inputSchema: spec.input,
      execute: async (input: Record<string, unknown>) => {
        // The caller as of now: a rename, a removal or a role change mid-turn is seen.
        const caller = await requireMember(ctx, tripId).catch(() => null);
        if (!caller) return { ok: false, code: "not_found:trip", message: "This trip isn't there for you any more." };
        const args = spec.name === "delete_trip" ? { confirmName: approved.confirmName } : input;
        return spec.run(args, { caller, ctx });
      },
    });
  }
  tools.complete_task = tool({
    description: "Ends the turn: a one-line summary of what was done and whether it succeeded.",
    inputSchema: z.object({
      summary: z.string().max(300).describe("What was done, in one line"),
      status: z.enum(COMPLETE_STATUSES).describe("success, partial or blocked"),
    }),
    execute: async (input) => ({ ended: true, ...input }),
  });
  tools.ask_clarification = tool({
    description: "Asks the person one question when something needed is missing; the turn stops until they answer.",
    inputSchema: z.object({
      question: z.string().max(300).describe("The question"),
      missing: z.string().max(200).describe("What is missing"),
      why: z.string().max(300).describe("Why it is needed"),
      choices: z.array(z.string().max(120)).max(4).describe("2-4 likely answers"),
    }),
  });
  return tools;
}

/** Approval by stakes, with what the card should say. */
async function approvalsFor(specs: AssistantToolSpec[], tripId: string) {
  const config: Record<string, () => Promise<ToolApprovalStatus>> = {};
  for (const spec of specs) {
    if (!needsApproval(spec)) continue;
    config[spec.name] = async () => {
      if (spec.effect !== "spends-model") return { type: "user-approval", reason: spec.description };
      const left = await tripAllowance({ tripId });
      return {
        type: "user-approval",
        reason: `${spec.description} Left of today's AI allowance for this trip: ${left.calls} of ${left.totalCalls} model calls.`,
      };
    };
  }
  return config;
}
