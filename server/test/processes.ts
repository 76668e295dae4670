import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts server/test/appProcess.ts as a separate Node process on the given database. */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-proc-"));
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test/appProcess.ts")], {
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`app process did not start: ${stderr}`)), 60_000);
    child.stdout!.on("data", (d) => {
      out += String(d);
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`app process exited with ${code}: ${stderr}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      // (A process killed by a signal has no exit code, only a signal code.)
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
