import "./productionByDefault";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig, ConfigError } from "./config";
import { startServer } from "./server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

try {
  const config = loadConfig();
  const running = await startServer(config, { uiDir: path.join(root, "dist", "ui") });
  running.services.log.info(
    `Chapterhouse is serving ${config.publicUrl} (database: ${config.databaseUrl ? "Postgres" : "SQLite under " + config.dataDir}; mail: ${running.services.mail.name})`,
  );
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
