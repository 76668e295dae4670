import type { Knex } from "knex";

/**
 * Searches for part of an address ("ann" in a 50,000-member list, a name among 100,000 users) are a LIKE '%…%'
 * on lower(…), which no B-tree answers: each one read every row of the list. On Postgres, pg_trgm's trigram
 * GIN indexes answer such a LIKE for three characters or more, and the planner reads a list through them when they
 * narrow it more than the chapter's own index (a rare name, a text in no address). pg_trgm ships with Postgres and is a trusted extension (the database's
 * owner may create it); where it cannot be created the searches keep working, by reading the rows as before.
 * SQLite (one machine, small networks) keeps the scan.
 */
const INDEXES: { name: string; table: string; column: string }[] = [
  { name: "mailing_list_contacts_email_trgm_index", table: "mailing_list_contacts", column: "email" },
  { name: "users_email_trgm_index", table: "users", column: "email" },
  { name: "users_name_trgm_index", table: "users", column: "name" },
];

/** Whether pg_trgm is there, creating it when it may be (in a savepoint, so a refusal leaves the migration going). */
async function haveTrigrams(knex: Knex): Promise<boolean> {
  const available = await knex.raw("select 1 from pg_available_extensions where name = 'pg_trgm'");
  if (!available.rows.length) return false;
  try {
    await knex.transaction(async (trx) => {
      await trx.raw("create extension if not exists pg_trgm");
    });
    return true;
  } catch {
    return false;
  }
}

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== "pg" || !(await haveTrigrams(knex))) return;
  for (const { name, table, column } of INDEXES) {
    await knex.raw(`create index if not exists ?? on ?? using gin (lower(??) gin_trgm_ops)`, [name, table, column]);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== "pg") return;
  for (const { name } of INDEXES) await knex.raw("drop index if exists ??", [name]);
}
