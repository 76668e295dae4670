import type { Knex } from "knex";

/**
 * One row per counted request of a rate limit (sign-in failures, signups, reset requests ...), in buckets
 * named by what is limited; every app process counts the same rows. Rows older than a day are pruned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("rate_limit_hits", (t) => {
    t.increments("id").primary();
    t.string("bucket", 80).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().index();
    t.index(["bucket", "created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("rate_limit_hits");
}
