import "server-only";
import { getRun, listRunningLocalRuns, runStepResults, saveRunStep } from "@/lib/db/queries/runs";
import { isPermanent } from "@/lib/errors";
import { log } from "@/lib/log";
import { recordFailure } from "@/lib/pipeline/failures";
import { MAX_ATTEMPTS, type StepBody, type Steps } from "@/lib/pipeline/steps";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";
import { WORKFLOWS } from "@/lib/pipeline/workflows";

/**
 * The embedded durable engine: runs workflows inside the app's own process.
 * - A finished step's JSON result is stored in `run_steps (run_id, step_id)`; running the
 *   workflow again returns stored results instead of redoing the work. Results are written
 *   behind the workflow, in the order the steps finished (see `LocalSteps`).
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
   * step id runs once.
   */
  private memo: Promise<Map<string, unknown>> | undefined;
  /**
   * Each finished step's rows and result, written one after another in the order the steps
   * finished, while the workflow goes on: the next model call doesn't wait for them. What is
   * recorded is therefore always what came first, and a crash only loses steps that a
   * resume runs again.
   */
  private writing: Promise<void> = Promise.resolve();
  /** Why the writes stopped: nothing after is recorded, and the execution stops at its next step. */
  private broken: { error: unknown } | undefined;

  constructor(
    private readonly runId: string,
    private readonly options: LocalRunnerOptions & { sleep: (ms: number) => Promise<void> },
  ) {}

  async run<T>(id: string, fn: StepBody<T>): Promise<T> {
    this.memo ??= runStepResults({ runId: this.runId });
    const memo = await this.memo;
    if (memo.has(id)) return memo.get(id) as T;
    for (let attempt = 1; ; attempt++) {
      if (this.broken) throw this.broken.error;
      const writes: (() => Promise<void>)[] = [];
      try {
        this.options.onStepRun?.(id, attempt);
        // Round-trip through JSON so a first run sees exactly what a replay would.
        const result = JSON.parse(JSON.stringify((await fn(attempt, (write) => writes.push(write))) ?? null)) as T;
        this.record(id, attempt, result, writes);
        return result;
      } catch (error) {
        if (isPermanent(error) || attempt >= MAX_ATTEMPTS) throw error;
        await this.options.sleep(this.backoff(attempt));
      }
    }
  }

  /** Resolves once every finished step is recorded; rejects with why the writes stopped, if they did. */
  async settled(): Promise<void> {
    await this.writing;
    if (this.broken) throw this.broken.error;
  }

  /** Queues a finished step's writes and result behind every earlier step's, retried like a step. */
  private record(stepId: string, attempts: number, result: unknown, writes: (() => Promise<void>)[]): void {
    this.writing = this.writing.then(async () => {
      for (let attempt = 1; !this.broken; attempt++) {
        try {
          for (const write of writes) await write();
          const first = await saveRunStep({ runId: this.runId, stepId, result, attempts });
          // Another execution of this run recorded the step first (two app processes on one
          // database): this one is stale and stops; that one finishes the run.
          if (!first) this.broken = { error: new SupersededError(this.runId) };
          return;
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS) this.broken = { error };
          else await this.options.sleep(this.backoff(attempt));
        }
      }
    });
  }

  private backoff(attempt: number): number {
    return (this.options.backoffMs ?? defaultBackoff)(attempt);
  }
}

/** This execution's results lost a race to another execution of the same run. */
class SupersededError extends Error {
  constructor(runId: string) {
    super(`Run ${runId} is being continued by another process`);
    this.name = "SupersededError";
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
    const steps = new LocalSteps(runId, { ...options, sleep: deps.sleep });
    try {
      await WORKFLOWS[run.kind]({ runId, tripId: run.tripId }, steps, deps);
      // The run's outcome is stored by its last step; its last rows may still be going in.
      await steps
        .settled()
        .catch((error) => log.error({ err: error, runId }, "a finished run's last rows were not recorded"));
    } catch (error) {
      await steps.settled().catch(() => {});
      if (error instanceof SupersededError) log.warn({ runId }, "run continued by another process; this one stops");
      else await recordFailure(runId, error);
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
