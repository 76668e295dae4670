import type { Knex } from "knex";

/**
 * Optional double opt-in for public list signups: a site setting (off by default), and on each contact the
 * hash of its pending confirmation link and when it was asked for.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.boolean("list_double_opt_in").notNullable().defaultTo(false);
  });
  await knex.schema.alterTable("mailing_list_contacts", (t) => {
    t.string("confirm_token_hash", 64).unique();
    t.timestamp("confirm_requested_at", { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("mailing_list_contacts", (t) => {
    t.dropUnique(["confirm_token_hash"]);
    t.dropColumn("confirm_token_hash");
    t.dropColumn("confirm_requested_at");
  });
  await knex.schema.alterTable("email_settings", (t) => {
    t.dropColumn("list_double_opt_in");
  });
}
