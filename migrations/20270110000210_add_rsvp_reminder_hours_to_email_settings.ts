import type { Knex } from "knex";

/**
 * email_settings.rsvp_reminder_hours: how many hours before a meetup the people going to it are reminded (General
 * Settings; 24 unless changed, 0 turns the reminders off). docs/decisions/109-whos-coming.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.integer("rsvp_reminder_hours").notNullable().defaultTo(24);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.dropColumn("rsvp_reminder_hours");
  });
}
