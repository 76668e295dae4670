import type { Knex } from "knex";

/**
 * How many times a list email was handed over again to one recipient after a hand-over a stopped server left
 * undecided (list_deliveries.retries), with the same idempotency key, and so over SMTP the same Message-ID:
 * Email Administration counts the recipients retried, from a partial index of the few rows that were (both
 * databases have partial indexes). Plain ADD / DROP COLUMN on both databases (SQLite has dropped columns in
 * place since 3.35): knex's SQLite alterTable would copy the whole table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table list_deliveries add column retries integer not null default 0");
  await knex.raw("create index list_deliveries_retried_index on list_deliveries (retries) where retries > 0");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index list_deliveries_retried_index");
  await knex.raw("alter table list_deliveries drop column retries");
}
