import { offlineModels } from "@/lib/ai/models";
import type { OfflineModelOptions } from "@/lib/ai/offline/model";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun, listRunSteps } from "@/lib/db/queries/runs";
import { factsIn } from "@/lib/facts";
import { type LocalRunnerOptions, runLocal } from "@/lib/pipeline/local-runner";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";
import type { PipelineState } from "@/lib/schemas/pipeline";
import { type Evidence, validateRecommendations } from "@/lib/validation/recommendations";

/** Deps for a test run: the offline model (with any latency or faults), a fixed clock, no real waiting. */
export function testDeps(
  options: OfflineModelOptions & { timeoutMs?: number } = {},
  extra: Partial<WorkflowDeps> = {},
): WorkflowDeps {
  return {
    models: offlineModels(options),
    now: () => new Date("2026-11-21T12:00:00Z"),
    sleep: async () => {},
    ...extra,
  };
}

/** Starts a local run for the trip and waits for it to end. */
export async function runPipeline(tripId: string, deps: WorkflowDeps = testDeps(), options: LocalRunnerOptions = {}) {
  const { run } = await createRunOrGetActive({ tripId, kind: "recommendations", engine: "local", requestedBy: null });
  await runLocal(run.id, deps, { backoffMs: () => 0, ...options });
  return (await getRun({ runId: run.id })) ?? run;
}

/**
 * What a run stored, the evidence it was made from (read back from the run's own steps),
 * and what the independent compliance validator says of it: the oracle of every pipeline test.
 */
export async function storedOutcome(tripId: string, runId: string) {
  const stored = await latestRecommendations({ tripId });
  const steps = await listRunSteps({ runId });
  const patch = (id: string) =>
    (steps.find((s) => s.stepId === id)?.result as { patch: Partial<PipelineState> } | undefined)?.patch;
  const research: PipelineState["research"] = Object.assign(
    {},
    ...steps
      .filter((s) => s.stepId.startsWith("research:"))
      .map((s) => (s.result as { patch: Pick<PipelineState, "research"> }).patch.research),
  );
  // On Gemini a place researched for the run is shortlisted in a second round, with the catalog's.
  const candidates = (patch("candidates-with-researched") ?? patch("candidates"))?.candidates ?? [];
  // Places researched for the run (Gemini): their facts as the run recorded them in its steps.
  const places = steps
    .filter((s) => s.stepId.startsWith("place:"))
    .flatMap((s) => (s.result as { patch: Pick<PipelineState, "places"> }).patch.places);
  const evidence: Evidence = {
    facts: (slug) => factsIn(places, slug),
    // What every later step saw: the answers with the risk guard's flagged texts withheld.
    members: patch("risk-guard")?.rawPreferences ?? patch("load-preferences")?.rawPreferences ?? [],
    candidates: candidates.map((c) => c.slug),
    research: Object.fromEntries(
      Object.entries(research).map(([slug, r]) => [
        slug,
        { verified: r.verified, sources: r.sources, activityIds: r.activities.map((a) => a.id), web: r.web },
      ]),
    ),
  };
  const violations = stored ? validateRecommendations(stored.pack, evidence) : [];
  return { stored, steps, evidence, violations, candidates, profile: patch("group-profile")?.groupProfile };
}
