import type { Knex } from "knex";

/**
 * More tables that public pages are made of get a read version (see 20261210000100_create_read_versions): the
 * chapter header images (a chapter's answer says whether it has one), the front page, pages, wiki pages and the
 * email settings (which list a signup joins). Server-rendered pages kept for anonymous visitors
 * (server/web/pageCache.ts) are stamped with every version.
 */
export const MORE_VERSIONED_TABLES = ["uploaded_images", "front_page", "pages", "wiki_pages", "email_settings"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex("read_versions").insert(MORE_VERSIONED_TABLES.map((name) => ({ name, version: 0 })));
  if (knex.client.config.client === "pg") {
    for (const table of MORE_VERSIONED_TABLES) {
      await knex.raw(
        `create trigger ${table}_read_version after insert or update or delete or truncate on ${table} for each statement execute function bump_read_version()`,
      );
    }
    return;
  }
  for (const table of MORE_VERSIONED_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await knex.raw(
        `create trigger ${table}_read_version_${event} after ${event} on ${table} begin update read_versions set version = version + 1 where name = '${table}'; end`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of MORE_VERSIONED_TABLES) {
    if (knex.client.config.client === "pg") await knex.raw(`drop trigger if exists ${table}_read_version on ${table}`);
    else for (const event of ["insert", "update", "delete"]) await knex.raw(`drop trigger if exists ${table}_read_version_${event}`);
  }
  await knex("read_versions")
    .whereIn("name", [...MORE_VERSIONED_TABLES])
    .delete();
}
