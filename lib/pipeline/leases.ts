import "server-only";
import { randomUUID } from "node:crypto";
import { claimRunLease, releaseRunLeases, renewRunLease } from "@/lib/db/queries/run-leases";
import { readEnv } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * Run leases: on one database, several app processes may run local runs. Each
 * running local run is owned by one process, which holds a lease (`pipeline_runs.lease_owner`,
 * `lease_expires_at`, on the database's clock) and renews it every third of its length while
 * it executes the run. A process takes over a run only once its lease has expired (one
 * UPDATE … WHERE expired: two processes never both win), so a run whose process died goes on
 * elsewhere within a lease and a sweep interval, and a restart never runs another process's
 * live run again.
 *
 * No step runs in two processes at once: a process judges its own lease by its own clock,
 * from the moment it *sent* its last successful renewal (so it always believes it ends
 * before the database does), starts a step only while it holds it, and once it no longer
 * does — renewal refused because another process holds it, or not renewed in time — it
 * aborts its model calls and records nothing more (its writes of steps are fenced by owner
 * in the database too). Another process can only have taken the run over after that.
 */

const ownerKey = Symbol.for("tripsync.leaseOwner");
type GlobalWithOwner = typeof globalThis & { [ownerKey]?: string };

/** This process's owner id: random per process (a restarted process is a new owner), with its pid for the log. */
export function processOwner(): string {
  const g = globalThis as GlobalWithOwner;
  g[ownerKey] ??= `${randomUUID()}:${process.pid}`;
  return g[ownerKey];
}

/** The lease length the operator configured (`RUN_LEASE_SECONDS`). */
export function leaseSeconds(): number {
  return readEnv().RUN_LEASE_SECONDS;
}

/** This execution no longer holds its run's lease: it stops at its next step without recording anything. */
export class LeaseLostError extends Error {
  constructor(runId: string, why: string) {
    super(`Run ${runId} is no longer this process's to run (${why})`);
    this.name = "LeaseLostError";
  }
}

/** One execution's hold on its run's lease, with its heartbeat. */
export class RunLease {
  /** performance.now() until which the lease surely holds: the last renewal's send time plus its length. */
  private deadline: number;
  private lost: LeaseLostError | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private fence: NodeJS.Timeout | undefined;
  private renewing = false;
  private readonly controller = new AbortController();

  private constructor(
    readonly runId: string,
    readonly owner: string,
    private readonly seconds: number,
    sentAt: number,
  ) {
    this.deadline = sentAt + seconds * 1000;
  }

  /** Takes the run's lease (free, expired, or already this owner's) and starts the heartbeat; null when another process holds it. */
  static async claim({
    runId,
    owner,
    seconds,
    heartbeat = true,
  }: {
    runId: string;
    owner: string;
    seconds: number;
    heartbeat?: boolean;
  }) {
    const sentAt = performance.now();
    if (!(await claimRunLease({ runId, owner, seconds }))) return null;
    const lease = new RunLease(runId, owner, seconds, sentAt);
    if (heartbeat) {
      lease.heartbeat = setInterval(() => void lease.renew(), (seconds * 1000) / 3);
      lease.heartbeat.unref();
    }
    lease.armFence();
    return lease;
  }

  /** Aborted when the lease is lost: the execution's model calls stop at once. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  held(): boolean {
    return !this.lost && performance.now() < this.deadline;
  }

  /** Throws `LeaseLostError` unless the lease is held now (checked before every step and before the run's end). */
  check(): void {
    if (!this.held()) throw this.lost ?? this.lose("its lease ran out before it was renewed");
  }

  /** Stops the heartbeat (the run ended, or the execution stopped); the lease itself runs out or was cleared. */
  stop(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.fence);
  }

  /** Gives the lease up at once (graceful shutdown): another process takes the run over at its next sweep. */
  async release(): Promise<void> {
    this.lose("this process is shutting down", "info");
    await releaseRunLeases({ owner: this.owner, runIds: [this.runId] });
  }

  private armFence(): void {
    clearTimeout(this.fence);
    this.fence = setTimeout(
      () => this.lose("its lease could not be renewed in time"),
      this.deadline - performance.now(),
    );
    this.fence.unref();
  }

  private async renew(): Promise<void> {
    if (this.lost || this.renewing) return;
    this.renewing = true;
    const sentAt = performance.now();
    try {
      if (await renewRunLease({ runId: this.runId, owner: this.owner, seconds: this.seconds })) {
        if (this.lost) return;
        this.deadline = sentAt + this.seconds * 1000;
        this.armFence();
      } else {
        this.lose("another process holds its lease now");
      }
    } catch (error) {
      // Tried again at the next beat; the fence stops the execution if none gets through in time.
      log.warn({ err: error, runId: this.runId }, "could not renew a run's lease");
    } finally {
      this.renewing = false;
    }
  }

  private lose(why: string, level: "warn" | "info" = "warn"): LeaseLostError {
    if (this.lost) return this.lost;
    this.lost = new LeaseLostError(this.runId, why);
    this.stop();
    this.controller.abort(this.lost);
    log[level]({ runId: this.runId, why }, "this process stops executing a run");
    return this.lost;
  }
}
