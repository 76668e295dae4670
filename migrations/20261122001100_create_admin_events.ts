import type { Knex } from "knex";

/** Server events for connected admins (desktop notifications); the id is the SSE event id. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("admin_events", (t) => {
    t.increments("id").primary();
    t.string("type", 64).notNullable();
    t.text("payload").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("admin_events");
}
