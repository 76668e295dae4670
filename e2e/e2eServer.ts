import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** A server of the browser tests (scripts/e2e-server.ts): its own port, data folder and database. */
export interface E2eServer {
  url: string;
  port: number;
  /** Where it writes mail (the built-in provider's outbox). */
  outboxDir: string;
  stop(): Promise<void>;
}

const tsx = path.resolve("node_modules", ".bin", "tsx");

/**
 * Starts scripts/e2e-server.ts on `port` with a fresh database of the kind named, and answers once it says it is
 * ready. What it logs (warnings and errors at the suite's LOG_LEVEL) goes to this process's output.
 */
export function startE2eServer(port: number, database: "sqlite" | "postgres"): Promise<E2eServer> {
  const child: ChildProcess = spawn(tsx, ["scripts/e2e-server.ts"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DB: database === "postgres" ? "postgres" : "",
      GOOGLE_MAPS_API_KEY: "",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Cheap password hashes, as in the API tests: a sign-in costs the server 2 ms rather than 150. What a hash
      // costs and how the server queues them is tested in server/auth/passwords.test.ts.
      BCRYPT_ROUNDS: process.env.BCRYPT_ROUNDS ?? "4",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (!seen.includes("e2e server ready")) return;
      child.stdout!.off("data", onData);
      process.stdout.write(seen);
      child.stdout!.pipe(process.stdout);
      resolve({
        url: `http://localhost:${port}`,
        port,
        outboxDir: path.resolve(".tmp", `e2e-${port}`, "outbox"),
        async stop() {
          if (child.exitCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`The ${database} test server on port ${port} stopped before it was ready (exit ${code}):\n${seen}`)));
  });
}
