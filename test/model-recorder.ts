import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ModelSet } from "@/lib/ai/models";

/**
 * Wraps a model set so every call's full request — system prompt, messages and provider
 * options (which carry the offline planner's input) — is captured as JSON: everything
 * that was sent to a model through the model port.
 */
export function recordingModels(models: ModelSet): { models: ModelSet; sent: string[] } {
  const sent: string[] = [];
  const wrap = (inner: LanguageModelV4): LanguageModelV4 =>
    ({
      specificationVersion: inner.specificationVersion,
      provider: inner.provider,
      modelId: inner.modelId,
      supportedUrls: inner.supportedUrls,
      doGenerate: (options) => {
        sent.push(JSON.stringify(options));
        return inner.doGenerate(options);
      },
      doStream: (options) => {
        sent.push(JSON.stringify(options));
        return inner.doStream(options);
      },
    }) satisfies LanguageModelV4;
  return {
    sent,
    models: { ...models, model: (role) => wrap(models.model(role) as LanguageModelV4) },
  };
}
