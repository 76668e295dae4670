import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chapter_host_applications", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE").index();
    t.string("slug", 200).notNullable().unique();
    t.string("city", 120).notNullable();
    t.string("state", 3).notNullable();
    t.string("type", 32).notNullable();
    t.text("reason").notNullable();
    t.string("status", 40).notNullable().defaultTo("open").index();
    t.boolean("is_archived").notNullable().defaultTo(false);
    t.boolean("did_have_phone_call").notNullable().defaultTo(false);
    t.boolean("did_sign_agreement").notNullable().defaultTo(false);
    t.boolean("did_give_additional_info").notNullable().defaultTo(false);
    t.integer("chapter_id").references("chapters.id").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("chapter_host_application_notes", (t) => {
    t.increments("id").primary();
    t.integer("chapter_host_application_id").notNullable().references("chapter_host_applications.id").onDelete("CASCADE").index();
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.text("note").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chapter_host_application_notes");
  await knex.schema.dropTable("chapter_host_applications");
}
