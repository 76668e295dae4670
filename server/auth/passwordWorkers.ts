import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * bcrypt on threads of our own at a lower scheduling priority (nice 5), rather than on libuv's pool: on a machine
 * whose cores are all busy, a hash then waits for the request handling thread instead of taking half of its core, and
 * pages keep answering in milliseconds during a burst of sign-ups. (On Linux a nice value belongs to one thread:
 * os.setPriority in a worker lowers that worker only.) Each worker does one hash or check at a time; the caller
 * limits how many run at once (passwords.ts), so there is always an idle worker when one is asked for.
 */
const WORKER_NICENESS = 5;
const bcryptPath = createRequire(import.meta.url).resolve("bcrypt");
const source = `
const { parentPort } = require("node:worker_threads");
const os = require("node:os");
const bcrypt = require(${JSON.stringify(bcryptPath)});
try { os.setPriority(${WORKER_NICENESS}); } catch {}
parentPort.on("message", (job) => {
  try {
    const result = job.kind === "hash" ? bcrypt.hashSync(job.password, job.rounds) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ result });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
});
`;

type Job = { kind: "hash"; password: string; rounds: number } | { kind: "compare"; password: string; hash: string };

const idle: Worker[] = [];

function newWorker(): Worker {
  const worker = new Worker(source, { eval: true });
  worker.unref();
  return worker;
}

function run<T>(job: Job): Promise<T> {
  const worker = idle.pop() ?? newWorker();
  return new Promise<T>((resolve, reject) => {
    const done = (settle: () => void, keep: boolean) => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      if (keep) idle.push(worker);
      else void worker.terminate();
      settle();
    };
    const onMessage = (answer: { result?: T; error?: string }) =>
      done(() => (answer.error === undefined ? resolve(answer.result as T) : reject(new Error(answer.error))), true);
    const onError = (err: Error) => done(() => reject(err), false);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.postMessage(job);
  });
}

export const hashInWorker = (password: string, rounds: number) => run<string>({ kind: "hash", password, rounds });
export const compareInWorker = (password: string, hash: string) => run<boolean>({ kind: "compare", password, hash });
