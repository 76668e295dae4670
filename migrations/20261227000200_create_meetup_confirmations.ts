import type { Knex } from "knex";

/**
 * Hosts confirm their meetups (docs/decisions.md, "Hosts confirm their meetups"):
 * - chapter_events.confirmed_dates: a JSON array of { date, at }, the meetups a host said are on (on the event row,
 *   like cancelled_dates, so every read that loads events has them);
 * - meetup_confirmations: one row per host and meetup asked (the unique key makes each email go out once, whichever
 *   process claims it), and per host who confirmed; what the chapter health table reads the last confirmation from;
 * - meetup_confirm_runs: one row per minute's run of the sweep, claimed by insert, so only one run schedules the next;
 * - email_settings.meetup_confirm_hours: how long before a meetup its hosts are asked (0: never).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("chapter_events", (t) => {
    t.text("confirmed_dates").notNullable().defaultTo("[]");
  });
  await knex.schema.createTable("meetup_confirmations", (t) => {
    t.increments("id").primary();
    t.integer("chapter_event_id").notNullable().references("chapter_events.id").onDelete("CASCADE");
    t.string("date", 10).notNullable();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.timestamp("emailed_at", { useTz: true });
    t.timestamp("confirmed_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["chapter_event_id", "date", "user_id"]);
  });
  await knex.schema.createTable("meetup_confirm_runs", (t) => {
    t.string("run_at", 24).primary();
    t.timestamp("created_at", { useTz: true }).notNullable();
  });
  await knex.schema.alterTable("email_settings", (t) => {
    t.integer("meetup_confirm_hours").notNullable().defaultTo(48);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("email_settings", (t) => {
    t.dropColumn("meetup_confirm_hours");
  });
  await knex.schema.dropTable("meetup_confirm_runs");
  await knex.schema.dropTable("meetup_confirmations");
  await knex.schema.alterTable("chapter_events", (t) => {
    t.dropColumn("confirmed_dates");
  });
}
