import type { RunKind } from "@/lib/db/schema";

/**
 * Which of the assistant's tool results are runs it started (destination ideas, the plan, a
 * new version of it): pure, so the page's server render (which reads each run's current state)
 * and the panel in the browser (which draws its live timeline) pick the same parts.
 */

/** The tools whose action starts a run (each returns `{ runId, started }`), and the kind of run each starts. */
export const RUN_TOOLS: Readonly<Record<string, RunKind>> = {
  generateRecommendations: "recommendations",
  generateItinerary: "itinerary",
  regenerateItinerary: "regenerate",
  replanWithNewAnswers: "regenerate",
};

export type StartedRun = { runId: string; kind: RunKind };

type PartLike = { type: string; state?: string; output?: unknown };

/**
 * The run a tool part started: a run-starting tool whose action went through (a second ask
 * while one is going gets the run already going, which is shown the same way). Null for any
 * other part, a refusal, a declined approval or a call still waiting.
 */
export function startedRun(part: PartLike): StartedRun | null {
  if (!part.type.startsWith("tool-") || part.state !== "output-available") return null;
  const kind = RUN_TOOLS[part.type.slice(5)];
  if (!kind) return null;
  const output = part.output as { ok?: unknown; data?: { runId?: unknown } } | null | undefined;
  const runId = output?.ok === true ? output.data?.runId : undefined;
  return typeof runId === "string" && runId.length > 0 ? { runId, kind } : null;
}

/** Every run a conversation started, oldest first, each once (the latest `limit` of them). */
export function startedRuns(messages: { role: string; parts: PartLike[] }[], limit = Number.POSITIVE_INFINITY) {
  const runs = new Map<string, StartedRun>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const part of message.parts) {
      const run = startedRun(part);
      if (run && !runs.has(run.runId)) runs.set(run.runId, run);
    }
  }
  return limit > 0 ? [...runs.values()].slice(-limit) : [];
}
