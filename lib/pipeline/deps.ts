import type { ResearchCache } from "@/lib/agents/define-agent";
import { defaultModels } from "@/lib/ai/models";
import { cachedPlace, cachedResearch, savePlace, saveResearch } from "@/lib/db/queries/research";
import { recordModelSpend } from "@/lib/db/queries/spend";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";

/** Research younger than this is used again instead of a new lookup (cards show its age). */
export const RESEARCH_FRESH_DAYS = 14;

/** Research kept in the database, per destination and travel months. */
export function databaseResearchCache(now: () => Date = () => new Date()): ResearchCache {
  const freshSince = () => new Date(now().getTime() - RESEARCH_FRESH_DAYS * 86_400_000);
  return {
    get: ({ slug, months }) => cachedResearch({ slug, months, freshSince: freshSince() }),
    getPlace: ({ slug, months }) => cachedPlace({ slug, months, freshSince: freshSince() }),
    putPlace: ({ slug, months }, place, fetchedAt) => savePlace({ slug, months, place, fetchedAt }),
    put: ({ slug, months }, found, fetchedAt) =>
      saveResearch({
        slug,
        months,
        found: { text: found.text, sources: found.sources, suggestions: found.suggestions },
        fetchedAt,
      }),
  };
}

/**
 * What the running product gives its workflows: the configured models, the real clock,
 * spend recorded for the budgets, and on Gemini research kept for the next group.
 */
export function defaultAgentDeps(): WorkflowDeps {
  const models = defaultModels();
  return {
    models,
    ...(models.kind === "gemini" ? { researchCache: databaseResearchCache() } : {}),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    recordSpend: ({ tripId, agent, usage }) =>
      recordModelSpend({
        tripId,
        agent,
        calls: usage.calls,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
      }),
  };
}
