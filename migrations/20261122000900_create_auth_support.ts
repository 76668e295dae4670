import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("password_reset_tokens", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE").index();
    t.string("token_hash", 64).notNullable().unique();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
  });
  await knex.schema.createTable("sign_in_attempts", (t) => {
    t.increments("id").primary();
    t.string("email", 254).notNullable();
    t.string("ip", 64).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["email", "created_at"]);
    t.index(["ip", "created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("sign_in_attempts");
  await knex.schema.dropTable("password_reset_tokens");
}
