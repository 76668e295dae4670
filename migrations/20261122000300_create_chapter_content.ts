import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chapter_events", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE").index();
    t.string("slug", 160).notNullable().unique();
    t.string("name", 200).notNullable();
    t.text("description").notNullable().defaultTo("");
    t.string("address1", 200).notNullable();
    t.string("address2", 200).notNullable().defaultTo("");
    t.string("city", 120).notNullable();
    t.string("state", 3).notNullable().defaultTo("");
    t.string("postal_code", 20).notNullable().defaultTo("");
    t.string("country", 80).notNullable().defaultTo("");
    t.double("lat");
    t.double("lng");
    t.string("start_time", 5).notNullable();
    t.string("end_time", 5).notNullable();
    t.boolean("is_single_date").notNullable().defaultTo(false);
    t.string("single_date", 10);
    t.integer("day_of_week_index");
    t.string("weeks_of_month_indexes", 40).notNullable().defaultTo("");
    t.integer("sequence").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("chapter_links", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE").index();
    t.string("title", 200).notNullable();
    t.string("url", 2000).notNullable();
    t.integer("position").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("chapter_notes", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE").index();
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.text("note").notNullable();
    t.boolean("admin_only").notNullable().defaultTo(false);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("chapter_blog_posts", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.string("title", 300).notNullable();
    t.string("slug", 200).notNullable().unique();
    t.text("body").notNullable().defaultTo("");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["chapter_id", "created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chapter_blog_posts");
  await knex.schema.dropTable("chapter_notes");
  await knex.schema.dropTable("chapter_links");
  await knex.schema.dropTable("chapter_events");
}
