import type { Knex } from "knex";

/** Recipients whose delivery was interrupted where the provider cannot tell whether it went out. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("list_messages", (t) => {
    t.integer("unknown").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("list_messages", (t) => {
    t.dropColumn("unknown");
  });
}
