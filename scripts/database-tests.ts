import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importGraph, reaches, sourceFiles } from "./importGraph";

/**
 * The test files under some folders that touch a database: those that import server/db.ts, directly or through
 * other modules (the test harness does), and those that name the database they run on. npm test runs these again on
 * Postgres; the rest (the schedule engine, the feeds' text, the parsers) give the same answer on any database and run
 * once, on SQLite.
 *
 *   tsx scripts/database-tests.ts server migrations   prints their paths, one a line
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NAMES_A_DATABASE = /\b(TEST_DB|onPostgres|DATABASE_URL)\b/;

export function databaseTests(folders: string[]): string[] {
  const files = ["server", "ui", "electron", "migrations", "scripts"].flatMap((f) => sourceFiles(path.join(root, f), { tests: true }));
  const graph = importGraph(files);
  const db = path.join(root, "server", "db.ts");
  const wanted = folders.map((f) => path.resolve(root, f));
  return files
    .filter((f) => /\.test\.ts$/.test(f) && wanted.some((w) => f === w || f.startsWith(w + path.sep)))
    .filter((f) => reaches(graph, f, db) || NAMES_A_DATABASE.test(fs.readFileSync(f, "utf8")))
    .map((f) => path.relative(root, f))
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const list = databaseTests(process.argv.slice(2));
  if (!list.length) throw new Error(`No test file under ${process.argv.slice(2).join(", ")} touches a database`);
  console.log(list.join("\n"));
}
