import type { Knex } from "knex";

/**
 * One version number per table that public reads are made of, bumped by a trigger in the same transaction
 * as any write to that table (from the app, a script or by hand). The precomputed public answers
 * (server/lib/readCache.ts) are stamped with the versions they were built at, so a committed write is seen
 * by the next read of every app process sharing the database.
 */
export const VERSIONED_TABLES = [
  "chapters",
  "chapter_types",
  "chapter_events",
  "chapter_links",
  "permissions",
  "users",
  "press_mentions",
  "blog_posts",
  "chapter_blog_posts",
] as const;

/** Users change what public reads show only through their name and email (hosts, post authors). */
const USER_COLUMNS = ["name", "email"];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("read_versions", (t) => {
    t.string("name", 64).primary();
    t.bigInteger("version").notNullable().defaultTo(0);
  });
  await knex("read_versions").insert(VERSIONED_TABLES.map((name) => ({ name, version: 0 })));
  if (knex.client.config.client === "pg") {
    await knex.raw(`create function bump_read_version() returns trigger language plpgsql as $$
      begin
        update read_versions set version = version + 1 where name = TG_TABLE_NAME;
        return null;
      end $$`);
    for (const table of VERSIONED_TABLES) {
      const events = table === "users" ? `insert or update of ${USER_COLUMNS.join(", ")} or delete` : "insert or update or delete or truncate";
      await knex.raw(`create trigger ${table}_read_version after ${events} on ${table} for each statement execute function bump_read_version()`);
    }
    return;
  }
  // SQLite has row triggers only; a bulk write bumps the version once a row, which is as cheap as the write.
  for (const table of VERSIONED_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      const on = table === "users" && event === "update" ? `update of ${USER_COLUMNS.join(", ")}` : event;
      await knex.raw(
        `create trigger ${table}_read_version_${event} after ${on} on ${table} begin update read_versions set version = version + 1 where name = '${table}'; end`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") {
    for (const table of VERSIONED_TABLES) await knex.raw(`drop trigger if exists ${table}_read_version on ${table}`);
    await knex.raw("drop function if exists bump_read_version()");
  } else {
    for (const table of VERSIONED_TABLES)
      for (const event of ["insert", "update", "delete"]) await knex.raw(`drop trigger if exists ${table}_read_version_${event}`);
  }
  await knex.schema.dropTable("read_versions");
}
