import "server-only";
import { getRun, listRunningLocalRuns, runStepResults, saveRunStep } from "@/lib/db/queries/runs";
import { isPermanent } from "@/lib/errors";
import { recordFailure } from "@/lib/pipeline/failures";
import { MAX_ATTEMPTS, type Steps } from "@/lib/pipeline/steps";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";
import { WORKFLOWS } from "@/lib/pipeline/workflows";

/**
 * The embedded durable engine: runs workflows inside the app's own process.
 * - A finished step's JSON result is stored in `run_steps (run_id, step_id)`; running the
 *   workflow again returns stored results instead of redoing the work.
 * - A failing step is retried with exponential backoff, MAX_ATTEMPTS in all, unless the
 *   error is permanent.
 * - Runs left `running` by a process that died are resumed at the next start
 *   (`instrumentation.ts`). This assumes one app process per database, which PGlite
 *   requires anyway; several app servers on one Postgres should use Inngest.
 */

export type LocalRunnerOptions = {
  /** Delay before retry n (1-based). Default: 1 s, 2 s, 4 s. */
  backoffMs?: (attempt: number) => number;
  /** Observes every step body that actually runs (not memoized ones): tests prove nothing is redone. */
  onStepRun?: (stepId: string, attempt: number) => void;
};

const defaultBackoff = (attempt: number) => 1000 * 2 ** (attempt - 1);

export class LocalSteps implements Steps {
  /**
   * The steps finished before this execution began, read once: within one execution every
   * step id runs once, and a step another process finishes meanwhile is caught by
   * saveRunStep's first-write-wins.
   */
  private memo: Promise<Map<string, unknown>> | undefined;

  constructor(
    private readonly runId: string,
    private readonly options: LocalRunnerOptions & { sleep: (ms: number) => Promise<void> },
  ) {}

  async run<T>(id: string, fn: (attempt: number) => Promise<T>): Promise<T> {
    this.memo ??= runStepResults({ runId: this.runId });
    const memo = await this.memo;
    if (memo.has(id)) return memo.get(id) as T;
    for (let attempt = 1; ; attempt++) {
      try {
        this.options.onStepRun?.(id, attempt);
        // Round-trip through JSON so a first run sees exactly what a replay would.
        const result = JSON.parse(JSON.stringify((await fn(attempt)) ?? null)) as T;
        return (await saveRunStep({ runId: this.runId, stepId: id, result, attempts: attempt })) as T;
      } catch (error) {
        if (isPermanent(error) || attempt >= MAX_ATTEMPTS) throw error;
        await this.options.sleep((this.options.backoffMs ?? defaultBackoff)(attempt));
      }
    }
  }
}

const globalKey = Symbol.for("tripsync.localRuns");
type GlobalWithRuns = typeof globalThis & { [globalKey]?: Map<string, Promise<void>> };

/** Runs currently executing in this process, so a resume and a new trigger never run one twice. */
function inFlight(): Map<string, Promise<void>> {
  const g = globalThis as GlobalWithRuns;
  g[globalKey] ??= new Map();
  return g[globalKey];
}

/** Runs (or resumes) a local run to its end. Resolves when it has succeeded or failed; never rejects. */
export function runLocal(runId: string, deps: WorkflowDeps, options: LocalRunnerOptions = {}): Promise<void> {
  const running = inFlight();
  const existing = running.get(runId);
  if (existing) return existing;
  const execution = (async () => {
    const run = await getRun({ runId });
    if (run?.status !== "running") return;
    try {
      await WORKFLOWS[run.kind](
        { runId, tripId: run.tripId },
        new LocalSteps(runId, { ...options, sleep: deps.sleep }),
        deps,
      );
    } catch (error) {
      await recordFailure(runId, error);
    }
  })()
    .catch((error) => console.error("[local-runner] could not record the run's end", error))
    .finally(() => running.delete(runId));
  running.set(runId, execution);
  return execution;
}

/** Picks up every local run a previous process left unfinished. */
export async function resumeInterruptedRuns(deps: WorkflowDeps, options: LocalRunnerOptions = {}): Promise<string[]> {
  const runs = await listRunningLocalRuns();
  for (const run of runs) void runLocal(run.id, deps, options);
  return runs.map((r) => r.id);
}

/** Resolves once every run this process is executing has ended (tests, graceful shutdown). */
export async function settleLocalRuns(): Promise<void> {
  await Promise.all([...inFlight().values()]);
}
