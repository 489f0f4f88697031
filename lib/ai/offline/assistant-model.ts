import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4Content,
  type LanguageModelV4GenerateResult,
  type LanguageModelV4Prompt,
  type LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { sleep, waitForAbort } from "@/lib/ai/offline/waiting";
import { areasOf, OPEN_TOOLS } from "@/lib/assistant/areas";
import { plansFor } from "./assistant-intents";
import { organizerOnly, peopleIn } from "./assistant-people";
import { type Call, type Clarify, type End, failure, isOk, type Plan, type Results } from "./assistant-plan";

/**
 * The offline assistant: a real AI SDK LanguageModel that plays the assistant with no
 * network. Each call reads the thread as the model would — the person's last message and
 * the tool calls and results since — and takes the next step of a small state machine:
 * read → act → read back → `complete_task`, or `ask_clarification` when something is
 * missing. It emits real tool calls and streams its words one by one. For tests and
 * benchmarks it takes the offline latency (before the first part, and per word or per output
 * token) and faults.
 */

export type AssistantFault = { kind: "timeout" | "server-error" | "outage"; times?: number };

/**
 * One call's size in tokens (about four characters a token): what it is sent (the messages
 * and the tools' declarations) and what it answers (its words, each tool call's name and arguments).
 */
export type OfflineAssistantCall = { inputTokens: number; outputTokens: number };

export type OfflineAssistantOptions = {
  /** Before the first streamed part of each call: fixed, or priced from the call's size. */
  latencyMs?: number | ((call: OfflineAssistantCall) => number);
  /** Between streamed words. */
  wordDelayMs?: number;
  /** The answer's pace once it streams: each word waits for its tokens, a tool call for its name and arguments. */
  outputTokenMs?: number;
  faults?: AssistantFault[];
  onCall?: (call: { startedAt: number; endedAt: number; ok: boolean } & OfflineAssistantCall) => void;
  /** Awaited before each call answers (1 is the turn's first): tests change the trip meanwhile. */
  beforeCall?: (n: number) => Promise<void>;
};

export class OfflineAssistantModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = "tripsync.offline";
  readonly modelId = "offline-assistant";
  readonly supportedUrls = {};
  private readonly faults: (AssistantFault & { left: number })[];
  private calls = 0;

  constructor(private readonly options: OfflineAssistantOptions = {}) {
    this.faults = (options.faults ?? []).map((f) => ({
      ...f,
      left: f.times ?? (f.kind === "outage" ? Number.POSITIVE_INFINITY : 1),
    }));
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const startedAt = performance.now();
    let ok = false;
    let size: OfflineAssistantCall = { inputTokens: 0, outputTokens: 0 };
    try {
      // The answer is worked out first (it is instant, from the thread alone), so a latency
      // function can price the call's size.
      const content = await nextStep(options);
      size = { inputTokens: tokens(sentChars(options)), outputTokens: tokens(answerChars(content)) };
      await this.beforeAnswer(size, options.abortSignal);
      await this.options.beforeCall?.(++this.calls);
      ok = true;
      return {
        content,
        finishReason: content.some((c) => c.type === "tool-call")
          ? { unified: "tool-calls", raw: "tool-calls" }
          : { unified: "stop", raw: "stop" },
        usage: usage(options.prompt, content),
        warnings: [],
        response: { modelId: this.modelId, timestamp: new Date(0) },
      };
    } finally {
      this.options.onCall?.({ startedAt, endedAt: performance.now(), ok, ...size });
    }
  }

  async doStream(options: LanguageModelV4CallOptions) {
    const result = await this.doGenerate(options);
    const wordDelay = this.options.wordDelayMs ?? 0;
    const tokenMs = this.options.outputTokenMs ?? 0;
    const signal = options.abortSignal;
    // Output tokens are due on a schedule from the first part, so short waits don't add up to
    // drift. Without a pace nothing is awaited (an extra wait per word slows every stream).
    const began = performance.now();
    let due = 0;
    const produce =
      tokenMs > 0
        ? (chars: number) => {
            due += (chars / 4) * tokenMs;
            return sleep(began + due - performance.now(), signal);
          }
        : null;
    return {
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: "stream-start", warnings: [] });
            for (const [i, part] of result.content.entries()) {
              if (part.type === "text") {
                const id = `t${i}`;
                controller.enqueue({ type: "text-start", id });
                for (const word of part.text.match(/\S+\s*|\s+/g) ?? []) {
                  await sleep(wordDelay, signal);
                  if (produce) await produce(word.length);
                  controller.enqueue({ type: "text-delta", id, delta: word });
                }
                controller.enqueue({ type: "text-end", id });
              } else {
                if (produce) await produce(answerChars([part]));
                controller.enqueue(part as LanguageModelV4StreamPart);
              }
            }
            controller.enqueue({ type: "finish", usage: result.usage, finishReason: result.finishReason });
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      }),
    };
  }

  private async beforeAnswer(size: OfflineAssistantCall, signal?: AbortSignal) {
    const fault = this.faults.find((f) => f.left > 0);
    if (fault) fault.left--;
    const latency = this.options.latencyMs;
    await sleep(typeof latency === "function" ? latency(size) : (latency ?? 0), signal);
    if (fault?.kind === "timeout") await waitForAbort(signal);
    if (fault) {
      throw new APICallError({
        message: "The offline assistant is unavailable (simulated 503).",
        url: "offline://assistant",
        requestBodyValues: {},
        statusCode: 503,
        isRetryable: fault.kind === "server-error",
      });
    }
  }
}

/** What a call is sent: the messages (instructions included) and every tool's name, description and schema. */
function sentChars(options: Pick<LanguageModelV4CallOptions, "prompt" | "tools">): number {
  return JSON.stringify(options.prompt).length + JSON.stringify(options.tools ?? []).length;
}

/** What a call answers: its words, and each tool call's name and arguments. */
function answerChars(content: LanguageModelV4Content[]): number {
  let chars = 0;
  for (const part of content) {
    if (part.type === "text") chars += part.text.length;
    if (part.type === "tool-call") chars += part.toolName.length + part.input.length;
  }
  return chars;
}

function tokens(chars: number): number {
  return Math.ceil(chars / 4);
}

type Turn = {
  message: string;
  /** This turn's tool calls, in order, with their results (undefined: none yet). */
  calls: { id: string; tool: string; input?: unknown; result?: { type: string; value?: unknown } }[];
  /** Tool calls in the whole thread (for fresh ids). */
  totalCalls: number;
};

/** The thread as this step sees it: the person's last message and what happened since. */
export function readTurn(prompt: LanguageModelV4Prompt): Turn {
  let lastUser = -1;
  let totalCalls = 0;
  prompt.forEach((m, i) => {
    if (m.role === "user") lastUser = i;
    if (m.role === "assistant") totalCalls += m.content.filter((p) => p.type === "tool-call").length;
  });
  const user = prompt[lastUser];
  const message =
    user?.role === "user"
      ? user.content
          .map((p) => (p.type === "text" ? p.text : ""))
          .join(" ")
          .trim()
      : "";
  const calls: Turn["calls"] = [];
  for (const m of prompt.slice(lastUser + 1)) {
    if (m.role === "assistant") {
      for (const p of m.content)
        if (p.type === "tool-call") calls.push({ id: p.toolCallId, tool: p.toolName, input: p.input });
    }
    if (m.role === "assistant" || m.role === "tool") {
      for (const p of m.content) {
        if (p.type !== "tool-result") continue;
        const call = calls.find((c) => c.id === p.toolCallId);
        if (call) call.result = p.output as { type: string; value?: unknown };
      }
    }
  }
  return { message, calls, totalCalls };
}

/** The system instructions the call was sent. */
function systemOf(prompt: LanguageModelV4Prompt): string {
  return prompt
    .filter((m) => m.role === "system")
    .map((m) => (typeof m.content === "string" ? m.content : ""))
    .join("\n");
}

const END_TOOLS = new Set(["complete_task", "ask_clarification"]);

export async function nextStep(
  options: Pick<LanguageModelV4CallOptions, "prompt" | "tools">,
): Promise<LanguageModelV4Content[]> {
  const whole = readTurn(options.prompt);
  // Opening more tools is not a step of the plan.
  const turn = { ...whole, calls: whole.calls.filter((c) => c.tool !== OPEN_TOOLS) };
  const available = new Set((options.tools ?? []).map((t) => t.name));
  const ids = { n: turn.totalCalls };
  const call = (tool: string, input: Record<string, unknown>, part = 0): LanguageModelV4Content => ({
    type: "tool-call",
    toolCallId: `offline-${++ids.n}${part ? `-p${part}` : ""}`,
    toolName: tool,
    input: JSON.stringify(input),
  });

  // Already ended this turn (a tool without a stop condition would loop): say nothing more.
  if (turn.calls.some((c) => END_TOOLS.has(c.tool))) return [{ type: "text", text: "" }];

  const people = peopleIn(systemOf(options.prompt));
  const plans = await plansFor(turn.message, available, people);
  // Several requests: each plan's calls carry its number, so each step knows its own.
  const said: End[] = [];
  for (const [k, plan] of plans.entries()) {
    const own = { ...turn, calls: turn.calls.filter((c) => partOf(c.id) === k) };
    const step = stepPlan(plan, own, available, people, (tool, input) => call(tool, input, k));
    if ("end" in step) {
      said.push(step.end);
      // A change that didn't go through stops the rest ("move it … and lock it there").
      if (step.end.summary === DID_NOT_GO_THROUGH && k < plans.length - 1) {
        said.push({
          kind: "end",
          text: "So I didn't go on with the rest of the request.",
          summary: "Stopped",
          status: "partial",
        });
        break;
      }
      continue;
    }
    // A question or a call: what the requests before it did is said first.
    const before = said.map((e) => e.text).filter(Boolean);
    const text = before.length ? [{ type: "text" as const, text: `${before.join("\n\n")}\n\n` }] : [];
    return step.content[0]?.type === "tool-call" && step.content[0].toolName === "ask_clarification"
      ? [...text, ...step.content]
      : step.content;
  }
  const text = said
    .map((e) => e.text)
    .filter(Boolean)
    .join("\n\n");
  const status = said.every((e) => e.status === "success")
    ? "success"
    : said.some((e) => e.status === "success")
      ? "partial"
      : (said.at(-1)?.status ?? "success");
  return [
    ...(text ? [{ type: "text" as const, text }] : []),
    call("complete_task", { summary: said.map((e) => e.summary).join("; "), status }),
  ];
}

/** Which request of the message a call was made for (its id says, from the second on). */
function partOf(id: string): number {
  return Number(/-p(\d+)$/.exec(id)?.[1] ?? 0);
}

type Step = { content: LanguageModelV4Content[] } | { end: End };

/** The next step of one request's plan, given its own calls so far. */
function stepPlan(
  plan: Plan,
  start: Turn,
  available: ReadonlySet<string>,
  people: ReturnType<typeof peopleIn>,
  call: (tool: string, input: Record<string, unknown>) => LanguageModelV4Content,
): Step {
  let turn = start;
  const end = (text: string, summary: string, status: End["status"]): Step => ({
    end: { kind: "end", text, summary, status },
  });
  const clarify = (c: Clarify): Step => ({
    content: [call("ask_clarification", { question: c.question, missing: c.missing, why: c.why, choices: c.choices })],
  });
  if (plan.kind === "say") return end(plan.text, plan.summary, plan.status);
  if (plan.kind === "clarify") return clarify(plan);

  // Not for this member (or its area isn't open yet): said, or opened, before any read.
  const unavailable = (tool: string): Step | null => {
    if (available.has(tool)) return null;
    // Its area isn't open this turn (no tool of it was sent): open it, then take the step.
    const closed = areasOf(tool).filter((area) => ![...available].some((name) => areasOf(name).includes(area)));
    if (closed.length && available.has(OPEN_TOOLS)) return { content: [call(OPEN_TOOLS, { areas: closed })] };
    return end(organizerOnly(tool, people), `Not allowed for this member: ${DOING_SUMMARY}`, "blocked");
  };
  if (plan.tool) {
    const closed = unavailable(plan.tool);
    if (closed) return closed;
  }

  // The plan changed between the read and the write (a stale version): read again once and
  // make the edit on the new version; the first read and the refused edit drop out.
  if (plan.act && plan.reads.length) {
    const i = plan.reads.length;
    const first = turn.calls[i];
    const refused = first?.result?.type === "json" ? (first.result.value as Refusal) : undefined;
    if (refused?.ok === false && refused.code === "conflict:version") {
      if (turn.calls.length === i + 1) return { content: plan.reads.slice(0, 1).map((r) => call(r.tool, r.input)) };
      turn = { ...turn, calls: turn.calls.slice(i + 1) };
    }
  }

  // Arguments refused with field errors: one retry with those fields fixed, which then
  // stands in for the refused call.
  if (plan.act) {
    const i = plan.reads.length;
    const first = turn.calls[i];
    const refused = first?.result?.type === "json" ? (first.result.value as Refusal) : undefined;
    if (first && refused?.ok === false && refused.code === "invalid:input") {
      const fixed = repaired(first.input, refused.fieldErrors ?? {});
      // Only a call it can change is worth the retry (text refused as instructions can't be fixed).
      if (turn.calls.length === i + 1 && JSON.stringify(fixed) !== JSON.stringify(argsOf(first.input))) {
        return { content: [call(first.tool, fixed)] };
      }
      if (turn.calls[i + 1]?.tool === first.tool) turn = { ...turn, calls: turn.calls.filter((_, j) => j !== i) };
    }
  }

  const results: Results = {};
  for (const c of turn.calls) {
    if (c.result?.type === "execution-denied") {
      return end("Okay, I didn't do that. Nothing was changed.", "The person declined; nothing changed", "blocked");
    }
    results[c.tool] = c.result?.type === "json" ? c.result.value : { ok: false, message: textOf(c.result) };
  }

  const sequence: (Call | ((r: Results) => Call | Clarify | End))[] = [...plan.reads];
  if (plan.act) sequence.push(plan.act);
  const done = turn.calls.length;
  const actIndex = plan.act ? plan.reads.length : -1;

  // The action ran and failed: say so (its own words) and that nothing else changed.
  if (actIndex >= 0 && done > actIndex) {
    const actTool = turn.calls[actIndex]?.tool ?? "";
    if (!isOk(results[actTool])) {
      return end(failure(results[actTool], "Nothing else changed."), DID_NOT_GO_THROUGH, "partial");
    }
    if (plan.readBack) sequence.push(plan.readBack);
  }

  const next = sequence[done];
  if (next) {
    const resolved = typeof next === "function" ? next(results) : next;
    if ("kind" in resolved) {
      return resolved.kind === "clarify" ? clarify(resolved) : end(resolved.text, resolved.summary, resolved.status);
    }
    const closed = unavailable(resolved.tool);
    if (closed) return closed;
    return { content: [call(resolved.tool, resolved.input)] };
  }
  const reply = plan.say(results);
  return typeof reply === "string" ? end(reply, plan.summary, plan.status ?? "success") : clarify(reply);
}

const DOING_SUMMARY = "only the organizer can";
const DID_NOT_GO_THROUGH = "The change did not go through";

type Refusal = { ok?: boolean; code?: string; fieldErrors?: Record<string, string> };

/** The arguments with each refused text field cleaned and cut to the limit its message names. */
function repaired(input: unknown, fieldErrors: Record<string, string>): Record<string, unknown> {
  const args = argsOf(input);
  for (const [field, message] of Object.entries(fieldErrors)) {
    const value = args[field];
    if (typeof value !== "string") continue;
    const limit = /(\d[\d,]*) characters/.exec(message)?.[1];
    const clean = value.replace(/\s+/g, " ").trim();
    args[field] = limit ? clean.slice(0, Number(limit.replace(/,/g, ""))).trim() : clean;
  }
  return args;
}

function argsOf(input: unknown): Record<string, unknown> {
  return { ...(typeof input === "string" ? JSON.parse(input) : (input as Record<string, unknown>)) };
}

function textOf(output: { type: string; value?: unknown } | undefined): string {
  if (!output) return "";
  return typeof output.value === "string" ? output.value : JSON.stringify(output.value ?? "");
}

function usage(prompt: LanguageModelV4Prompt, content: LanguageModelV4Content[]) {
  const input = Math.ceil(JSON.stringify(prompt).length / 4);
  const out = Math.ceil(JSON.stringify(content).length / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: out, text: out, reasoning: 0 },
  };
}
