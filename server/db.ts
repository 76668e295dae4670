import path from "node:path";
import knexFactory, { type Knex } from "knex";
import { Model, knexSnakeCaseMappers } from "objection";
import { migrationSource } from "../migrations/index";

export interface DbOptions {
  databaseUrl: string | null;
  /** SQLite file; ":memory:" for tests. */
  sqliteFile?: string;
  dataDir: string;
}

export function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === "pg";
}

/** Opens Postgres when DATABASE_URL is set, otherwise the SQLite file under DATA_DIR. */
export function openDatabase(opts: DbOptions): Knex {
  // A failed query's error names its SQL with placeholders, not the values bound to them (session ids, password
  // hashes, addresses), so logging an error cannot write them (docs/decisions.md "Logs").
  const common = { ...knexSnakeCaseMappers(), migrations: { migrationSource }, compileSqlOnError: false };
  if (opts.databaseUrl) {
    return knexFactory({
      ...common,
      client: "pg",
      connection: opts.databaseUrl,
      pool: { min: 0, max: 10 },
    });
  }
  const filename = opts.sqliteFile ?? path.join(opts.dataDir, "chapterhouse.sqlite");
  return knexFactory({
    ...common,
    client: "sqlite3",
    connection: { filename },
    useNullAsDefault: true,
    // One connection: SQLite serialises writers anyway, and one connection keeps
    // transactions from meeting SQLITE_BUSY.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { run: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
        conn.run("PRAGMA foreign_keys = ON", (err) => {
          if (err) return done(err, conn);
          conn.run("PRAGMA journal_mode = WAL", (err2) => {
            if (err2) return done(err2, conn);
            conn.run("PRAGMA busy_timeout = 5000", (err3) => done(err3, conn));
          });
        });
      },
    },
  });
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest();
}

/** Binds the Objection models to this database. One database per process. */
export function bindModels(knex: Knex): void {
  Model.knex(knex);
}
