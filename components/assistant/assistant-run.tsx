"use client";

import { ArrowRight } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition, useEffect, useRef } from "react";
import { RunTimeline } from "@/components/recommendations/run-timeline";
import { useLiveRunById } from "@/components/trip/live-store";
import { cardHeadingId } from "@/components/ui/card";
import type { RunKind } from "@/lib/db/schema";
import type { AssistantRunState } from "@/lib/views/assistant-runs";
import type { StartedRun } from "./started-run";

const WORDS: Record<RunKind, { running: string; done: string; stopped: string; link: string }> = {
  recommendations: {
    running: "Finding destination ideas",
    done: "The destination ideas are ready.",
    stopped: "Generation stopped",
    link: "See the destination ideas",
  },
  itinerary: {
    running: "Planning the days",
    done: "The plan is ready.",
    stopped: "Planning stopped",
    link: "Open the plan",
  },
  regenerate: {
    running: "Regenerating the plan",
    done: "The new version of the plan is ready.",
    stopped: "Planning stopped",
    link: "Open the plan",
  },
};

/** How long an ended run waits for the page's own re-render (which brings its outcome) before asking for one. */
const OWN_RENDER_GRACE_MS = 1_500;

/**
 * A run the assistant started, inside its answer: the trip's own live timeline, fed by the
 * page's live store (the page's one channel; no second subscription), starting from the run's
 * state as the page was rendered (`server`: a reload shows it as it is now). It ends with the
 * outcome: a link to the cards or the plan, or the product's words for why it stopped and what
 * to do. Screen readers hear the run start and end, not every step (the conversation is a
 * polite live log; the steps are kept out of it).
 */
export function AssistantRun({
  tripId,
  run,
  server,
}: {
  tripId: string;
  run: StartedRun;
  server: AssistantRunState | undefined;
}) {
  const live = useLiveRunById(run.runId);
  const kind = server?.kind ?? live?.kind ?? run.kind;
  const status = server && server.status !== "running" ? server.status : (live?.status ?? server?.status ?? "running");
  const words = WORDS[kind];
  useOutcomeRender(status, server?.status);

  return (
    <section aria-label={words.running} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <p role="status" className="text-sm font-medium text-slate-900">
        {status === "running" ? `${words.running}…` : status === "succeeded" ? words.done : words.stopped}
      </p>
      <div aria-live="off">
        <RunTimeline runId={run.runId} initial={server?.timeline ?? []} kind={kind} announce={false} />
      </div>
      {status === "succeeded" ? (
        <Link
          href={
            kind === "recommendations"
              ? `/trips/${tripId}#${cardHeadingId("Destination ideas")}`
              : `/trips/${tripId}/plan#days-title`
          }
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          {words.link}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      ) : null}
      {status === "failed" ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-900">
          {server?.error ? <p>{server.error.message}</p> : null}
          <p>
            {server?.error && !server.error.retryable
              ? "Nothing was changed."
              : `Nothing was changed: ask me again, or use Try again on the ${kind === "recommendations" ? "dashboard" : "plan page"}.`}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Once the run has ended on the channel, the page brings its outcome (and why it stopped) in
 * its next server render. The trip's pages re-render themselves when a run whose results they
 * show ends; where this page doesn't (a plan started from the dashboard), it is asked once.
 */
function useOutcomeRender(status: AssistantRunState["status"], rendered: AssistantRunState["status"] | undefined) {
  const router = useRouter();
  const asked = useRef(false);
  const stale = status !== "running" && rendered !== status;
  useEffect(() => {
    if (!stale || asked.current) return;
    const timer = setTimeout(() => {
      asked.current = true;
      startTransition(() => router.refresh());
    }, OWN_RENDER_GRACE_MS);
    return () => clearTimeout(timer);
  }, [stale, router]);
}
