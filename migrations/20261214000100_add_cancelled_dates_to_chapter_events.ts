import type { Knex } from "knex";

/**
 * Meetups of a repeating event that the hosts cancelled: a JSON array of { date, note } (dates "YYYY-MM-DD" in
 * the chapter's zone). Kept on the event row so every read that loads events has them without a join.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("chapter_events", (t) => {
    t.text("cancelled_dates").notNullable().defaultTo("[]");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("chapter_events", (t) => {
    t.dropColumn("cancelled_dates");
  });
}
