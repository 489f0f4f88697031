import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4Content,
  type LanguageModelV4GenerateResult,
  type LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { answerTask, breakRules, OFFLINE_TASKS, type OfflineTask } from "@/lib/ai/offline/tasks";
import { sleep, waitForAbort } from "@/lib/ai/offline/waiting";

/**
 * The offline planner: a real AI SDK LanguageModel (specification v4) that answers each
 * agent's task from the catalog instead of a remote service. Agents say which task they
 * want in `providerOptions.offline` (Gemini ignores it); the answer is deterministic JSON
 * (or grounded text with source parts for research), so runs are reproducible.
 *
 * For tests and benchmarks it simulates latency and injects faults: invalid JSON, a
 * schema mismatch, a schema-valid answer that breaks the rules it was given, a timeout
 * (hangs until the caller aborts), a retryable 5xx, or an outage (every call fails).
 */

export const FAULT_KINDS = [
  "invalid-json",
  "schema-mismatch",
  "rule-breaking",
  "timeout",
  "server-error",
  "outage",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type Fault = {
  /** Which task it hits ("*" = any). */
  task: OfflineTask | "*";
  kind: FaultKind;
  /** How many calls it affects before the model behaves again (default 1; outages default to all). */
  times?: number;
};

export type OfflineCall = {
  task: OfflineTask;
  /** The agent role that made the call (the latency projection prices it by the model that plays the role). */
  role: string;
  startedAt: number;
  endedAt: number;
  ok: boolean;
  inputTokens: number;
  outputTokens: number;
};

/**
 * What a latency function sees of a call: its answer is known before the delay, so the
 * delay can depend on its size; and its input, so a test can make one call slow (one
 * destination's search, say).
 */
export type OfflineCallShape = Pick<OfflineCall, "task" | "role" | "inputTokens" | "outputTokens"> & {
  input: unknown;
};

export type OfflineModelOptions = {
  latencyMs?: number | ((call: OfflineCallShape) => number);
  faults?: Fault[];
  /** Observes every call (benchmarks measure the critical path with it). */
  onCall?: (call: OfflineCall) => void;
};

export class OfflineModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = "tripsync.offline";
  readonly modelId = "offline-planner";
  readonly supportedUrls = {};
  private readonly faults: (Fault & { left: number })[];

  constructor(private readonly options: OfflineModelOptions = {}) {
    this.faults = (options.faults ?? []).map((f) => ({
      ...f,
      left: f.times ?? (f.kind === "outage" ? Number.POSITIVE_INFINITY : 1),
    }));
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const { task, role, input, repair } = readRequest(options);
    const startedAt = performance.now();
    let ok = false;
    let tokens = { input: 0, output: 0 };
    try {
      const fault = this.takeFault(task);
      // The answer is worked out first (it is instant), so a latency function can price its size.
      const answer =
        fault === "rule-breaking"
          ? breakRules(task, answerTask(task, input, repair), input)
          : answerTask(task, input, repair);
      let text = answer.text ?? JSON.stringify(answer.json);
      const counted = usage(promptText(options), text);
      tokens = { input: counted.inputTokens.total ?? 0, output: counted.outputTokens.total ?? 0 };
      const latency =
        typeof this.options.latencyMs === "function"
          ? this.options.latencyMs({ task, role, input, inputTokens: tokens.input, outputTokens: tokens.output })
          : this.options.latencyMs;
      await sleep(latency ?? 0, options.abortSignal);
      if (fault === "timeout") await waitForAbort(options.abortSignal);
      if (fault === "server-error" || fault === "outage") {
        throw new APICallError({
          message: "The offline planner is unavailable (simulated 503).",
          url: "offline://planner",
          requestBodyValues: { task },
          statusCode: 503,
          isRetryable: true,
        });
      }
      if (fault === "invalid-json") text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      if (fault === "schema-mismatch") text = JSON.stringify({ answer: "I think you should all go somewhere nice." });
      const content: LanguageModelV4Content[] = [{ type: "text", text }];
      for (const [i, source] of (answer.sources ?? []).entries()) {
        content.push({ type: "source", sourceType: "url", id: `src-${i}`, url: source.url, title: source.title });
      }
      ok = true;
      return {
        content,
        finishReason: { unified: "stop", raw: "stop" },
        usage: usage(promptText(options), text),
        warnings: [],
        response: { modelId: this.modelId, timestamp: new Date(0) },
      };
    } finally {
      this.options.onCall?.({
        task,
        role,
        startedAt,
        endedAt: performance.now(),
        ok,
        inputTokens: tokens.input,
        outputTokens: tokens.output,
      });
    }
  }

  async doStream(options: LanguageModelV4CallOptions) {
    const result = await this.doGenerate(options);
    const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
    for (const part of result.content) {
      if (part.type === "text") {
        parts.push({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: part.text });
        parts.push({ type: "text-end", id: "t" });
      } else parts.push(part as LanguageModelV4StreamPart);
    }
    parts.push({ type: "finish", usage: result.usage, finishReason: result.finishReason });
    return {
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }

  private takeFault(task: OfflineTask): FaultKind | null {
    const fault = this.faults.find((f) => f.left > 0 && (f.task === "*" || f.task === task));
    if (!fault) return null;
    fault.left--;
    return fault.kind;
  }
}

function readRequest(options: LanguageModelV4CallOptions): {
  task: OfflineTask;
  role: string;
  input: unknown;
  repair: string[];
} {
  const offline = options.providerOptions?.offline as
    | { task?: string; role?: string; input?: unknown; repair?: string[] }
    | undefined;
  const task = offline?.task;
  if (!task || !(OFFLINE_TASKS as readonly string[]).includes(task)) {
    throw new Error(`The offline planner needs providerOptions.offline.task (one of ${OFFLINE_TASKS.join(", ")}).`);
  }
  return {
    task: task as OfflineTask,
    role: offline.role ?? "unknown",
    input: offline.input,
    repair: offline.repair ?? [],
  };
}

function promptText(options: LanguageModelV4CallOptions): string {
  return options.prompt.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).join("\n");
}

/** About four characters per token, like the real tokenizers for English prose. */
function usage(prompt: string, output: string): LanguageModelV4GenerateResult["usage"] {
  const input = Math.ceil(prompt.length / 4);
  const out = Math.ceil(output.length / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: out, text: out, reasoning: 0 },
  };
}
