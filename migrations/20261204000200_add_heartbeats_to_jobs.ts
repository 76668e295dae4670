import type { Knex } from "knex";

/**
 * A running job's worker renews `heartbeat_at` while it works, so a job whose process died is taken over after
 * a short lease; `locked_by` names the process (host:pid) holding it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("jobs", (t) => {
    t.timestamp("heartbeat_at", { useTz: true });
    t.string("locked_by", 120);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("jobs", (t) => {
    t.dropColumn("locked_by");
    t.dropColumn("heartbeat_at");
  });
}
