import "server-only";
import { modelKind } from "@/lib/ai/models";
import { databaseDriver, statementsIssued } from "@/lib/db/client";
import { unmetCountsByCategory } from "@/lib/db/queries/assistant";
import { pingDatabase } from "@/lib/db/queries/health";
import { outboxCounts } from "@/lib/db/queries/notifications";
import { listProgressEvents, listRecentRuns } from "@/lib/db/queries/runs";
import { readEnv } from "@/lib/env";
import { type LimitsSharing, limitsSharing } from "@/lib/limits/rate";
import { tripHub } from "@/lib/live/hub";
import { openStreamCount } from "@/lib/live/stream-slots";
import { pipelineEngine } from "@/lib/pipeline/engine";
import { stageLabel } from "@/lib/pipeline/stages";
import type { ProgressEvent, RunStatus } from "@/lib/schemas/pipeline";

/**
 * What operators see on /status and probes read from /api/health: which adapters are
 * live, whether the database answers, the live channel's load, and the latest runs with
 * their per-stage time, attempts, models and tokens. Nothing about trips or members (no
 * names, ids or answers): step ids that name a member or a place are folded into their stage.
 */

const ADAPTER_LABELS = {
  pglite: "PGlite (embedded)",
  postgres: "PostgreSQL",
  local: "local durable runner",
  inngest: "Inngest",
  offline: "offline planner (catalog)",
  gemini: "Gemini",
} as const;

const LIMITS_LABELS: Record<LimitsSharing, string> = {
  shared: "shared (PostgreSQL)",
  "per-process": "per process (the database store is failing: each process counts alone)",
  "in-memory": "in memory (one process)",
};

const PING_TIMEOUT_MS = 2_000;
const RECENT_RUNS = 10;

export interface Health {
  ok: boolean;
  database: { driver: string; ok: boolean; ms: number | null };
  engine: string;
  model: string;
  uptimeSeconds: number;
}

export async function checkHealth(): Promise<Health> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ms = await Promise.race([
    pingDatabase().catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PING_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    ok: ms !== null,
    database: { driver: databaseDriver(), ok: ms !== null, ms: ms === null ? null : Math.round(ms * 10) / 10 },
    engine: pipelineEngine(),
    model: modelKind(),
    // From the process's start, not from when this module was first loaded (a production build loads it on first use).
    uptimeSeconds: Math.round(process.uptime()),
  };
}

export interface StageSummary {
  label: string;
  steps: number;
  ms: number;
  attempts: number;
  models: string[];
  inputTokens: number;
  outputTokens: number;
  outcome: "finished" | "degraded" | "failed" | "running";
}

export interface RunSummary {
  id: string;
  kind: string;
  status: RunStatus;
  engine: string;
  startedAt: Date;
  seconds: number | null;
  errorCode: string | null;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  stages: StageSummary[];
}

export interface StatusView {
  health: Health;
  adapters: { part: string; live: string }[];
  live: { tripsListened: number; subscribers: number; openStreams: number; statements: number };
  runs: RunSummary[];
  /** Notification emails waiting, waiting after a failed send, and sent: counts only. */
  outbox: { waiting: number; retrying: number; sent: number };
  /** What people asked the assistant that it couldn't do, by category: counts only, no words, no names. */
  unmet: Record<string, number>;
}

export async function loadStatus(): Promise<StatusView> {
  const health = await checkHealth();
  const adapters = [
    { part: "Database", live: ADAPTER_LABELS[databaseDriver()] },
    { part: "Pipeline engine", live: ADAPTER_LABELS[pipelineEngine()] },
    { part: "Model", live: ADAPTER_LABELS[modelKind()] },
    { part: "Email", live: readEnv().SMTP_URL ? "SMTP" : "outbox only (set SMTP_URL to send)" },
    { part: "Rate limits", live: LIMITS_LABELS[limitsSharing()] },
  ];
  if (!health.ok) {
    return {
      health,
      adapters,
      live: { tripsListened: 0, subscribers: 0, openStreams: openStreamCount(), statements: statementsIssued() },
      runs: [],
      outbox: { waiting: 0, retrying: 0, sent: 0 },
      unmet: {},
    };
  }
  const hub = (await tripHub()).stats();
  const runs = await listRecentRuns({ limit: RECENT_RUNS });
  const [events, outbox, unmet] = await Promise.all([
    Promise.all(runs.map((run) => listProgressEvents({ runId: run.id }))),
    outboxCounts(),
    unmetCountsByCategory(),
  ]);
  return {
    health,
    adapters,
    live: {
      tripsListened: hub.trips,
      subscribers: hub.subscribers,
      openStreams: openStreamCount(),
      statements: statementsIssued(),
    },
    outbox,
    unmet,
    runs: runs.map((run, i) => ({
      id: run.id,
      kind: run.kind,
      status: run.status,
      engine: run.engine,
      startedAt: run.createdAt,
      seconds: run.finishedAt ? Math.round((run.finishedAt.getTime() - run.createdAt.getTime()) / 100) / 10 : null,
      errorCode: run.error?.code ?? null,
      calls: run.usage?.calls ?? 0,
      inputTokens: run.usage?.inputTokens ?? 0,
      outputTokens: run.usage?.outputTokens ?? 0,
      stages: stageSummaries(events[i] ?? []),
    })),
  };
}

/** Per stage of a run: how many steps, their summed time, the most attempts any needed, models and tokens. */
export function stageSummaries(events: ProgressEvent[]): StageSummary[] {
  const stages = new Map<string, ProgressEvent[]>();
  for (const e of events) {
    // "run" marks where a run failed, on the stage it stopped at; it is not a step.
    stages.set(e.stage, [...(stages.get(e.stage) ?? []), e]);
  }
  return [...stages].map(([stage, mine]) => {
    const ended = mine.filter((e) => e.kind === "finished" || e.kind === "degraded");
    const steps = new Set(mine.filter((e) => e.stepId !== "run").map((e) => e.stepId)).size;
    const sum = (pick: (e: ProgressEvent) => number | undefined) => ended.reduce((t, e) => t + (pick(e) ?? 0), 0);
    let outcome: StageSummary["outcome"] = "finished";
    if (mine.some((e) => e.kind === "failed")) outcome = "failed";
    else if (new Set(ended.map((e) => e.stepId)).size < steps) outcome = "running";
    else if (ended.some((e) => e.kind === "degraded")) outcome = "degraded";
    return {
      label: stageLabel(stage),
      steps,
      ms: sum((e) => e.detail?.ms),
      attempts: Math.max(1, ...ended.map((e) => e.detail?.attempt ?? 1)),
      models: [...new Set(ended.flatMap((e) => e.detail?.models ?? []))],
      inputTokens: sum((e) => e.detail?.inputTokens),
      outputTokens: sum((e) => e.detail?.outputTokens),
      outcome,
    };
  });
}
