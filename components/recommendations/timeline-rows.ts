import type { RunKind } from "@/lib/db/schema";
import { stagesOf } from "@/lib/pipeline/stages";
import type { TimelineEntry } from "@/lib/schemas/trip-events";

export type StageState = "waiting" | "running" | "done" | "warning" | "failed";

export interface TimelineRow {
  key: string;
  label: string;
  state: StageState;
  /** Steps the stage started (several when it fans out, one per member or destination) and how many finished. */
  steps: number;
  finished: number;
  detail: string;
}

/** The timeline's rows from a run's progress so far (any order, repeats allowed): pure, so server and browser agree. */
export function timelineRows(entries: TimelineEntry[], kind: RunKind = "recommendations"): TimelineRow[] {
  const ordered = [...new Map(entries.map((e) => [e.id, e])).values()].sort((a, b) => a.id - b.id);
  return stagesOf(kind).map((stage) => {
    const mine = ordered.filter((e) => e.stage === stage.key);
    const steps = new Set(mine.filter((e) => e.kind === "started").map((e) => e.stepId));
    const finished = new Set(mine.filter((e) => e.kind === "finished" || e.kind === "degraded").map((e) => e.stepId));
    let state: StageState = "waiting";
    if (mine.some((e) => e.kind === "failed")) state = "failed";
    else if (steps.size > 0 && finished.size >= steps.size)
      state = mine.some((e) => e.kind === "degraded" || e.kind === "retrying") ? "warning" : "done";
    else if (steps.size > 0) state = "running";
    return {
      key: stage.key,
      label: stage.label,
      state,
      steps: steps.size,
      finished: finished.size,
      detail: mine.at(-1)?.message ?? "",
    };
  });
}
