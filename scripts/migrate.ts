/** npm run migrate (latest) and npm run migrate:rollback (the last batch), on the configured database. */
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";

const action = process.argv[2] === "rollback" ? "rollback" : "latest";
const config = loadConfig();
const knex = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const [batch, names] = action === "latest" ? await knex.migrate.latest() : await knex.migrate.rollback();
  console.log(names.length ? `${action === "latest" ? "Applied" : "Rolled back"} batch ${batch}: ${names.join(", ")}` : "Nothing to do.");
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await knex.destroy();
}
