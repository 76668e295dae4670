import type { Knex } from "knex";

/** Sign-in failures are counted in rate_limit_hits now; the old lockout's rows (at most 15 minutes old) go. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable("sign_in_attempts");
}

/** The table as 20261122000900_create_auth_support made it; its old rows are not brought back. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable("sign_in_attempts", (t) => {
    t.increments("id").primary();
    t.string("email", 254).notNullable();
    t.string("ip", 64).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.index(["email", "created_at"]);
    t.index(["ip", "created_at"]);
  });
}
