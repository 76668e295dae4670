import type { JobQueue } from "./queue";
import type { Logger } from "../lib/log";

export interface WorkerOptions {
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How often to look for due jobs when nothing wakes the worker. */
  pollMs?: number;
  /** How often to drop old finished jobs. */
  cleanupEveryMs?: number;
  /** Default: the queue's logger. */
  log?: Logger;
}

/**
 * The background loop of one app process: claims due jobs, runs up to `concurrency` at a time, sleeps until
 * the next poll or until a job is enqueued in this process. stop() lets running jobs finish.
 */
export class JobWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly onEnqueued = () => this.wake?.();
  private lastCleanup = 0;

  constructor(
    private readonly queue: JobQueue,
    private readonly opts: WorkerOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.queue.on("enqueued", this.onEnqueued);
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.queue.off("enqueued", this.onEnqueued);
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const log = this.opts.log ?? this.queue.log;
    const concurrency = this.opts.concurrency ?? 4;
    while (this.running) {
      let claimedAny = false;
      try {
        const claimed = await this.queue.claim(concurrency);
        claimedAny = claimed.length > 0;
        await Promise.all(claimed.map(({ job, token }) => this.queue.run(job, token)));
        const now = Date.now();
        if (now - this.lastCleanup > (this.opts.cleanupEveryMs ?? 3600_000)) {
          this.lastCleanup = now;
          await this.queue.cleanup();
        }
      } catch (err) {
        log.error({ err }, "job worker: claiming or recording a job failed; trying again shortly");
      }
      if (!claimedAny && this.running) await this.sleep(this.opts.pollMs ?? 1000);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}
