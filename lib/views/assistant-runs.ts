import "server-only";
import { startedRuns } from "@/components/assistant/started-run";
import { listProgressEvents, listTripRuns } from "@/lib/db/queries/runs";
import type { RunKind } from "@/lib/db/schema";
import type { RunError } from "@/lib/schemas/pipeline";
import type { TimelineEntry } from "@/lib/schemas/trip-events";

/** How many of a conversation's runs (the latest) are read back with their steps; older ones with their outcome. */
export const ASSISTANT_RUNS_SHOWN = 5;

export type AssistantRunState = {
  id: string;
  kind: RunKind;
  status: "running" | "succeeded" | "failed";
  /** Why it stopped, in the product's words, and whether trying again may work. */
  error: RunError | null;
  /** Every step so far, so a reload shows what is already done from the first paint. */
  timeline: TimelineEntry[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The current state of the runs a member's conversation started on this trip, by run id: what the panel's timelines start from when the page is rendered, so a
 * reload shows each run as it is now, not as it was when the answer was written. Only this
 * trip's runs are read; the steps are those every member sees on the trip's own timeline.
 */
export async function assistantRunsView({
  tripId,
  messages,
}: {
  tripId: string;
  messages: { role: string; parts: { type: string; state?: string; output?: unknown }[] }[];
}): Promise<Record<string, AssistantRunState>> {
  const runIds = startedRuns(messages)
    .map((r) => r.runId)
    .filter((id) => UUID.test(id));
  const withSteps = new Set(runIds.slice(-ASSISTANT_RUNS_SHOWN));
  const runs = await listTripRuns({ tripId, runIds });
  const shown = await Promise.all(
    runs.map(async (run): Promise<AssistantRunState> => {
      const events = withSteps.has(run.id) ? await listProgressEvents({ runId: run.id }) : [];
      return {
        id: run.id,
        kind: run.kind,
        status: run.status,
        error: run.status === "failed" ? (run.error ?? null) : null,
        timeline: events.map(({ id, stepId, kind, stage, message }) => ({ id, stepId, kind, stage, message })),
      };
    }),
  );
  return Object.fromEntries(shown.map((run) => [run.id, run]));
}
