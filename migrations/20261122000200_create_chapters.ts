import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chapter_types", (t) => {
    t.integer("id").primary();
    t.string("name", 64).notNullable().unique();
    t.string("hex_color", 7).notNullable();
    t.string("email_domain", 253).notNullable();
  });
  await knex.schema.createTable("chapters", (t) => {
    t.increments("id").primary();
    t.string("slug", 120).notNullable().unique();
    t.string("title", 200).notNullable();
    t.string("city", 120).notNullable();
    t.string("state", 3).notNullable().defaultTo("int").index();
    t.string("postal_code", 20).notNullable().defaultTo("");
    t.string("country", 80).notNullable().defaultTo("");
    t.integer("chapter_type_id").notNullable().references("chapter_types.id").index();
    t.integer("status").notNullable().defaultTo(0);
    t.string("email_alias", 64).notNullable().defaultTo("");
    t.string("bronto_list_name", 200).notNullable().defaultTo("");
    t.string("bronto_list_id", 100).notNullable().defaultTo("");
    t.string("send_in_blue_list_id", 100).notNullable().defaultTo("");
    t.text("about").notNullable().defaultTo("");
    t.string("time_zone", 64).notNullable().defaultTo("America/New_York");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("permissions", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE").index();
    t.integer("role_id").notNullable().references("roles.id");
    t.integer("chapter_id").references("chapters.id").onDelete("CASCADE").index();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.unique(["user_id", "role_id", "chapter_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("permissions");
  await knex.schema.dropTable("chapters");
  await knex.schema.dropTable("chapter_types");
}
