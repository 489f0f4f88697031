import "server-only";
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  generateId,
  hasToolCall,
  type JSONSchema7,
  jsonSchema,
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
import type { Caller } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { claimThread, getThread, insertUnmetRequest, releaseThread, saveThread } from "@/lib/db/queries/assistant";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { recordModelSpend } from "@/lib/db/queries/spend";
import { UNMET_CATEGORIES } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { ASSISTANT_AGENT, ensureAssistantTurnAllowed } from "@/lib/limits/budget";
import { log } from "@/lib/log";
import type { AssistantRequest } from "@/lib/schemas/assistant";
import { COMPLETE_STATUSES } from "@/lib/schemas/assistant";
import { contextEntriesFor } from "@/lib/views/context";
import { approvalReason, needsApproval } from "./approval";
import { AREA_NAMES, type Area, activeToolNames, areasFor, areasOf, OPEN_TOOLS, openToolsDescription } from "./areas";
import { instructionsFor } from "./instructions";
import { runTool, titleOf, toolsForRole } from "./registry";

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

    const tools = toolsFor(caller, ctx, approved);
    const [context, people] = await Promise.all([contextEntriesFor(caller), listMembersWithPreferences({ tripId })]);
    const modelMessages = await convertToModelMessages(summarizeOld(messages), {
      tools,
      ignoreIncompleteToolCalls: true,
    });
    const done: string[] = [];
    let failed = false;
    const allTools = Object.keys(tools);
    /** Set when a tool's arguments were refused twice this turn: the turn ends as partial. */
    const refused: { tool?: string; result?: ToolOutcome } = {};
    const opened = openedAreas(messages);

    const result = streamText({
      model: models.model("assistant"),
      instructions: instructionsFor(context, {
        names: people.map((p) => ({ name: p.name, organizer: p.role === "organizer" })),
        me: caller.member.name,
      }),
      messages: modelMessages as ModelMessage[],
      tools,
      // Only the areas this request speaks of (and any the model opens) send their schemas.
      activeTools: activeToolNames(allTools, opened),
      prepareStep: ({ steps }) => {
        const more = steps
          .flatMap((s) => s.toolCalls)
          .flatMap((c) => (c.toolName === OPEN_TOOLS ? areasIn(c.input) : []));
        return more.length ? { activeTools: activeToolNames(allTools, [...new Set([...opened, ...more])]) } : {};
      },
      toolApproval: approvalsFor(caller),
      stopWhen: [stepCountIs(MAX_STEPS), hasToolCall("complete_task"), refusedTwice(refused)],
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
    const stream = createUIMessageStream({
      originalMessages: messages,
      generateId,
      execute: async ({ writer }) => {
        // A timeout or an outage ends the stream early: instead of the bare abort, the person
        // reads what was done and that nothing else changed (and it is kept in the thread).
        for await (const chunk of result.toUIMessageStream({
          originalMessages: messages,
          generateMessageId: generateId,
          onError: () => {
            failed = true;
            return "";
          },
        })) {
          if (chunk.type === "abort" || chunk.type === "error") {
            failed = true;
            continue;
          }
          if (chunk.type === "finish" && (failed || refused.tool)) continue;
          writer.write(chunk);
        }
        if (refused.tool && !failed) {
          const summary = `${refused.tool} did not go through`;
          const id = generateId();
          writer.write({ type: "text-start", id });
          writer.write({ type: "text-delta", id, delta: refusedText(refused.result) });
          writer.write({ type: "text-end", id });
          const toolCallId = generateId();
          const input = { summary, status: "partial" as const };
          writer.write({ type: "tool-input-available", toolCallId, toolName: "complete_task", input });
          writer.write({ type: "tool-output-available", toolCallId, output: { ended: true, ...input } });
          writer.write({ type: "finish" });
        }
        if (failed) {
          const id = generateId();
          writer.write({ type: "text-start", id });
          writer.write({ type: "text-delta", id, delta: endedEarly(done) });
          writer.write({ type: "text-end", id });
          writer.write({ type: "finish" });
        }
      },
      onEnd: async ({ messages: finished }) => {
        await saveThread({ memberId, messages: finished }).catch((err) => {
          log.error({ err }, "assistant thread not saved");
          return releaseThread({ memberId });
        });
      },
    });
    return createUIMessageStreamResponse({ stream, headers: { "Cache-Control": "no-store" } });
  } finally {
    if (!streaming) await releaseThread({ memberId });
  }
}

type ToolOutcome = { ok?: boolean; code?: string; message?: string; fieldErrors?: Record<string, string> };

/** Refusals worth one more try: invalid arguments, and an edit on a plan that changed since it was read. */
const RETRIED = new Set(["invalid:input", "conflict:version"]);

/**
 * Invalid arguments get one retry: the action's field errors go back to the model, which
 * may call the tool once more with them fixed (a stale plan version: read it again, edit the new one). The same tool refused a second time ends the
 * turn (as partial, with what to change) instead of another guess.
 */
export function refusedTwice(refused: { tool?: string; result?: ToolOutcome }) {
  return ({ steps }: { steps: { toolResults: { toolName: string; output: unknown }[] }[] }) => {
    const invalid = new Map<string, number>();
    for (const r of steps.flatMap((s) => s.toolResults)) {
      const out = r.output as ToolOutcome | undefined;
      if (out?.ok !== false || !RETRIED.has(out.code ?? "")) continue;
      invalid.set(r.toolName, (invalid.get(r.toolName) ?? 0) + 1);
      if ((invalid.get(r.toolName) ?? 0) >= 2) Object.assign(refused, { tool: r.toolName, result: out });
    }
    return refused.tool !== undefined;
  };
}

/** The partial end after a second refusal: the action's own words, field by field. */
function refusedText(result: ToolOutcome | undefined): string {
  const fields = Object.entries(result?.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
  const why = fields.length ? ` ${fields.join("; ")}.` : "";
  return `That didn't go through: ${result?.message ?? "the details were refused."}${why} Nothing else changed.`;
}

/** What the person reads when a turn stops early (a model timeout or outage). */
function endedEarly(done: string[]): string {
  const did = done.filter((n) => n !== "complete_task");
  // In words ("Read plan"), never a tool's name.
  const what = did.length
    ? `Done before it stopped: ${[...new Set(did.map(titleOf))].join(", ")}.`
    : "Nothing was done.";
  return `The assistant stopped before finishing (the AI didn't answer in time). ${what} Nothing else changed.`;
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
  if (request.approval.approved && waiting.type === "tool-deleteTrip") {
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

/** How much of an older turn's reply goes to the model (it can read again what it needs). */
export const OLD_REPLY_CHARS = 400;

/** How many of the person's latest messages (with their answers) the model is sent. */
export const RECENT_TURNS = 6;

/**
 * The model is sent the person's last six messages and their answers (a turn's input, and so
 * the wait for its first word, stays about the same however long the thread grows; what the
 * group settled is in "What we've agreed", read every turn). Older turns' tool results go as
 * one-line summaries and their replies cut to their first 400 characters. The thread keeps
 * everything whole for the page.
 */
export function summarizeOld(all: UIMessage[]): UIMessage[] {
  const userAt = all.flatMap((m, i) => (m.role === "user" ? [i] : []));
  const messages = all.slice(userAt.at(-RECENT_TURNS) ?? 0);
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  return messages.map((m, i) => {
    if (i >= lastUser || m.role !== "assistant") return m;
    return {
      ...m,
      parts: m.parts.map((p) => {
        const part = p as Part;
        if (p.type === "text" && p.text.length > OLD_REPLY_CHARS) {
          return { ...p, text: `${p.text.slice(0, OLD_REPLY_CHARS)}…` };
        }
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

/**
 * The areas open for this turn: those the person's last message speaks of, and those of
 * the tools already called (or opened) since it — an approval resumes the same turn.
 */
export function openedAreas(messages: UIMessage[]): Area[] {
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  const text = (messages[lastUser]?.parts ?? [])
    .map((p) => (p.type === "text" ? (p as { text: string }).text : ""))
    .join(" ");
  const areas = new Set<Area>(areasFor(text));
  for (const m of messages.slice(lastUser + 1)) {
    for (const p of m.parts as Part[]) {
      if (!p.type.startsWith("tool-")) continue;
      const name = p.type.slice(5);
      if (name === OPEN_TOOLS) for (const a of areasIn(p.input)) areas.add(a);
      else for (const a of areasOf(name)) areas.add(a);
    }
  }
  return [...areas];
}

function areasIn(input: unknown): Area[] {
  const asked = (input as { areas?: unknown } | undefined)?.areas;
  return Array.isArray(asked) ? AREA_NAMES.filter((a) => asked.includes(a)) : [];
}

/** The registry's tools this caller's role may use, the unmet-request note, and the two tools that end a turn. */
function toolsFor(caller: Caller, ctx: RequestContext, approved: { confirmName: string }): ToolSet {
  const tripId = caller.trip.id;
  const tools: ToolSet = {};
  for (const spec of toolsForRole(caller.isOrganizer)) {
    tools[spec.name] = tool({
      description: spec.description,
      inputSchema: jsonSchema<Record<string, unknown>>(spec.inputSchema as JSONSchema7),
      // The action itself, as the person: its own authorization, validation, limits and messages.
      execute: (input: Record<string, unknown>) =>
        runTool(spec.name, boundArgs(spec.name, input, approved), { ctx, tripId }),
    });
  }
  tools.record_unmet_request = tool({
    description:
      "Records, in one line, a request no tool can do (booking, payments, messaging, outside data, account), so the organizer can see what people need.",
    inputSchema: z.object({
      summary: z.string().min(1).max(140).describe("The request in one line"),
      category: z.enum(UNMET_CATEGORIES).describe("What kind of thing was asked"),
    }),
    execute: async (input) => {
      await insertUnmetRequest({ tripId, memberId: caller.member.id, ...input });
      return { ok: true, data: { recorded: true } };
    },
  });
  tools[OPEN_TOOLS] = tool({
    description: openToolsDescription(),
    inputSchema: z.object({ areas: z.array(z.enum(AREA_NAMES)).min(1).describe("The areas to open") }),
    execute: async ({ areas }) => ({ ok: true, data: { opened: areas } }),
  });
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

/**
 * What the person, not the model, decides: the trip's name typed in the deletion card, and
 * that an entry the assistant adds is marked as its proposal.
 */
function boundArgs(name: string, input: Record<string, unknown>, approved: { confirmName: string }) {
  if (name === "deleteTrip") return { confirmName: approved.confirmName };
  if (name === "addContextEntry") return { ...input, proposedByAssistant: true };
  return input;
}

/** Approval by stakes, with what the card should say. */
function approvalsFor(caller: Caller) {
  const config: Record<string, (input: unknown) => Promise<ToolApprovalStatus>> = {};
  for (const spec of toolsForRole(caller.isOrganizer)) {
    if (!needsApproval(spec)) continue;
    config[spec.name] = async (input) => ({ type: "user-approval", reason: await approvalReason(spec, input, caller) });
  }
  return config;
}
