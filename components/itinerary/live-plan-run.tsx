"use client";

import { RunTimeline } from "@/components/recommendations/run-timeline";
import { useStartedRuns } from "@/components/trip/live-store";
import { Card } from "@/components/ui/card";
import type { ItineraryView } from "@/lib/itinerary-view";
import type { TimelineEntry } from "@/lib/schemas/trip-events";

/**
 * The plan run's timeline on the plan page, for every member from the moment it starts
 * (heard on the live channel, whoever clicked), or as the server rendered it mid-run.
 * When the run ends the page is read again once and shows the new version.
 */
export function LivePlanRun({ serverRun }: { serverRun: ItineraryView["run"] }) {
  const started = useStartedRuns();
  const live = started.filter((r) => r.kind === "itinerary" || r.kind === "regenerate").at(-1) ?? null;
  const fromServer = serverRun?.status === "running" ? serverRun : null;
  let run: { id: string; kind: "itinerary" | "regenerate"; timeline: TimelineEntry[] } | null = null;
  if (live?.kind && live.kind !== "recommendations" && live.id !== fromServer?.id) {
    // An ended run stays up until the page's next render brings the new version (a failed one: its error).
    const rendered = serverRun?.id === live.id;
    if (live.status !== "failed" && (live.status === "running" || !rendered))
      run = { id: live.id, kind: live.kind, timeline: live.timeline };
  } else if (fromServer) {
    run = { id: fromServer.id, kind: fromServer.kind, timeline: fromServer.timeline };
  }
  if (!run) return null;
  return (
    <Card title={run.kind === "regenerate" ? "Regenerating the plan" : "Planning the days"}>
      <RunTimeline runId={run.id} initial={run.timeline} kind={run.kind} />
    </Card>
  );
}
