"use client";

import { ItineraryDays } from "@/components/itinerary/itinerary-days";
import { RunTimeline } from "@/components/recommendations/run-timeline";
import { useLiveRunById, useStartedRuns } from "@/components/trip/live-store";
import { Card } from "@/components/ui/card";
import { withDraftedDay } from "@/lib/planning/drafted-days";
import type { ItineraryDay } from "@/lib/schemas/itinerary";
import type { TimelineEntry } from "@/lib/schemas/trip-events";
import type { ItineraryView } from "@/lib/views/itinerary";

/**
 * The plan run's timeline on the plan page, for every member from the moment it starts
 * (heard on the live channel, whoever clicked), or as the server rendered it mid-run.
 * Under it, each day as it is drafted (read-only: it isn't checked yet, so nothing to flag).
 * When the run ends the page is read again once and shows the new version instead.
 */
export function LivePlanRun({ serverRun }: { serverRun: ItineraryView["run"] }) {
  const started = useStartedRuns();
  const live = started.filter((r) => r.kind === "itinerary" || r.kind === "regenerate").at(-1) ?? null;
  const fromServer = serverRun?.status === "running" ? serverRun : null;
  let run: { id: string; kind: "itinerary" | "regenerate"; timeline: TimelineEntry[]; drafted: ItineraryDay[] } | null =
    null;
  if (live?.kind && live.kind !== "recommendations" && live.id !== fromServer?.id) {
    // An ended run stays up until the page's next render brings the new version (a failed one: its error).
    const rendered = serverRun?.id === live.id;
    if (live.status !== "failed" && (live.status === "running" || !rendered))
      run = { id: live.id, kind: live.kind, timeline: live.timeline, drafted: live.days };
  } else if (fromServer) {
    run = { id: fromServer.id, kind: fromServer.kind, timeline: fromServer.timeline, drafted: fromServer.drafted };
  }
  if (!run) return null;
  return (
    <Card title={run.kind === "regenerate" ? "Regenerating the plan" : "Planning the days"}>
      <RunTimeline runId={run.id} initial={run.timeline} kind={run.kind} />
      <DraftedDays runId={run.id} rendered={run.drafted} />
    </Card>
  );
}

/** The days drafted so far: those the server rendered mid-run, and those heard on the channel since. */
function DraftedDays({ runId, rendered }: { runId: string; rendered: ItineraryDay[] }) {
  const heard = useLiveRunById(runId)?.days ?? [];
  const days = heard.reduce(withDraftedDay, rendered);
  if (days.length === 0) return null;
  return (
    <section aria-label="Days drafted so far" className="mt-4 space-y-2">
      <p className="text-sm text-slate-600">
        Drafted so far. These days are still being checked against everyone&apos;s needs and may change.
      </p>
      <ItineraryDays days={days} drafting />
    </section>
  );
}
