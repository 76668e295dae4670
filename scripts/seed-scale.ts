/**
 * npm run seed:scale -- --chapters 10000 --members 1000000 --users 100000 --answers 100000
 *
 * Grows the configured database (SQLite under DATA_DIR, or Postgres with DATABASE_URL) in bulk to network
 * scale, for benchmarks: chapters in every state weighted by population, all chapter types, recurring and
 * single-date events (past and upcoming), hosts and field organizers, list members of every status with one
 * chapter of 50,000 members, answers to upcoming meetups (the largest chapter's next meetup gets the most), chapter emails, press mentions and host applications. Each run adds its own
 * rows (slugs and emails carry a run tag), so it can grow a database that already has the demo network.
 */
import { loadConfig } from "../server/config";
import { migrateLatest, openDatabase } from "../server/db";
import type { ScaleOptions } from "./seed-scale/plan";
import { seedScale } from "./seed-scale/seed";
import { scriptArgs } from "./args";

function readOptions(args: Record<string, string>): ScaleOptions {
  const get = (name: string, fallback: number) => {
    if (args[name] === undefined) return fallback;
    const n = Number(args[name]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number, got "${args[name]}"`);
    return n;
  };
  return {
    chapters: get("chapters", 10_000),
    members: get("members", 1_000_000),
    users: get("users", 100_000),
    bigChapterMembers: get("big-chapter-members", 50_000),
    answers: get("answers", 100_000),
    seed: get("seed", 1),
  };
}

async function main() {
  const opts = readOptions(scriptArgs(import.meta.url));
  const config = loadConfig();
  const knex = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(knex);
    console.log(
      `Growing ${config.databaseUrl ? "Postgres" : `SQLite (${config.dataDir})`} by ${opts.chapters} chapters, ${opts.users} users, ${opts.members} members, ${opts.answers} answers`,
    );
    const result = await seedScale(knex, opts, (line) => console.log(line));
    console.log(`Done in ${(result.ms / 1000).toFixed(1)} s (run tag ${result.tag}).`);
    if (result.bigChapter) {
      const c = result.bigChapter;
      console.log(`Largest chapter: /chapter/${c.state}/${c.slug} (id ${c.id}, list ${c.listId}, ${c.members} members)`);
    }
  } finally {
    await knex.destroy();
  }
}

main().catch((err) => {
  console.error(`seed:scale failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
