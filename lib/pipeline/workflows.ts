import "server-only";
import type { RunKind } from "@/lib/db/schema";
import { itineraryWorkflow } from "@/lib/pipeline/itinerary";
import { recommendationsWorkflow } from "@/lib/pipeline/recommendations";
import type { Steps } from "@/lib/pipeline/steps";
import type { RunRef, WorkflowDeps } from "@/lib/pipeline/tracked";

/**
 * Every workflow, by the kind of run it serves. The local runner, its resume after a
 * restart, and the Inngest function all dispatch through this one table, so a new kind
 * of run is added here once. A regeneration is an itinerary run caused by feedback (it
 * counts against the limit; lib/db/queries/runs.ts counts it).
 */
export type Workflow = (ref: RunRef, steps: Steps, deps: WorkflowDeps) => Promise<unknown>;

export const WORKFLOWS: Record<RunKind, Workflow> = {
  recommendations: recommendationsWorkflow,
  itinerary: itineraryWorkflow,
  regenerate: itineraryWorkflow,
};
