import type { Knex } from "knex";

/**
 * One row per recipient of a list email, written before the email is handed to the provider: a crash can then
 * never make us send it twice without knowing (see docs/decisions.md "List emails: one delivery per recipient").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("list_deliveries", (t) => {
    t.increments("id").primary();
    t.integer("list_message_id").notNullable().references("list_messages.id").onDelete("CASCADE");
    t.integer("contact_id").notNullable().references("mailing_list_contacts.id").onDelete("CASCADE");
    t.string("idempotency_key", 100).notNullable().unique();
    t.string("state", 16).notNullable().defaultTo("pending");
    t.string("provider", 16);
    t.integer("attempts").notNullable().defaultTo(0);
    t.timestamp("handed_at", { useTz: true });
    t.text("error");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.unique(["list_message_id", "contact_id"]);
    t.index(["state", "updated_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("list_deliveries");
}
