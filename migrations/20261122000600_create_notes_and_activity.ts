import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("user_notes", (t) => {
    t.increments("id").primary();
    t.integer("about_user_id").notNullable().references("users.id").onDelete("CASCADE").index();
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.text("note").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("activity_feed_items", (t) => {
    t.increments("id").primary();
    t.string("type", 64).notNullable();
    t.string("title", 300).notNullable();
    t.text("note").notNullable().defaultTo("");
    t.boolean("admin_only").notNullable().defaultTo(false);
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.integer("chapter_id").references("chapters.id").onDelete("CASCADE");
    t.string("object_id", 200);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["chapter_id", "created_at"]);
    t.index(["created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("activity_feed_items");
  await knex.schema.dropTable("user_notes");
}
