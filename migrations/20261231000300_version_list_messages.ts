import type { Knex } from "knex";

/**
 * The chapter stats (server/stats/) count the list emails hosts sent, and are kept like the public reads
 * (20261210000100_create_read_versions): list_messages gets a read version, bumped when an email is queued, deleted
 * or changes status (its sent/failed counters move with every batch and leave it alone).
 */
export async function up(knex: Knex): Promise<void> {
  await knex("read_versions").insert({ name: "list_messages", version: 0 });
  if (knex.client.config.client === "pg") {
    await knex.raw(
      "create trigger list_messages_read_version after insert or update of status, chapter_id, created_at or delete or truncate on list_messages for each statement execute function bump_read_version()",
    );
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    const on = event === "update" ? "update of status, chapter_id, created_at" : event;
    await knex.raw(
      `create trigger list_messages_read_version_${event} after ${on} on list_messages begin update read_versions set version = version + 1 where name = 'list_messages'; end`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") await knex.raw("drop trigger if exists list_messages_read_version on list_messages");
  else for (const event of ["insert", "update", "delete"]) await knex.raw(`drop trigger if exists list_messages_read_version_${event}`);
  await knex("read_versions").where({ name: "list_messages" }).delete();
}
