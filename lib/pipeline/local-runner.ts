import "server-only";
import { isConnectionError } from "@/lib/db/errors";
import { listRunsToTakeOver } from "@/lib/db/queries/run-leases";
import { finishRun, getRun, runStepResults, saveRunStep } from "@/lib/db/queries/runs";
import { isPermanent } from "@/lib/errors";
import { log } from "@/lib/log";
import { recordFailure } from "@/lib/pipeline/failures";
import { LeaseLostError, leaseSeconds, processOwner, RunLease } from "@/lib/pipeline/leases";
import { MAX_ATTEMPTS, type StepBody, type Steps } from "@/lib/pipeline/steps";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";
import { WORKFLOWS } from "@/lib/pipeline/workflows";

/**
 * The embedded durable engine: runs workflows inside the app's own processes.
 * - A finished step's JSON result is stored in `run_steps (run_id, step_id)`; running the
 *   workflow again returns stored results instead of redoing the work. Results are written
 *   behind the workflow, in the order the steps finished (see `LocalSteps`).
 * - A failing step is retried with exponential backoff, MAX_ATTEMPTS in all, unless the
 *   error is permanent; while the database is unreachable, for more than 30 s
 *   (MAX_ATTEMPTS_DISCONNECTED). Each retry is logged once, at warn, with its cause.
 * - A run is executed by one process at a time, the holder of its lease (lib/pipeline/leases.ts).
 *   A run whose process stopped renewing its lease (it died, or lost the database) is taken
 *   over by a live process: at its start and at every sweep (`startLeaseSweeper`, from
 *   `instrumentation.ts`); a run another live process holds is left alone.
 * - A run reads as finished only once every step's rows are written: the engine marks it
 *   succeeded itself after the last step is recorded (`Steps.endsRunItself`), so nothing it
 *   writes lands after an erasure that waited for it.
 */

export type LocalRunnerOptions = {
  /** Delay before retry n (1-based). Default: 1 s, 2 s, 4 s, then 8 s each. */
  backoffMs?: (attempt: number) => number;
  /** Observes every step body that actually runs (not memoized ones): tests prove nothing is redone. */
  onStepRun?: (stepId: string, attempt: number) => void;
  /** The process executing the run (default: this one's owner id); tests play several processes. */
  owner?: string;
  /** The lease's length (default: RUN_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** false: the lease is never renewed (tests play a process that lost the database or froze). */
  heartbeat?: boolean;
};

/** Attempts of a step (or of recording one) that fails because the database can't be reached: waits total 39 s. */
export const MAX_ATTEMPTS_DISCONNECTED = 8;

const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 8000);

export class LocalSteps implements Steps {
  readonly endsRunItself = true;
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
  /** Steps started and not yet returned (a speculative one nobody waits for included). */
  private readonly going = new Set<Promise<unknown>>();
  /** Why the writes stopped: nothing after is recorded, and the execution stops at its next step. */
  private broken: { error: unknown } | undefined;

  constructor(
    private readonly runId: string,
    private readonly options: LocalRunnerOptions & {
      sleep: (ms: number) => Promise<void>;
      /** The execution's lease: checked before every step and every record (none: unleased, tests of the engine alone). */
      lease?: RunLease;
    },
  ) {}

  run<T>(id: string, fn: StepBody<T>): Promise<T> {
    const running = this.execute(id, fn);
    this.going.add(running);
    running.then(
      () => this.going.delete(running),
      () => this.going.delete(running),
    );
    return running;
  }

  /**
   * Resolves once every step started has returned and every finished step is recorded;
   * rejects with why the writes stopped, if they did.
   */
  async settled(): Promise<void> {
    while (this.going.size) await Promise.allSettled([...this.going]);
    await this.writing;
    if (this.broken) throw this.broken.error;
  }

  private async execute<T>(id: string, fn: StepBody<T>): Promise<T> {
    this.memo ??= runStepResults({ runId: this.runId });
    const memo = await this.memo;
    if (memo.has(id)) return memo.get(id) as T;
    for (let attempt = 1; ; attempt++) {
      if (this.broken) throw this.broken.error;
      // Started only while this process holds the run: another can have it only after this one stopped.
      this.options.lease?.check();
      const writes: (() => Promise<void>)[] = [];
      try {
        this.options.onStepRun?.(id, attempt);
        // Round-trip through JSON so a first run sees exactly what a replay would.
        const result = JSON.parse(JSON.stringify((await fn(attempt, (write) => writes.push(write))) ?? null)) as T;
        this.record(id, attempt, result, writes);
        return result;
      } catch (error) {
        // A step cut short because the lease was lost (its model call aborted) isn't retried.
        this.options.lease?.check();
        if (isPermanent(error) || attempt >= attemptsFor(error)) throw error;
        log.warn(
          { runId: this.runId, stepId: id, attempt, cause: messageOf(error) },
          `step ${id} failed (attempt ${attempt}): ${messageOf(error)}; trying again`,
        );
        await this.options.sleep(this.backoff(attempt));
      }
    }
  }

  /** Queues a finished step's writes and result behind every earlier step's, retried like a step. */
  private record(stepId: string, attempts: number, result: unknown, writes: (() => Promise<void>)[]): void {
    const lease = this.options.lease;
    this.writing = this.writing.then(async () => {
      for (let attempt = 1; !this.broken; attempt++) {
        try {
          lease?.check();
          for (const write of writes) await write();
          const first = await saveRunStep({ runId: this.runId, stepId, result, attempts, owner: lease?.owner });
          // Another execution of this run recorded the step first, or holds the run now: this
          // one is stale and stops; that one finishes the run.
          if (!first) this.broken = { error: new SupersededError(this.runId) };
          return;
        } catch (error) {
          if (error instanceof LeaseLostError || attempt >= attemptsFor(error)) this.broken = { error };
          else {
            log.warn(
              { runId: this.runId, stepId, attempt, cause: messageOf(error) },
              `recording step ${stepId} failed (attempt ${attempt}): ${messageOf(error)}; trying again`,
            );
            await this.options.sleep(this.backoff(attempt));
          }
        }
      }
    });
  }

  private backoff(attempt: number): number {
    return (this.options.backoffMs ?? defaultBackoff)(attempt);
  }
}

/** A database outage is waited out for longer than other failures (39 s with the default backoff). */
function attemptsFor(error: unknown): number {
  return isConnectionError(error) ? MAX_ATTEMPTS_DISCONNECTED : MAX_ATTEMPTS;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/** This execution's results lost a race to another execution of the same run. */
class SupersededError extends Error {
  constructor(runId: string) {
    super(`Run ${runId} is being continued by another process`);
    this.name = "SupersededError";
  }
}

const globalKey = Symbol.for("tripsync.localRuns");
type Execution = { done: Promise<void>; lease?: RunLease };
type GlobalWithRuns = typeof globalThis & { [globalKey]?: Map<string, Execution> };

/** Runs currently executing in this process, so a resume and a new trigger never run one twice. */
function inFlight(): Map<string, Execution> {
  const g = globalThis as GlobalWithRuns;
  g[globalKey] ??= new Map();
  return g[globalKey];
}

/**
 * Runs (or resumes) a local run to its end, if this process can take its lease. Resolves
 * when it has succeeded or failed, or when another process holds or took over the run;
 * never rejects.
 */
export function runLocal(runId: string, deps: WorkflowDeps, options: LocalRunnerOptions = {}): Promise<void> {
  const owner = options.owner ?? processOwner();
  const key = `${owner} ${runId}`;
  const running = inFlight();
  const existing = running.get(key);
  if (existing) return existing.done;
  const execution: Execution = { done: Promise.resolve() };
  execution.done = (async () => {
    const run = await getRun({ runId });
    if (run?.status !== "running") return;
    const lease = await RunLease.claim({
      runId,
      owner,
      seconds: options.leaseSeconds ?? leaseSeconds(),
      heartbeat: options.heartbeat,
    });
    if (!lease) return; // another live process runs it
    execution.lease = lease;
    const steps = new LocalSteps(runId, { ...options, sleep: deps.sleep, lease });
    // The execution's model calls stop when its lease is lost.
    const leased = { ...deps, models: { ...deps.models, signal: lease.signal } };
    try {
      await WORKFLOWS[run.kind]({ runId, tripId: run.tripId }, steps, leased);
      // Every step's rows first (a speculative step still going too), then the run's end.
      await steps.settled();
      lease.check();
      lease.stop();
      await finishRun({ runId, owner });
    } catch (error) {
      await steps.settled().catch(() => {});
      lease.stop();
      if (error instanceof SupersededError || error instanceof LeaseLostError || !lease.held()) {
        log.warn({ runId }, "run continued by another process; this one stops");
      } else if (!isPermanent(error) && isConnectionError(error)) {
        // The database stayed away through every retry: the lease runs out and a process takes
        // the run over once it is back (this one's sweep included), from its recorded steps.
        log.warn({ runId, cause: messageOf(error) }, "run paused: the database can't be reached");
      } else {
        await recordFailure(runId, error, { owner });
      }
    } finally {
      lease.stop();
    }
  })()
    .catch((error) => log.error({ err: error, runId }, "could not record a local run's end"))
    .finally(() => running.delete(key));
  running.set(key, execution);
  return execution.done;
}

/**
 * Takes over every local run whose lease has expired (its process died or lost the
 * database) or that never had one (left by a version before leases), and runs it from its
 * recorded steps. Runs another live process holds are left alone. Returns the runs found.
 */
export async function resumeExpiredRuns(deps: WorkflowDeps, options: LocalRunnerOptions = {}): Promise<string[]> {
  const runs = await listRunsToTakeOver();
  for (const run of runs) void runLocal(run.id, deps, options);
  return runs.map((r) => r.id);
}

const sweeperKey = Symbol.for("tripsync.leaseSweeper");
type GlobalWithSweeper = typeof globalThis & { [sweeperKey]?: NodeJS.Timeout };

/**
 * Every third of a lease, looks for runs to take over (a process that died mid-run): with
 * the lease itself, a run goes on within 4/3 of RUN_LEASE_SECONDS (20 s by default).
 */
export function startLeaseSweeper(deps: WorkflowDeps, seconds = leaseSeconds()): void {
  const g = globalThis as GlobalWithSweeper;
  if (g[sweeperKey]) return;
  g[sweeperKey] = setInterval(
    () => {
      resumeExpiredRuns(deps).then(
        (found) => {
          if (found.length) log.info({ runs: found.length }, "taking over local runs whose process stopped");
        },
        (error) => log.warn({ err: error }, "could not look for local runs to take over"),
      );
    },
    (seconds * 1000) / 3,
  );
  g[sweeperKey].unref();
}

/**
 * Graceful shutdown: gives up the lease of every run this process executes, so another
 * process takes them over at its next sweep instead of after the lease.
 */
export async function releaseLocalRuns(): Promise<number> {
  const leases = [...inFlight().values()].flatMap((e) => (e.lease?.held() ? [e.lease] : []));
  await Promise.allSettled(leases.map((l) => l.release()));
  return leases.length;
}

/** Resolves once every run this process is executing has ended (tests, graceful shutdown). */
export async function settleLocalRuns(): Promise<void> {
  await Promise.all([...inFlight().values()].map((e) => e.done));
}
