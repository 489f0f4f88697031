"use client";

import type { ReactNode } from "react";
import { type LiveRun, useStartedRuns } from "@/components/trip/live-store";
import type { EarlyCard } from "@/lib/schemas/trip-events";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { CardRow } from "./card/card-row";
import { DestinationCard } from "./card/destination-card";
import { RunTimeline } from "./run-timeline";

type ServerRun = RecommendationsView["run"];

/**
 * The recommendation run as every member watches it: the timeline from the moment the run
 * starts (heard on the live channel, whoever clicked; no server render needed), and each
 * card as it passes its check and makes the shortlist. The server's render is the starting
 * point (a member who opens the page mid-run sees what has arrived so far); the channel adds
 * the rest. When the run ends the page is read again once, and shows the final cards.
 */
export function LiveRecommendationsRun({
  serverRun,
  members,
  viewer,
  budgets,
  beforeYouGo,
}: {
  serverRun: ServerRun;
  members: { id: string; name: string }[];
  viewer: RecommendationsView["viewer"];
  budgets: RecommendationsView["budgets"];
  beforeYouGo: RecommendationsView["beforeYouGo"];
}) {
  const run = useShownRun(serverRun);
  if (!run) return null;
  const cards = run.picks ? run.cards.filter((c) => run.picks?.includes(c.option.slug)) : [];
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? "Someone";
  return (
    <>
      <RunTimeline runId={run.id} initial={run.timeline} />
      {cards.length > 0 ? (
        <section aria-labelledby="early-cards-title" className="space-y-3">
          <div>
            <h3 id="early-cards-title" className="text-sm font-semibold text-slate-900">
              First ideas, as they pass their checks ({cards.length} so far)
            </h3>
            <p className="text-xs text-slate-600">
              More are on the way. Voting opens when the list is complete; the final list may still drop one.
            </p>
          </div>
          <CardRow label="The first ideas, side by side: swipe for the next one">
            {cards.map(({ option, othersStretched }, i) => (
              <DestinationCard
                key={option.slug}
                option={option}
                rank={i + 1}
                nameOf={nameOf}
                chosen={false}
                viewer={viewer}
                budgets={budgets}
                othersStretched={othersStretched}
                beforeYouGo={beforeYouGo[option.slug]}
                actions={null}
              />
            ))}
          </CardRow>
        </section>
      ) : null}
    </>
  );
}

/** Hides what the page says when nothing is running (the empty state) once a run has started live. */
export function UnlessRunning({ children }: { children: ReactNode }) {
  const runs = useStartedRuns();
  return runs.some((r) => r.status === "running" && r.kind === "recommendations") ? null : children;
}

/**
 * The run to show: the latest recommendation run heard starting on the channel, else the
 * one the server rendered, merged with what the channel added. Shown while it runs, and
 * after it ends until the page's next render (which shows its results instead).
 */
function useShownRun(serverRun: ServerRun): LiveRun | null {
  const started = useStartedRuns();
  const live = started.filter((r) => r.kind === "recommendations" || r.id === serverRun?.id).at(-1) ?? null;
  const fromServer = serverRun?.status === "running" ? serverRun : null;
  if (live && live.id !== fromServer?.id) {
    // Started after the render: everything comes from the channel. Once it ends the refresh
    // it causes brings the results; until then the cards stay up, unless it failed.
    if (live.status === "failed") return null;
    if (live.status === "succeeded" && serverRun?.id === live.id) return null;
    return live;
  }
  if (!fromServer) return null;
  return merge(fromServer, live);
}

function merge(server: NonNullable<ServerRun>, live: LiveRun | null): LiveRun {
  const timeline = [...server.timeline];
  for (const entry of live?.timeline ?? []) if (!timeline.some((e) => e.id === entry.id)) timeline.push(entry);
  const cards: EarlyCard[] = [...server.early];
  for (const card of live?.cards ?? []) if (!cards.some((c) => c.option.slug === card.option.slug)) cards.push(card);
  return {
    id: server.id,
    kind: "recommendations",
    status: live?.status ?? "running",
    timeline,
    cards,
    picks: live?.picks ?? server.picks,
    days: [],
  };
}
