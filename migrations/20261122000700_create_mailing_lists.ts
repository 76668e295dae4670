import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("mailing_list_contacts", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE");
    t.string("email", 254).notNullable().index();
    t.string("status", 32).notNullable().defaultTo("active");
    t.integer("num_sends").notNullable().defaultTo(0);
    t.integer("num_opens").notNullable().defaultTo(0);
    t.integer("num_clicks").notNullable().defaultTo(0);
    t.string("unsubscribe_token", 64).notNullable().unique();
    t.timestamp("deleted_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.unique(["chapter_id", "email"]);
  });
  await knex.schema.createTable("list_messages", (t) => {
    t.increments("id").primary();
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE").index();
    t.integer("chapter_blog_post_id").references("chapter_blog_posts.id").onDelete("SET NULL");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.string("title", 300).notNullable();
    t.text("body").notNullable();
    t.string("status", 32).notNullable().defaultTo("queued");
    t.integer("total").notNullable().defaultTo(0);
    t.integer("sent").notNullable().defaultTo(0);
    t.integer("failed").notNullable().defaultTo(0);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("jobs", (t) => {
    t.increments("id").primary();
    t.string("type", 64).notNullable();
    t.text("payload").notNullable();
    t.string("status", 16).notNullable().defaultTo("pending");
    t.integer("attempts").notNullable().defaultTo(0);
    t.integer("max_attempts").notNullable().defaultTo(20);
    t.timestamp("run_at", { useTz: true }).notNullable();
    t.timestamp("locked_at", { useTz: true });
    t.text("last_error");
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.index(["status", "run_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("jobs");
  await knex.schema.dropTable("list_messages");
  await knex.schema.dropTable("mailing_list_contacts");
}
