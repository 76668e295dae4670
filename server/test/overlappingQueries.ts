/**
 * Before every test file of the "node" project (vitest.config.ts): a query started on a database connection that
 * is still running one fails the test. Only a transaction's connection can be asked twice at once (the pool gives
 * any other connection to one query at a time), by code that runs two of its queries together (Promise.all). pg
 * queues the second and warns ("Calling client.query() when the client is already executing a query", removed in
 * pg 9); node-sqlite3 queues it silently. Here both databases fail alike, on every occurrence, with the stack of
 * the second query; and the DeprecationWarning pg prints (once per process) fails the test too.
 */
import knex from "knex";
import { afterEach } from "vitest";

type Query = (this: unknown, connection: object, obj: unknown) => Promise<unknown>;

const GUARD = Symbol.for("chapterhouse.overlappingQueries");
const proto = knex.Client.prototype as unknown as { query: Query; [GUARD]?: string[] };

/** Installed once per worker process (its test files share its modules: isolate is off); answers where problems go. */
function install(): string[] {
  const problems: string[] = [];
  const running = new WeakMap<object, Set<{ sql: string }>>();
  const query = proto.query;
  proto.query = function (connection, obj) {
    const entry = { sql: typeof obj === "string" ? obj : ((obj as { sql?: string } | null)?.sql ?? "") };
    const busy = running.get(connection) ?? new Set();
    running.set(connection, busy);
    if (busy.size)
      problems.push(
        `A query started on a connection still running another.\n  running: ${[...busy].map((e) => e.sql).join("; ")}\n  started: ${entry.sql}\n${new Error().stack}`,
      );
    busy.add(entry);
    const done = () => void busy.delete(entry);
    const result = query.call(this, connection, obj);
    void Promise.resolve(result).then(done, done);
    return result;
  };
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && /client\.query\(\)/.test(warning.message)) problems.push(String(warning.stack));
  });
  return problems;
}

const problems = (proto[GUARD] ??= install());

/** The overlaps seen since the last test ended, taken (so they fail nothing more). */
export const takeOverlaps = () => problems.splice(0);

afterEach(() => {
  const seen = takeOverlaps();
  if (seen.length) throw new Error(seen.join("\n\n"));
});
