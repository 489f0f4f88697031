import "server-only";
import type { Caller } from "@/lib/auth/guards";
import { withoutConstraintAttribution } from "@/lib/dashboard";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { latestRecommendations, listVotes } from "@/lib/db/queries/recommendations";
import { latestRun, listProgressEvents } from "@/lib/db/queries/runs";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import type { DecisionLogEntry, RunError, RunStatus } from "@/lib/schemas/pipeline";
import type { RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * The recommendations part of the dashboard, as `caller` may see it: the latest run
 * (to show its live timeline or its error), the latest pack with votes, whether the
 * group's answers changed since it was made, and the run details of each step.
 */

export type StepDetail = {
  stepId: string;
  stage: string;
  ms: number | null;
  attempts: number;
  models: string[];
  inputTokens: number;
  outputTokens: number;
  outcome: "finished" | "degraded" | "failed" | "running";
};

export interface RecommendationsView {
  run: { id: string; status: RunStatus; error: RunError | null } | null;
  current: {
    id: string;
    pack: RecommendationsPack;
    decisionLog: DecisionLogEntry[];
    stale: boolean;
    votes: Record<string, number>;
    myVote: string | null;
    steps: StepDetail[];
  } | null;
  selected: string | null;
}

export async function loadRecommendationsView(caller: Caller): Promise<RecommendationsView> {
  const tripId = caller.trip.id;
  const [run, stored, members] = await Promise.all([
    latestRun({ tripId }),
    latestRecommendations({ tripId }),
    listMembersWithPreferences({ tripId }),
  ]);
  let current: RecommendationsView["current"] = null;
  if (stored) {
    const [votes, events] = await Promise.all([
      listVotes({ recommendationId: stored.id }),
      listProgressEvents({ runId: stored.runId }),
    ]);
    const tally: Record<string, number> = {};
    for (const v of votes) tally[v.slug] = (tally[v.slug] ?? 0) + 1;
    const pack = caller.isOrganizer ? stored.pack : withoutAttribution(stored.pack);
    current = {
      id: stored.id,
      pack,
      decisionLog: stored.decisionLog,
      stale: pack.preferencesFingerprint !== preferencesFingerprint(members),
      votes: tally,
      myVote: votes.find((v) => v.memberId === caller.member.id)?.slug ?? null,
      steps: stepDetails(events),
    };
  }
  return {
    run: run ? { id: run.id, status: run.status, error: run.error ?? null } : null,
    current,
    selected: caller.trip.selectedRecommendationId === stored?.id ? caller.trip.selectedDestination : null,
  };
}

function stepDetails(events: Awaited<ReturnType<typeof listProgressEvents>>): StepDetail[] {
  const byStep = new Map<string, StepDetail>();
  for (const e of events) {
    if (e.stepId === "run") continue;
    const row = byStep.get(e.stepId) ?? {
      stepId: e.stepId,
      stage: e.stage,
      ms: null,
      attempts: 1,
      models: [],
      inputTokens: 0,
      outputTokens: 0,
      outcome: "running" as const,
    };
    if (e.kind === "finished" || e.kind === "degraded") {
      row.ms = e.detail?.ms ?? null;
      row.attempts = e.detail?.attempt ?? 1;
      row.models = e.detail?.models ?? [];
      row.inputTokens = e.detail?.inputTokens ?? 0;
      row.outputTokens = e.detail?.outputTokens ?? 0;
      row.outcome = e.kind;
    }
    byStep.set(e.stepId, row);
  }
  return [...byStep.values()];
}

/** Members see the group's needs in aggregate; who asked for what is for the organizer. */
function withoutAttribution(pack: RecommendationsPack): RecommendationsPack {
  return {
    ...pack,
    conflictReport: {
      ...pack.conflictReport,
      conflicts: withoutConstraintAttribution(pack.conflictReport.conflicts),
    },
  };
}
