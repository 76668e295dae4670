import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import os from "node:os";
import type { Knex } from "knex";
import { bindModels, openDatabase } from "../db";
import { freshDatabase, onPostgres } from "../test/harness";
import { Job } from "../models/Job";
import { DEFAULT_LEASE_MS, JobQueue, LeaseLostError, PermanentJobError, RetryLaterError, backoffDelay } from "./queue";
import { JobWorker } from "./worker";
import { silentLogger } from "../lib/log";

let db: Awaited<ReturnType<typeof freshDatabase>>;
let now: Date;
let queue: JobQueue;
const quiet = silentLogger;

function newQueue(knex: Knex) {
  const q = new JobQueue(knex, { clock: () => now, backoffBaseMs: 1000, backoffMaxMs: 60_000, leaseMs: 60_000, log: quiet });
  return q;
}

beforeAll(async () => {
  db = await freshDatabase();
  bindModels(db.knex);
});
afterAll(async () => db.drop());
beforeEach(async () => {
  await db.knex("jobs").delete();
  now = new Date("2030-01-01T12:00:00.000Z");
  queue = newQueue(db.knex);
});

const advance = (ms: number) => (now = new Date(now.getTime() + ms));

describe("backoffDelay", () => {
  it("doubles from the base up to the cap, with jitter of at most 20%", () => {
    const mid = () => 0.5;
    expect(backoffDelay(1, 1000, 60_000, mid)).toBe(1000);
    expect(backoffDelay(2, 1000, 60_000, mid)).toBe(2000);
    expect(backoffDelay(5, 1000, 60_000, mid)).toBe(16_000);
    expect(backoffDelay(30, 1000, 60_000, mid)).toBe(60_000);
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(800);
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1200);
  });
});

describe("JobQueue", () => {
  it("enqueues inside the caller's transaction: a rolled-back change leaves no job", async () => {
    await db.knex
      .transaction(async (trx) => {
        await queue.enqueue("t", { n: 1 }, { trx });
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await Job.query().resultSize()).toBe(0);
    await db.knex.transaction(async (trx) => {
      await queue.enqueue("t", { n: 2 }, { trx });
    });
    const jobs = await Job.query();
    expect(jobs.map((j) => j.payload)).toEqual([{ n: 2 }]);
    expect(jobs[0].status).toBe("pending");
  });

  it("runs a due job once and marks it done", async () => {
    const seen: unknown[] = [];
    queue.register("t", async (p) => void seen.push(p));
    await queue.enqueue("t", { a: 1 });
    await queue.enqueue("t", { a: 2 }, { runAt: new Date(now.getTime() + 5000) });
    expect(await queue.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(seen).toEqual([{ a: 1 }]);
    advance(5000);
    await queue.runDueJobs();
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
    const jobs = await Job.query().orderBy("id");
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
      ["done", 1],
      ["done", 1],
    ]);
  });

  it("retries a failing job with exponential backoff, then fails it for good with its last error", async () => {
    let calls = 0;
    queue.register("flaky", async () => {
      calls++;
      throw new Error(`provider down (${calls})`);
    });
    const job = await queue.enqueue("flaky", {}, { maxAttempts: 3 });
    expect(await queue.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    let row = await Job.query().findById(job.id);
    expect(row!.status).toBe("pending");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBe("provider down (1)");
    const wait1 = new Date(row!.runAt).getTime() - now.getTime();
    expect(wait1).toBeGreaterThanOrEqual(800);
    expect(wait1).toBeLessThanOrEqual(1200);

    // Not due before its time.
    advance(wait1 - 1);
    expect((await queue.runDueJobs()).retried).toBe(0);
    advance(1);
    expect((await queue.runDueJobs()).retried).toBe(1);
    row = await Job.query().findById(job.id);
    const wait2 = new Date(row!.runAt).getTime() - now.getTime();
    expect(wait2).toBeGreaterThanOrEqual(1600);
    expect(wait2).toBeLessThanOrEqual(2400);

    advance(wait2);
    expect(await queue.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 });
    row = await Job.query().findById(job.id);
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBe(3);
    expect(row!.lastError).toBe("provider down (3)");
    expect(calls).toBe(3);
    expect((await queue.counts()).failed).toBe(1);

    // An admin can put failed jobs back.
    queue.register("flaky", async () => {});
    expect(await queue.retryFailed()).toBe(1);
    expect((await queue.runDueJobs()).done).toBe(1);
  });

  it("honours RetryLaterError's delay and fails PermanentJobError at once", async () => {
    queue.register("later", async () => {
      throw new RetryLaterError("429 Too Many Requests", 30_000);
    });
    queue.register("bad", async () => {
      throw new PermanentJobError("invalid address");
    });
    const later = await queue.enqueue("later", {});
    const bad = await queue.enqueue("bad", {});
    await queue.runDueJobs();
    const l = await Job.query().findById(later.id);
    expect(new Date(l!.runAt).getTime() - now.getTime()).toBe(30_000);
    const b = await Job.query().findById(bad.id);
    expect([b!.status, b!.attempts, b!.lastError]).toEqual(["failed", 1, "invalid address"]);
  });

  it("lets a handler finish its job inside its own transaction", async () => {
    queue.register("tx", async (_p, ctx) => {
      await db.knex.transaction(async (trx) => {
        await queue.enqueue("next", { step: 2 }, { trx });
        expect(await ctx.markDone(trx)).toBe(true);
      });
    });
    queue.register("next", async () => {});
    await queue.enqueue("tx", { step: 1 });
    await queue.runDueJobs();
    const jobs = await Job.query().orderBy("id");
    expect(jobs.map((j) => [j.type, j.status])).toEqual([
      ["tx", "done"],
      ["next", "done"],
    ]);
  });

  it("takes over a job whose worker died (lease expired); the late worker cannot record over it", async () => {
    queue.register("t", async () => {});
    const job = await queue.enqueue("t", {});
    const first = await queue.claim(5);
    expect(first).toHaveLength(1);
    expect(await queue.claim(5)).toHaveLength(0); // held by the first worker
    advance(60_001);
    const second = await queue.claim(5);
    expect(second.map((c) => c.job.id)).toEqual([job.id]);
    expect(second[0].job.attempts).toBe(2);
    // The first worker wakes up late: its outcome is ignored because it no longer owns the job.
    queue.register("t", async () => {
      throw new Error("late failure");
    });
    await queue.run(first[0].job, first[0].token);
    let row = await Job.query().findById(job.id);
    expect([row!.status, row!.lastError]).toEqual(["running", null]);
    queue.register("t", async () => {});
    await queue.run(second[0].job, second[0].token);
    row = await Job.query().findById(job.id);
    expect(row!.status).toBe("done");
  });

  it("takes over a job 30 s after its worker's last heartbeat, never while the worker keeps beating", async () => {
    expect(DEFAULT_LEASE_MS).toBe(30_000);
    const a = new JobQueue(db.knex, { clock: () => now, log: quiet, workerId: "host-a:1" });
    const b = new JobQueue(db.knex, { clock: () => now, log: quiet, workerId: "host-b:2" });
    const job = await a.enqueue("t", {});
    const [held] = await a.claim(1);
    expect((await Job.query().findById(job.id))!.lockedBy).toBe("host-a:1");
    // A long batch: the owner beats every 10 s; nobody takes it, however long it runs.
    for (let i = 0; i < 12; i++) {
      advance(10_000);
      expect(await b.claim(1), `after ${(i + 1) * 10} s`).toHaveLength(0);
      expect(await a.heartbeat(job.id, held.token)).toBe(true);
    }
    // The owner's process dies: 29 s after its last beat the job still waits, at 30 s another worker has it.
    advance(29_999);
    expect(await b.claim(1)).toHaveLength(0);
    advance(2);
    const taken = await b.claim(1);
    expect(taken.map((c) => c.job.id)).toEqual([job.id]);
    const row = await Job.query().findById(job.id);
    expect([row!.lockedBy, row!.attempts]).toEqual(["host-b:2", 2]);
    // The old owner, should it wake up, learns it lost the job.
    expect(await a.heartbeat(job.id, held.token)).toBe(false);
  });

  it("renews the heartbeat while a handler runs, and tells a handler whose job was taken over to stop", async () => {
    const q = new JobQueue(db.knex, { leaseMs: 150, log: quiet });
    let sawAbort = false;
    q.register("long", async (_p, ctx) => {
      const started = Date.now();
      while (Date.now() - started < 600) {
        await new Promise((r) => setTimeout(r, 20));
        if (ctx.signal.aborted) {
          sawAbort = true;
          throw new LeaseLostError();
        }
      }
    });
    const kept = await q.enqueue("long", {});
    const [claimedKept] = await q.claim(1);
    const running = q.run(claimedKept.job, claimedKept.token);
    // Four lease lengths later, the job is still this worker's: its heartbeat kept it.
    await new Promise((r) => setTimeout(r, 450));
    const other = new JobQueue(db.knex, { leaseMs: 150, log: quiet });
    expect(await other.claim(1)).toHaveLength(0);
    expect(await running).toBe("done");
    expect((await Job.query().findById(kept.id))!.status).toBe("done");

    const lost = await q.enqueue("long", {});
    const [claimedLost] = await q.claim(1);
    const doomed = q.run(claimedLost.job, claimedLost.token);
    // Another worker takes it over (as after a pause longer than the lease).
    await Job.query()
      .findById(lost.id)
      .patch({ lockedAt: new Date(Date.now() + 1000).toISOString() });
    expect(await doomed).toBe("lost");
    expect(sawAbort).toBe(true);
    expect((await Job.query().findById(lost.id))!.status).toBe("running");
  });

  it("runs each job exactly once when several workers (app processes) claim at the same time", async () => {
    const workers = 4;
    const extra: Knex[] = [];
    // On Postgres every worker gets its own connection pool, as separate app processes would.
    const knexes = onPostgres
      ? Array.from({ length: workers }, () => (extra.push(openDatabase({ databaseUrl: db.url, dataDir: os.tmpdir() })), extra[extra.length - 1]))
      : Array(workers).fill(db.knex);
    try {
      const runs = new Map<number, number>();
      const queues = knexes.map((k) => {
        const q = newQueue(k);
        q.register("count", async (p: { n: number }) => {
          await new Promise((r) => setTimeout(r, Math.random() * 3));
          runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
        });
        return q;
      });
      for (let n = 0; n < 120; n++) await queue.enqueue("count", { n });
      await Promise.all(queues.map((q) => q.runDueJobs({ batch: 3 })));
      expect(runs.size).toBe(120);
      expect([...runs.values()].every((v) => v === 1)).toBe(true);
      expect((await queue.counts()).done).toBe(120);
    } finally {
      await Promise.all(extra.map((k) => k.destroy()));
    }
  });

  it("drops old finished jobs but keeps failed ones", async () => {
    queue.register("ok", async () => {});
    queue.register("no", async () => {
      throw new PermanentJobError("nope");
    });
    await queue.enqueue("ok", {});
    await queue.enqueue("no", {});
    await queue.runDueJobs();
    advance(8 * 24 * 3600_000);
    expect(await queue.cleanup()).toBe(1);
    expect((await Job.query()).map((j) => j.status)).toEqual(["failed"]);
  });
});

describe("JobWorker", () => {
  it("picks up an enqueued job without waiting for the poll, and stops cleanly", async () => {
    const q = new JobQueue(db.knex, { log: quiet });
    let resolveSeen!: (v: unknown) => void;
    const seen = new Promise((r) => (resolveSeen = r));
    q.register("ping", async (p) => resolveSeen(p));
    const worker = new JobWorker(q, { pollMs: 60_000, log: quiet });
    worker.start();
    await new Promise((r) => setTimeout(r, 50)); // the worker is now asleep until the next poll
    const started = Date.now();
    await q.enqueue("ping", { hello: "world" });
    expect(await seen).toEqual({ hello: "world" });
    expect(Date.now() - started).toBeLessThan(5000);
    await worker.stop();
    await new Promise((r) => setTimeout(r, 20));
    const job = await Job.query().findOne({ type: "ping" });
    expect(job!.status).toBe("done");
  });
});
