/**
 * The server the browser tests run against: a fresh database (SQLite under .tmp/, or a new Postgres
 * database when E2E_DB=postgres) with the demo network and the test accounts of e2e/support.ts.
 */
import "../server/productionByDefault";
import fs from "node:fs";
import path from "node:path";
import knexFactory from "knex";
import { loadConfig } from "../server/config";
import { startServer } from "../server/server";
import { createOrPromoteAdmin } from "../server/commands/createAdmin";
import { E2E_ACCOUNTS } from "../e2e/accounts";
import { Chapter, Permission, User } from "../server/models";
import { hashPassword } from "../server/auth/passwords";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.resolve(".tmp", `e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

let databaseUrl: string | undefined;
if (process.env.E2E_DB === "postgres") {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `ch_e2e_${port}`;
  const admin = knexFactory({ client: "pg", connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${name}`);
  // A test database need not survive a crash of the Postgres server: commits do not wait for the disk.
  await admin.raw(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.destroy();
  databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

// The suite signs up many accounts and list members from 127.0.0.1: the per-address limits are raised (the API
// tests cover them at their defaults; the browser tests show their refusals through mocked answers).
const rateLimits = process.env.RATE_LIMITS ?? "signup=1000,listSignup=1000,passwordReset=1000,placePages=1000";
const config = loadConfig({
  ...process.env,
  RATE_LIMITS: rateLimits,
  PORT: port,
  DATA_DIR: dataDir,
  SEED_DEMO: "true",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
  // Hosts are asked to confirm a new meetup within seconds, not the minute users wait at most.
  MEETUP_CONFIRM_SWEEP_MS: process.env.MEETUP_CONFIRM_SWEEP_MS ?? "2000",
});
const running = await startServer(config, { uiDir: path.resolve("dist", "ui") });

await createOrPromoteAdmin(E2E_ACCOUNTS.admin);
for (const [key, account] of Object.entries(E2E_ACCOUNTS)) {
  if (key === "admin") continue;
  const user = await User.query().insertAndFetch({
    name: account.name,
    email: account.email,
    username: account.email,
    passwordHash: await hashPassword(account.password),
  });
  if ("chapterSlug" in account && account.chapterSlug) {
    const chapter = await Chapter.query().findOne({ slug: account.chapterSlug });
    await Permission.query().insert({ userId: user.id, roleId: account.roleId, chapterId: chapter!.id });
  }
}
console.log(`e2e server ready on ${config.publicUrl}`);
const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
