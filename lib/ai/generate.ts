import { generateText, type ModelMessage, NoObjectGeneratedError, Output } from "ai";
import type { z } from "zod";
import type { ModelRole, ModelSet } from "@/lib/ai/models";
import type { OfflineTask } from "@/lib/ai/offline/tasks";
import { searchSuggestionsOf } from "@/lib/ai/search-suggestions";
import type { UsageMeter } from "@/lib/ai/usage";
import { PermanentError } from "@/lib/errors";
import type { SearchSuggestion, Source } from "@/lib/schemas/catalog";

/**
 * Structured generation with the deterministic check in the loop: the answer is parsed
 * against its zod schema, then `check` (validators) runs; any problem goes back to the
 * model as a repair instruction, at most `maxRepairs` times. Transport failures
 * (timeouts, 5xx) are not retried here — they fail the step and the durable engine
 * retries the whole step with backoff. SDK-level retries are off for the same reason.
 */

export type StructuredCall<S extends z.ZodType> = {
  models: ModelSet;
  role: ModelRole;
  meter: UsageMeter;
  schema: S;
  system: string;
  prompt: string;
  /** What the offline model should do, with the facts it needs (Gemini ignores this). */
  offline: { task: OfflineTask; input: unknown };
  /** Deterministic checks after the schema; each string is a repair instruction. */
  check?: (output: z.output<S>) => string[];
  maxRepairs?: number;
};

export type StructuredResult<T> = {
  output: T;
  /** Problems `check` still found after the last repair (empty when it passed). */
  unresolved: string[];
  repairs: number;
};

export const MAX_REPAIRS = 2;

export async function generateStructured<S extends z.ZodType>(
  call: StructuredCall<S>,
): Promise<StructuredResult<z.output<S>>> {
  const maxRepairs = call.maxRepairs ?? MAX_REPAIRS;
  const model = call.models.model(call.role);
  const messages: ModelMessage[] = [{ role: "user", content: call.prompt }];
  let problems: string[] = [];
  let last: z.output<S> | undefined;

  for (let attempt = 0; attempt <= maxRepairs; attempt++) {
    try {
      const result = await call.models.limit(() =>
        generateText({
          model,
          system: call.system,
          messages,
          output: Output.object({ schema: call.schema }),
          maxRetries: 0,
          timeout: call.models.settings(call.role).timeoutMs,
          abortSignal: call.models.signal,
          providerOptions: {
            ...call.models.providerOptions(call.role),
            offline: { task: call.offline.task, role: call.role, input: json(call.offline.input), repair: problems },
          },
        }),
      );
      call.meter.record({
        model: result.response.modelId ?? modelIdOf(model),
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
      });
      last = result.output as z.output<S>;
      problems = call.check ? call.check(last) : [];
      if (problems.length === 0) return { output: last, unresolved: [], repairs: attempt };
      messages.push({ role: "assistant", content: JSON.stringify(last) });
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      call.meter.record({
        model: error.response?.modelId ?? modelIdOf(model),
        inputTokens: error.usage?.inputTokens,
        outputTokens: error.usage?.outputTokens,
      });
      problems = [`Your answer was not valid JSON for the schema: ${schemaProblem(error)}`];
      messages.push({ role: "assistant", content: error.text ?? "" });
    }
    messages.push({
      role: "user",
      content: `Your previous answer was rejected. Fix exactly these problems and answer again with the full JSON:\n- ${problems.join("\n- ")}`,
    });
  }
  if (last !== undefined) return { output: last, unresolved: problems, repairs: maxRepairs };
  throw new PermanentError(
    "model:invalid-output",
    `The AI model kept answering in a shape we can't use (${call.role}, ${maxRepairs + 1} tries). Try generating again.`,
  );
}

export type GroundedResult = {
  text: string;
  sources: Source[];
  /** Google's search suggestions for the answer (shown with the grounded text wherever it appears). */
  suggestions: SearchSuggestion[];
};

/** Free-text research with sources: Google Search grounding on Gemini, catalog facts offline. */
export async function generateGrounded(call: {
  models: ModelSet;
  meter: UsageMeter;
  system: string;
  prompt: string;
  offline: { task: OfflineTask; input: unknown };
}): Promise<GroundedResult> {
  const model = call.models.model("researcher");
  const result = await call.models.limit(() =>
    generateText({
      model,
      system: call.system,
      prompt: call.prompt,
      tools: call.models.researchTools(),
      maxRetries: 0,
      timeout: call.models.settings("researcher").timeoutMs,
      abortSignal: call.models.signal,
      providerOptions: {
        ...call.models.providerOptions("researcher"),
        offline: { task: call.offline.task, role: "researcher", input: json(call.offline.input) },
      },
    }),
  );
  call.meter.record({
    model: result.response.modelId ?? modelIdOf(model),
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
  });
  const sources: Source[] = [];
  for (const source of result.sources) {
    if (source.sourceType === "url" && !sources.some((s) => s.url === source.url)) {
      sources.push({ title: source.title ?? new URL(source.url).hostname, url: source.url });
    }
  }
  const grounding = (result.providerMetadata?.google as { groundingMetadata?: GroundingMetadata } | undefined)
    ?.groundingMetadata;
  return { text: result.text, sources, suggestions: searchSuggestionsOf(grounding?.searchEntryPoint?.renderedContent) };
}

type GroundingMetadata = { searchEntryPoint?: { renderedContent?: string } | null } | null;

function modelIdOf(model: unknown): string {
  return typeof model === "string" ? model : ((model as { modelId?: string }).modelId ?? "unknown");
}

function schemaProblem(error: NoObjectGeneratedError): string {
  const cause = error.cause instanceof Error ? error.cause.message : error.message;
  return cause.slice(0, 500);
}

/** providerOptions must be JSON values. */
function json(value: unknown): never {
  return JSON.parse(JSON.stringify(value ?? null)) as never;
}
