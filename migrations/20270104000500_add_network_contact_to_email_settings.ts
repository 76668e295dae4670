import type { Knex } from "knex";

/**
 * The network's contact (General Settings): the person or team hosts and applicants write to, named on a new host's
 * dashboard and set as Reply-To of the mail people may answer. Empty: MAIL_FROM stands in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.string("network_contact_name", 120).notNullable().defaultTo("");
    t.string("network_contact_email", 254).notNullable().defaultTo("");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.dropColumn("network_contact_name");
    t.dropColumn("network_contact_email");
  });
}
