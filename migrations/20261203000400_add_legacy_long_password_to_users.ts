import type { Knex } from "knex";

/**
 * Passwords are limited to 72 bytes (bcrypt reads no further). An account whose password was set before the
 * limit may have a longer one; `legacy_long_password` lets it keep signing in with it. New rows: false.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.boolean("legacy_long_password").notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("legacy_long_password");
  });
}
