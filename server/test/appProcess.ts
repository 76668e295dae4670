/**
 * One app process for tests that need several (the admin event stream across processes, a list email whose
 * process is killed): serves the API of DATABASE_URL (or the SQLite file under DATA_DIR) on an ephemeral port
 * and prints "listening <port>". No background worker unless RUN_JOBS=true; TEST_MAIL_DELAY_MS slows each
 * email down, so a test can kill the process in the middle of a send.
 */
import { loadConfig } from "../config";
import { createMailTransport, type MailTransport } from "../integrations/mail";
import { startServer } from "../server";

const config = loadConfig({
  ...process.env,
  PORT: "0",
  SEED_DEMO: "false",
  RUN_JOBS: process.env.RUN_JOBS === "true" ? "true" : "false",
  // The test reads "listening <port>" from standard output, where the log goes too: problems only.
  LOG_LEVEL: process.env.LOG_LEVEL || "warn",
});
const delayMs = Number(process.env.TEST_MAIL_DELAY_MS ?? 0);
const real = createMailTransport(config);
const mail: MailTransport = delayMs
  ? { name: real.name, honoursIdempotencyKey: real.honoursIdempotencyKey, send: async (m) => (await new Promise((r) => setTimeout(r, delayMs)), real.send(m)) }
  : real;
const running = await startServer(config, { uiDir: null, mail });
process.stdout.write(`listening ${running.port}\n`);
const stop = async () => {
  await running.close().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
