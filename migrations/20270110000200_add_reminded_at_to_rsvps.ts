import type { Knex } from "knex";

/**
 * rsvps.reminded_at: when the person going was sent the meetup's reminder (null: not yet). The reminder sweep
 * claims a row by setting it only where it is still null, so each person is reminded once whichever process
 * sweeps (docs/decisions/109-whos-coming.md). The sweep looks for the answers of the next few days' meetups by
 * date and status, which rsvps_date_status_index serves.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("rsvps", (t) => {
    t.timestamp("reminded_at", { useTz: true });
    t.index(["date", "status"], "rsvps_date_status_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("rsvps", (t) => {
    t.dropIndex(["date", "status"], "rsvps_date_status_index");
    t.dropColumn("reminded_at");
  });
}
