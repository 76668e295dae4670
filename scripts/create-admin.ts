/**
 * npm run create-admin -- --email EMAIL --name NAME --password PASSWORD
 * Creates an admin (or promotes an existing account). Reads the same configuration as the server
 * (DATA_DIR, DATABASE_URL), so it works beside a running instance.
 */
import { loadConfig, ConfigError } from "../server/config";
import { bindModels, migrateLatest, openDatabase } from "../server/db";
import { createOrPromoteAdmin } from "../server/commands/createAdmin";
import { scriptArgs } from "./args";

const args = scriptArgs(import.meta.url);
if (!args.email) {
  console.error("Usage: npm run create-admin -- --email EMAIL --name NAME --password PASSWORD");
  process.exit(2);
}
let knex;
try {
  const config = loadConfig();
  knex = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  bindModels(knex);
  await migrateLatest(knex);
  const { user, created } = await createOrPromoteAdmin({ email: args.email, name: args.name, password: args.password });
  console.log(`${created ? "Created" : "Promoted"} admin ${user.name} <${user.email}>.`);
} catch (err) {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : `Could not create the admin: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await knex?.destroy();
}
