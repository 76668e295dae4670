import type { Knex } from "knex";

/**
 * Server-side sessions: the signed token names one row by its random `sid`. Signing out revokes the row;
 * a password reset revokes every row of the user; deleting a user deletes them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("sessions", (t) => {
    t.increments("id").primary();
    t.string("sid", 64).notNullable().unique();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE").index();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable().index();
    t.timestamp("revoked_at", { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("sessions");
}
