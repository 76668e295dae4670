import type { Knex } from "knex";

/**
 * The chapter health table (server/health/load.ts) is kept ready between reads, like the public reads
 * (migrations/20261210000100_create_read_versions): versions for the list members (bumped when a member is added
 * or removed or changes status; sends, opens and clicks, the num_* columns, leave it), the pins and the thresholds.
 */
const COLUMNS = ["status", "deleted_at", "chapter_id"];
const HEALTH_TABLES = ["chapter_health", "chapter_health_settings"];

export async function up(knex: Knex): Promise<void> {
  await knex("read_versions").insert(["mailing_list_contacts", ...HEALTH_TABLES].map((name) => ({ name, version: 0 })));
  if (knex.client.config.client === "pg") {
    for (const table of HEALTH_TABLES)
      await knex.raw(
        `create trigger ${table}_read_version after insert or update or delete or truncate on ${table} for each statement execute function bump_read_version()`,
      );
    await knex.raw(
      `create trigger mailing_list_contacts_read_version after insert or update of ${COLUMNS.join(", ")} or delete or truncate on mailing_list_contacts for each statement execute function bump_read_version()`,
    );
    return;
  }
  for (const table of HEALTH_TABLES) {
    for (const event of ["insert", "update", "delete"])
      await knex.raw(
        `create trigger ${table}_read_version_${event} after ${event} on ${table} begin update read_versions set version = version + 1 where name = '${table}'; end`,
      );
  }
  for (const event of ["insert", "update", "delete"]) {
    const on = event === "update" ? `update of ${COLUMNS.join(", ")}` : event;
    await knex.raw(
      `create trigger mailing_list_contacts_read_version_${event} after ${on} on mailing_list_contacts begin update read_versions set version = version + 1 where name = 'mailing_list_contacts'; end`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  const tables = ["mailing_list_contacts", ...HEALTH_TABLES];
  if (knex.client.config.client === "pg") for (const table of tables) await knex.raw(`drop trigger if exists ${table}_read_version on ${table}`);
  else for (const table of tables) for (const event of ["insert", "update", "delete"]) await knex.raw(`drop trigger if exists ${table}_read_version_${event}`);
  await knex("read_versions").whereIn("name", tables).delete();
}
