/**
 * The read of every table's version (read_versions) that each request of a kept answer waits for
 * (lib/readCache.ts). On SQLite it is one statement prepared once on the pooled connection and run again each
 * time: through knex every read made, ran and finalized a new statement, and under load a good part of the
 * server's time went to that and to waiting for it (docs/decisions/096-the-lane-made-cheap.md). The connection
 * is taken from knex's pool as any query takes it, so a read waits for a transaction holding it and never sees a
 * write before it commits, and it is reported as a knex query. On Postgres the read goes through knex as every
 * query does.
 */
import type { Knex } from "knex";

const SQL = "select name, version from read_versions";

/** The parts of node-sqlite3's Database and Statement used here. */
interface SqliteStatement {
  all(callback: (err: Error | null, rows: Record<string, unknown>[]) => void): void;
  finalize(callback: () => void): void;
}
interface SqliteConnection {
  prepare(sql: string, callback: (err: Error | null) => void): SqliteStatement;
  close(callback: (err: Error | null) => void): void;
}

/** The statement prepared on each pooled connection, and the connections whose close finalizes it. */
const statements = new WeakMap<SqliteConnection, SqliteStatement>();
const finalizedOnClose = new WeakSet<SqliteConnection>();

/** Prepares the statement on `conn`. A failed prepare (the table not made yet) fails the read it was made for and
 * leaves nothing to finalize. */
function prepare(conn: SqliteConnection): Promise<SqliteStatement> {
  return new Promise((resolve, reject) => {
    const statement = conn.prepare(SQL, (err) => (err ? reject(err) : resolve(statement)));
  });
}

/**
 * The statement on `conn`, prepared the first time. SQLite refuses to close a connection with a statement still
 * prepared on it, so the connection's close (knex's pool closing it) finalizes the statement first.
 */
async function statementOn(conn: SqliteConnection): Promise<SqliteStatement> {
  const kept = statements.get(conn);
  if (kept) return kept;
  const statement = await prepare(conn);
  if (!finalizedOnClose.has(conn)) {
    finalizedOnClose.add(conn);
    const close = conn.close.bind(conn);
    conn.close = (callback) => {
      const prepared = statements.get(conn);
      statements.delete(conn);
      if (prepared) prepared.finalize(() => close(callback));
      else close(callback);
    };
  }
  statements.set(conn, statement);
  return statement;
}

async function readOn(conn: SqliteConnection): Promise<Record<string, unknown>[]> {
  const statement = await statementOn(conn);
  return new Promise((resolve, reject) => statement.all((err, rows) => (err ? reject(err) : resolve(rows))));
}

/** knex.raw answers rows on SQLite and { rows } on Postgres. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);
}

/** Every row of read_versions (name, version), as the database has them now. */
export async function readVersionRows(knex: Knex): Promise<Record<string, unknown>[]> {
  if (knex.client.config.client !== "sqlite3") return rowsOf(await knex.raw(SQL));
  const conn = (await knex.client.acquireConnection()) as SqliteConnection & { __knexUid?: string };
  // Reported as knex reports each query it runs, to whatever listens (logging, tests counting queries).
  knex.client.emit("query", { __knexUid: conn.__knexUid, sql: SQL, bindings: [], method: "raw" });
  try {
    return await readOn(conn);
  } finally {
    await knex.client.releaseConnection(conn);
  }
}
