import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("press_mentions", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").references("chapters.id").onDelete("SET NULL").index();
    t.string("title", 300).notNullable();
    t.string("url", 2000).notNullable();
    t.text("notes").notNullable().defaultTo("");
    t.string("slug", 200).notNullable().unique();
    t.boolean("is_visible").notNullable().defaultTo(true);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["is_visible", "created_at"]);
  });
  await knex.schema.createTable("blog_posts", (t) => {
    t.increments("id").primary();
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.string("title", 300).notNullable();
    t.string("slug", 200).notNullable().unique();
    t.text("body").notNullable().defaultTo("");
    t.boolean("is_public").notNullable().defaultTo(true);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["is_public", "created_at"]);
  });
  await knex.schema.createTable("pages", (t) => {
    t.increments("id").primary();
    t.string("title", 300).notNullable();
    t.string("slug", 200).notNullable().unique();
    t.text("body").notNullable().defaultTo("");
    t.boolean("is_public").notNullable().defaultTo(true);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("wiki_pages", (t) => {
    t.increments("id").primary();
    t.string("title", 300).notNullable();
    t.string("slug", 200).notNullable().unique();
    t.text("body").notNullable().defaultTo("");
    t.boolean("is_public").notNullable().defaultTo(true);
    t.boolean("is_editable").notNullable().defaultTo(true);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("front_page", (t) => {
    t.integer("id").primary();
    t.string("image_link_url", 2000).notNullable().defaultTo("");
    t.boolean("has_image").notNullable().defaultTo(false);
    t.timestamp("updated_at", { useTz: true });
  });
  await knex.schema.createTable("email_settings", (t) => {
    t.integer("id").primary();
    t.string("service_name", 32).notNullable().defaultTo("sendInBlue");
    t.timestamp("updated_at", { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("email_settings");
  await knex.schema.dropTable("front_page");
  await knex.schema.dropTable("wiki_pages");
  await knex.schema.dropTable("pages");
  await knex.schema.dropTable("blog_posts");
  await knex.schema.dropTable("press_mentions");
}
