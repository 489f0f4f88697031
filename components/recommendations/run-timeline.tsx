"use client";

import { AlertTriangle, Check, Circle, Loader2, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { STAGES } from "@/lib/pipeline/stages";
import type { ProgressEvent } from "@/lib/schemas/pipeline";

type StageState = "waiting" | "running" | "done" | "warning" | "failed";

/**
 * The live step timeline. It follows the run's progress over Server-Sent Events (the
 * browser's EventSource resumes from the last event id by itself after a drop) and
 * survives a reload, because every event is a stored row replayed from the start.
 * When the run ends the page refreshes to show the cards.
 */
export function RunTimeline({ tripId, runId }: { tripId: string; runId: string }) {
  const router = useRouter();
  const [events, setEvents] = useState<ProgressEvent[]>([]);
  const [ended, setEnded] = useState<"succeeded" | "failed" | null>(null);

  useEffect(() => {
    const source = new EventSource(`/api/trips/${tripId}/events?run=${runId}`);
    source.addEventListener("progress", (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as ProgressEvent;
      setEvents((previous) => (previous.some((e) => e.id === event.id) ? previous : [...previous, event]));
    });
    source.addEventListener("end", (message) => {
      const { status } = JSON.parse((message as MessageEvent<string>).data) as { status: "succeeded" | "failed" };
      setEnded(status);
      source.close();
      router.refresh();
    });
    return () => source.close();
  }, [tripId, runId, router]);

  const rows = STAGES.map((stage) => {
    const mine = events.filter((e) => e.stage === stage.key);
    const steps = new Set(mine.filter((e) => e.kind === "started").map((e) => e.stepId));
    const finished = new Set(mine.filter((e) => e.kind === "finished" || e.kind === "degraded").map((e) => e.stepId));
    const last = mine.at(-1);
    let state: StageState = "waiting";
    if (mine.some((e) => e.kind === "failed")) state = "failed";
    else if (steps.size > 0 && finished.size >= steps.size)
      state = mine.some((e) => e.kind === "degraded" || e.kind === "retrying") ? "warning" : "done";
    else if (steps.size > 0) state = "running";
    return { ...stage, state, steps: steps.size, finished: finished.size, detail: last?.message ?? "" };
  });
  const current = rows.find((r) => r.state === "running") ?? rows.filter((r) => r.state !== "waiting").at(-1);

  return (
    <div>
      <p className="sr-only" aria-live="polite">
        {ended === "succeeded"
          ? "Recommendations are ready."
          : ended === "failed"
            ? "Generation stopped."
            : current
              ? `${current.label}: ${current.detail}`
              : "Starting…"}
      </p>
      <ol aria-label="Generation progress" className="space-y-2">
        {rows.map((row) => (
          <li key={row.key} className="flex items-start gap-3 text-sm">
            <StateIcon state={row.state} />
            <div className="min-w-0">
              <p className={row.state === "waiting" ? "text-slate-500" : "font-medium text-slate-900"}>
                {row.label}
                {row.steps > 1 ? (
                  <span className="ml-2 font-normal text-slate-600">
                    {row.finished} of {row.steps}
                  </span>
                ) : null}
                <span className="sr-only"> — {STATE_LABEL[row.state]}</span>
              </p>
              {row.state !== "waiting" && row.detail ? (
                <p className="truncate text-xs text-slate-600">{row.detail}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

const STATE_LABEL: Record<StageState, string> = {
  waiting: "waiting",
  running: "in progress",
  done: "done",
  warning: "done with warnings",
  failed: "failed",
};

function StateIcon({ state }: { state: StageState }) {
  const common = "mt-0.5 size-4 shrink-0";
  switch (state) {
    case "running":
      return <Loader2 aria-hidden className={`${common} animate-spin text-brand-600`} />;
    case "done":
      return <Check aria-hidden className={`${common} text-emerald-600`} />;
    case "warning":
      return <AlertTriangle aria-hidden className={`${common} text-amber-600`} />;
    case "failed":
      return <X aria-hidden className={`${common} text-red-600`} />;
    default:
      return <Circle aria-hidden className={`${common} text-slate-300`} />;
  }
}
