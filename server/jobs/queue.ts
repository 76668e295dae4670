import { EventEmitter } from "node:events";
import os from "node:os";
import type { Knex } from "knex";
import { isPostgres } from "../db";
import { Job } from "../models/Job";
import { defaultLogger, type Logger } from "../lib/log";

/** A job handler: throw to retry later (with backoff), PermanentJobError to fail at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the payload its jobs carry
export type JobHandler = (payload: any, ctx: JobContext) => Promise<void>;

export interface JobContext {
  job: Job;
  queue: JobQueue;
  /**
   * Aborted when this worker learns (at a heartbeat) that it no longer owns the job: its lease ran out and
   * another worker took it over. Long handlers check it between steps and stop (throw LeaseLostError).
   */
  signal: AbortSignal;
  /**
   * Marks this job done inside the caller's transaction, so that recording the job's effects and finishing it
   * commit together (a crash between the two cannot make the job run twice). Returns false when this worker
   * no longer owns the job (its lease ran out and another worker took it).
   */
  markDone(trx: Knex.Transaction): Promise<boolean>;
}

/** Retry after this delay instead of the backoff (e.g. a provider's Retry-After). Counts as an attempt. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** A failure no retry can fix (bad input at the provider): the job fails at once. */
export class PermanentJobError extends Error {}

/** Thrown by a handler that stops because another worker took its job over; nothing is recorded. */
export class LeaseLostError extends Error {
  constructor() {
    super("another worker took this job over");
  }
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if the caller's change commits. */
  trx?: Knex.Transaction;
  /** Earliest run time; default now. */
  runAt?: Date;
  maxAttempts?: number;
}

export interface QueueOptions {
  /**
   * A running job whose heartbeat is older than this is taken over by another worker (its process died).
   * The owner renews the heartbeat every leaseMs / 3 while the handler runs.
   */
  leaseMs?: number;
  /** Names this worker in `jobs.locked_by`; default host:pid. */
  workerId?: string;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** The clock; tests move it forward to make backoffs due. */
  clock?: () => Date;
  /** The queue's logger (services: the server's, with component "jobs"); default: info on standard output. */
  log?: Logger;
}

/**
 * 30 s: with a heartbeat every 10 s, a job whose process died is taken over 20 to 30 s after its last beat.
 * The server passes JOB_LEASE_MS (config.jobLeaseMs, the same default).
 */
export const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_BACKOFF_BASE_MS = 5_000;
const DEFAULT_BACKOFF_MAX_MS = 30 * 60_000;

/** Delay before attempt n+1 after n failed attempts: base * 2^(n-1), capped, with +-20% jitter. */
export function backoffDelay(attempts: number, baseMs = DEFAULT_BACKOFF_BASE_MS, maxMs = DEFAULT_BACKOFF_MAX_MS, random = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.8 + 0.4 * random()));
}

/**
 * The durable job queue, kept in the `jobs` table. Jobs are enqueued inside the caller's transaction, claimed
 * by workers with `FOR UPDATE SKIP LOCKED` on Postgres (any number of app processes may work the same queue;
 * a row is claimed by exactly one of them), or by the single in-process worker on SQLite (one connection).
 * Failed attempts are retried with exponential backoff up to maxAttempts, then the job is `failed` with its
 * lastError kept for admins to see.
 */
export class JobQueue extends EventEmitter {
  readonly handlers = new Map<string, JobHandler>();
  clock: () => Date;
  readonly leaseMs: number;
  readonly workerId: string;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  readonly log: Logger;

  constructor(
    readonly knex: Knex,
    opts: QueueOptions = {},
  ) {
    super();
    this.clock = opts.clock ?? (() => new Date());
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.workerId = (opts.workerId ?? `${os.hostname()}:${process.pid}`).slice(0, 120);
    this.backoffBaseMs = opts.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
    this.backoffMaxMs = opts.backoffMaxMs ?? DEFAULT_BACKOFF_MAX_MS;
    this.log = opts.log ?? defaultLogger().child({ component: "jobs" });
  }

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  now(): Date {
    return this.clock();
  }

  /** Adds a job. With opts.trx it is part of the caller's transaction. */
  async enqueue(type: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<Job> {
    const job = await Job.query(opts.trx).insert({
      type,
      payload,
      status: "pending",
      attempts: 0,
      maxAttempts: opts.maxAttempts ?? 20,
      runAt: (opts.runAt ?? this.now()).toISOString(),
      lockedAt: null,
      lastError: null,
    });
    if (opts.trx) {
      // Wake workers once the caller's transaction has committed (never for a rolled-back one).
      opts.trx.executionPromise.then(() => this.emit("enqueued", type)).catch(() => {});
    } else {
      this.emit("enqueued", type);
    }
    return job;
  }

  /**
   * Claims up to `limit` due jobs for this worker: pending and due, or running with a heartbeat older than the
   * lease (its worker died). The claim's time is the owner's token.
   */
  async claim(limit: number): Promise<{ job: Job; token: string }[]> {
    const now = this.now();
    const token = now.toISOString();
    const staleBefore = new Date(now.getTime() - this.leaseMs).toISOString();
    const abandoned = (w: Knex.QueryBuilder) =>
      w
        .where({ status: "running" })
        .where((h) => h.where("heartbeatAt", "<", staleBefore).orWhere((old) => old.whereNull("heartbeatAt").where("lockedAt", "<", staleBefore)));
    const due = (q: Knex.QueryBuilder) => q.where((w) => w.where({ status: "pending" }).where("runAt", "<=", token)).orWhere(abandoned);
    const patch = {
      status: "running",
      lockedAt: token,
      heartbeatAt: token,
      lockedBy: this.workerId,
      updatedAt: token,
      attempts: this.knex.raw("attempts + 1"),
    };

    let rows: Record<string, unknown>[];
    if (isPostgres(this.knex)) {
      const ids = this.knex("jobs")
        .select("id")
        .where(due)
        .orderBy([{ column: "runAt" }, { column: "id" }])
        .limit(limit)
        .forUpdate()
        .skipLocked();
      rows = await this.knex("jobs").whereIn("id", ids).update(patch).returning("*");
    } else {
      rows = await this.knex.transaction(async (trx) => {
        const ids = (
          await trx("jobs")
            .select("id")
            .where(due)
            .orderBy([{ column: "runAt" }, { column: "id" }])
            .limit(limit)
        ).map((r: { id: number }) => r.id);
        if (!ids.length) return [];
        return trx("jobs").whereIn("id", ids).where(due).update(patch).returning("*");
      });
    }
    return rows.map((row) => ({ job: Job.fromDatabaseJson(row), token })).sort((a, b) => a.job.runAt.localeCompare(b.job.runAt) || a.job.id - b.job.id);
  }

  private owned(knex: Knex | Knex.Transaction, id: number, token: string) {
    return knex("jobs").where({ id, status: "running", lockedAt: token });
  }

  /** Renews the lease of a job this worker owns; false when it does not own it any more. */
  async heartbeat(id: number, token: string): Promise<boolean> {
    return (await this.owned(this.knex, id, token).update({ heartbeatAt: this.now().toISOString() })) > 0;
  }

  /** Runs one claimed job and records the outcome, renewing its heartbeat every leaseMs / 3 meanwhile. */
  async run(job: Job, token: string): Promise<"done" | "retry" | "failed" | "lost"> {
    const handler = this.handlers.get(job.type);
    const lease = new AbortController();
    const beat = setInterval(
      () => {
        this.heartbeat(job.id, token).then(
          (owned) => owned || lease.abort(),
          (err) => this.log.error({ err, jobId: job.id, jobType: job.type }, "job heartbeat failed"),
        );
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    beat.unref?.();
    const ctx: JobContext = {
      job,
      queue: this,
      signal: lease.signal,
      markDone: async (trx) =>
        (await this.owned(trx, job.id, token).update({ status: "done", lockedAt: null, lastError: null, updatedAt: this.now().toISOString() })) > 0,
    };
    try {
      return await this.runHandler(handler, job, token, ctx);
    } finally {
      clearInterval(beat);
    }
  }

  private async runHandler(handler: JobHandler | undefined, job: Job, token: string, ctx: JobContext): Promise<"done" | "retry" | "failed" | "lost"> {
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`);
      await handler(job.payload, ctx);
      await this.owned(this.knex, job.id, token).update({ status: "done", lockedAt: null, lastError: null, updatedAt: this.now().toISOString() });
      return "done";
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.log.warn({ jobId: job.id, jobType: job.type }, "job stopped: another worker took it over");
        return "lost";
      }
      const message = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const now = this.now();
      if (permanent) {
        this.log.error({ err, jobId: job.id, jobType: job.type, attempts: job.attempts }, "job failed for good");
        await this.owned(this.knex, job.id, token).update({
          status: "failed",
          lockedAt: null,
          lastError: message.slice(0, 2000),
          updatedAt: now.toISOString(),
        });
        return "failed";
      }
      const delay = err instanceof RetryLaterError ? err.delayMs : backoffDelay(job.attempts, this.backoffBaseMs, this.backoffMaxMs);
      await this.owned(this.knex, job.id, token).update({
        status: "pending",
        lockedAt: null,
        lastError: message.slice(0, 2000),
        runAt: new Date(now.getTime() + delay).toISOString(),
        updatedAt: now.toISOString(),
      });
      return "retry";
    }
  }

  /**
   * Runs every job that is due now, including jobs those jobs enqueue for now, until none is due.
   * What the worker loop does continuously; tests call it to drive the queue deterministically.
   */
  async runDueJobs(opts: { batch?: number; maxRounds?: number } = {}): Promise<{ done: number; retried: number; failed: number }> {
    const counts = { done: 0, retried: 0, failed: 0 };
    for (let round = 0; round < (opts.maxRounds ?? 10_000); round++) {
      const claimed = await this.claim(opts.batch ?? 10);
      if (!claimed.length) break;
      for (const { job, token } of claimed) {
        const outcome = await this.run(job, token);
        if (outcome === "done") counts.done++;
        else if (outcome === "retry") counts.retried++;
        else if (outcome === "failed") counts.failed++;
      }
    }
    return counts;
  }

  /** Failed jobs go back to pending, due now (an admin's "retry failed deliveries"). */
  async retryFailed(type?: string): Promise<number> {
    const q = this.knex("jobs").where({ status: "failed" });
    if (type) q.where({ type });
    const n = await q.update({ status: "pending", attempts: 0, runAt: this.now().toISOString(), updatedAt: this.now().toISOString() });
    if (n) this.emit("enqueued", type ?? "*");
    return n;
  }

  /** Drops finished jobs older than `olderThanMs` (failed ones stay visible). */
  async cleanup(olderThanMs = 7 * 24 * 3600_000): Promise<number> {
    return this.knex("jobs")
      .where({ status: "done" })
      .where("updatedAt", "<", new Date(this.now().getTime() - olderThanMs).toISOString())
      .delete();
  }

  async counts(): Promise<Record<Job["status"], number>> {
    const rows = (await this.knex("jobs").select("status").count("* as n").groupBy("status")) as { status: Job["status"]; n: number | string }[];
    const out = { pending: 0, running: 0, done: 0, failed: 0 };
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  }
}
