import "./productionByDefault";
import { fileURLToPath } from "node:url";
import { loadConfig, ConfigError } from "./config";
import { startServer } from "./server";

const built = Boolean(process.env.CHAPTERHOUSE_BUILT);
/** The browser's assets: dist/ui, beside dist/server when this runs compiled (scripts/build.ts), else from the root. */
const uiDir = fileURLToPath(new URL(built ? "../ui" : "../dist/ui", import.meta.url));

/** SIGTERM or SIGINT: stop once the start is over (a signal during the start waits for it), then exit 0. */
const stopSignal = new Promise<NodeJS.Signals>((resolve) => {
  process.once("SIGINT", resolve);
  process.once("SIGTERM", resolve);
});

try {
  const config = loadConfig();
  const running = await startServer(config, {
    uiDir,
    // Compiled, the first page is rendered before the port opens (a fraction of a second), so the first visitor
    // waits for nothing; from sources (npm run dev) loading the UI takes seconds, so it happens after, in the
    // background, and a restart does not refuse requests that long.
    warmUp: built ? "before-listening" : true,
  });
  running.services.log.info(
    `Chapterhouse is serving ${config.publicUrl} (database: ${config.databaseUrl ? "Postgres" : "SQLite under " + config.dataDir}; mail: ${running.services.mail.name}; Node ${process.versions.node})`,
  );
  if (Number(process.versions.node.split(".")[0]) < 24) {
    running.services.log.warn(`Chapterhouse is made for Node 24 or newer (package.json's engines); this is Node ${process.versions.node}`);
  }
  await stopSignal;
  await running.close();
  process.exit(0);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
