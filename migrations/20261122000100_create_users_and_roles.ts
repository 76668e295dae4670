import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("roles", (t) => {
    t.integer("id").primary();
    t.string("name", 64).notNullable();
  });
  await knex.schema.createTable("users", (t) => {
    t.increments("id").primary();
    t.string("name", 200).notNullable();
    t.string("email", 254).notNullable().unique();
    t.string("username", 254).notNullable();
    t.string("password_hash", 200).notNullable();
    t.timestamp("password_changed_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("users");
  await knex.schema.dropTable("roles");
}
