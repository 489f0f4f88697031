/**
 * The Steps port (DESIGN.md): the only thing workflows know about durability. Each
 * `run` is one durable step with a stable, unique id; its JSON result is recorded and a
 * replay returns the recorded result instead of running `fn` again. `attempt` counts
 * from 1. Parallel fan-out is `Promise.all` over `run` calls with distinct ids.
 *
 * `after(write)` hands the adapter a write that belongs to the step but that nothing
 * after it reads (its "finished" progress row): the adapter does it, in order, before the
 * step's result is recorded, and may let the workflow go on meanwhile. So a recorded step
 * always has its rows, and what is recorded is always what came first.
 *
 * Adapters: `LocalSteps` (lib/pipeline/local-runner.ts) and Inngest's `step.run`
 * (inngest/functions.ts).
 */
export interface Steps {
  run<T>(id: string, fn: StepBody<T>): Promise<T>;
  /**
   * Whether the engine marks a run succeeded itself, once every step's rows are written (the
   * local runner, which writes them behind the workflow: a run read as finished has nothing
   * left to write). Otherwise (Inngest records each step before the next starts) the last
   * step does, with the outcome, in one transaction.
   */
  readonly endsRunItself: boolean;
}

export type StepBody<T> = (attempt: number, after: (write: () => Promise<void>) => void) => Promise<T>;

/** Retries after a step's first failure, on either engine (Inngest's `retries`). */
export const STEP_RETRIES = 3 as const;
export const MAX_ATTEMPTS = STEP_RETRIES + 1;
