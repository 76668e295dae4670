import type { Knex } from "knex";

/** The network's postal address, printed in the footer of every list email (General Settings; empty: none). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.string("postal_address", 300).notNullable().defaultTo("");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.dropColumn("postal_address");
  });
}
