import type { Knex } from "knex";

/** Images live in the database so that every app process can serve them. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("uploaded_images", (t) => {
    t.increments("id").primary();
    t.string("name", 200).notNullable().unique();
    t.string("content_type", 64).notNullable();
    t.binary("data").notNullable();
    t.integer("byte_size").notNullable();
    t.string("etag", 64).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("uploaded_images");
}
