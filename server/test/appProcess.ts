/**
 * One app process for tests that need several (the admin event stream across processes):
 * serves the API of DATABASE_URL on an ephemeral port and prints "listening <port>".
 */
import { loadConfig } from "../config";
import { startServer } from "../server";

const running = await startServer(loadConfig({ ...process.env, PORT: "0", SEED_DEMO: "false", RUN_JOBS: "false" }), { uiDir: null });
process.stdout.write(`listening ${running.port}\n`);
const stop = async () => {
  await running.close().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
