"use client";

import { AlertTriangle, Check, Circle, Loader2, X } from "lucide-react";
import { useLiveProgress } from "@/components/trip/live-store";
import type { RunKind } from "@/lib/db/schema";
import type { TimelineEntry } from "@/lib/schemas/trip-events";
import { type StageState, timelineRows } from "./timeline-rows";

/**
 * The live step timeline. The server renders the run's progress so far (`initial`), so a
 * reload mid-run shows every finished step as finished from the first paint; the trip's
 * live channel then adds progress as it happens (through the live store). When the run
 * ends, the page is read again once and shows the results instead.
 */
export function RunTimeline({
  runId,
  initial,
  kind = "recommendations",
  announce = true,
}: {
  runId: string;
  initial: TimelineEntry[];
  kind?: RunKind;
  /** Says each step to screen readers as it starts (off where the surrounding part announces the run once). */
  announce?: boolean;
}) {
  const live = useLiveProgress(runId);
  const seen = new Set(initial.map((e) => e.id));
  const rows = timelineRows([...initial, ...live.filter((e) => !seen.has(e.id))], kind);
  const current = rows.find((r) => r.state === "running") ?? rows.filter((r) => r.state !== "waiting").at(-1);

  return (
    <div>
      {announce ? (
        <p className="sr-only" aria-live="polite">
          {current ? `${current.label}: ${current.detail}` : "Starting…"}
        </p>
      ) : null}
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
