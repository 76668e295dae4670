import "../server/productionByDefault";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import knexFactory from "knex";
import { loadConfig } from "../server/config";
import { migrateLatest, openDatabase } from "../server/db";
import { startServer, type RunningServer } from "../server/server";
import { seedScale } from "./seed-scale/seed";

export interface BenchDatabase {
  /** Whether DATA_DIR or DATABASE_URL named one (kept as it is) rather than a fresh one. */
  given: boolean;
  dataDir: string;
  databaseUrl: string;
  /** Removes a fresh database (nothing for a given one). */
  drop(): Promise<void>;
}

/**
 * The database a benchmark runs on: one given (DATA_DIR or DATABASE_URL, kept as it is), or a fresh one (SQLite,
 * or Postgres on TEST_DATABASE_URL's server with `postgres`) grown to `chapters` by seed-scale, removed by drop().
 */
export async function benchDatabase(opts: { postgres: boolean; chapters: number; bigChapterMembers: number; prefix: string }): Promise<BenchDatabase> {
  const given = Boolean(process.env.DATA_DIR || process.env.DATABASE_URL);
  const dataDir = process.env.DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), `${opts.prefix}-`));
  let databaseUrl = process.env.DATABASE_URL ?? "";
  let dropPostgres = async () => {};
  if (!given && opts.postgres) {
    const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const name = `${opts.prefix.replace(/\W/g, "_")}_${process.pid}`;
    const admin = knexFactory({ client: "pg", connection: adminUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
    dropPostgres = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.destroy();
    };
  }
  if (!given) {
    const knex = openDatabase({ databaseUrl: databaseUrl || null, dataDir });
    await migrateLatest(knex);
    await seedScale(knex, {
      chapters: opts.chapters,
      members: opts.chapters * 20,
      users: opts.chapters * 5,
      bigChapterMembers: opts.bigChapterMembers,
      seed: 1,
    });
    await knex.destroy();
  }
  return {
    given,
    dataDir,
    databaseUrl,
    async drop() {
      if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
      await dropPostgres();
    },
  };
}

/** The session secret of a benchmark's server, for signing the tokens it sends. */
export const BENCH_SESSION_SECRET = "bench-secret-bench-secret-bench-secret";

/**
 * The API alone (no demo seed, no jobs, the offline map) on a free port over a benchmark's database; with
 * `uiDir` (a UI build) the site's pages too.
 */
export function startBenchServer(db: BenchDatabase, opts: { uiDir?: string } = {}): Promise<RunningServer> {
  const config = loadConfig({
    ...process.env,
    PORT: "0",
    DATA_DIR: db.dataDir,
    SEED_DEMO: "false",
    DATABASE_URL: db.databaseUrl,
    GOOGLE_MAPS_API_KEY: "",
    RUN_JOBS: "false",
    SESSION_SECRET: BENCH_SESSION_SECRET,
    // Not a line per request under load (that would time the terminal, and fill the parent's pipe); problems still show.
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
  });
  // Nothing is built ahead of the first request: benchmarks time first builds.
  return startServer(config, { uiDir: opts.uiDir ?? null, warmUp: false });
}
