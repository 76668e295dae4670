import type { Knex } from "knex";

/**
 * Who's coming (docs/decisions/109-whos-coming.md):
 * - rsvps: one answer per email address per meetup (an event and one of its dates, "YYYY-MM-DD" in the chapter's
 *   zone), yes or no, with where it stands (going, waitlisted, not_going), when it was given (the waitlist's order)
 *   and whether the person came. user_id links an answer given signed in (SET NULL if the account goes; deleting
 *   an account deletes its answers itself, by id and address).
 * - chapter_events.capacity: how many may be going to each meetup of the event (null: no limit).
 * - rsvps gets a read version (20261210000100_create_read_versions): a chapter's answer and page show the counts.
 */
export const RSVP_VERSIONED_TABLES = ["rsvps"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("chapter_events", (t) => {
    t.integer("capacity");
  });
  await knex.schema.createTable("rsvps", (t) => {
    t.increments("id").primary();
    t.integer("chapter_event_id").notNullable().references("chapter_events.id").onDelete("CASCADE");
    t.string("date", 10).notNullable();
    t.string("email", 254).notNullable();
    t.string("name", 200).notNullable().defaultTo("");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.string("answer", 8).notNullable();
    t.string("status", 16).notNullable();
    t.timestamp("answered_at", { useTz: true }).notNullable();
    t.boolean("attended").notNullable().defaultTo(false);
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable();
    t.unique(["chapter_event_id", "date", "email"]);
    t.index(["chapter_event_id", "date", "status", "answered_at"], "rsvps_meetup_status_index");
    t.index(["email"], "rsvps_email_index");
    t.index(["user_id"], "rsvps_user_index");
  });
  await knex("read_versions").insert(RSVP_VERSIONED_TABLES.map((name) => ({ name, version: 0 })));
  if (knex.client.config.client === "pg") {
    await knex.raw(
      "create trigger rsvps_read_version after insert or update of status, chapter_event_id, date or delete or truncate on rsvps for each statement execute function bump_read_version()",
    );
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    const on = event === "update" ? "update of status, chapter_event_id, date" : event;
    await knex.raw(
      `create trigger rsvps_read_version_${event} after ${on} on rsvps begin update read_versions set version = version + 1 where name = 'rsvps'; end`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") await knex.raw("drop trigger if exists rsvps_read_version on rsvps");
  else for (const event of ["insert", "update", "delete"]) await knex.raw(`drop trigger if exists rsvps_read_version_${event}`);
  await knex("read_versions")
    .whereIn("name", [...RSVP_VERSIONED_TABLES])
    .delete();
  await knex.schema.dropTable("rsvps");
  await knex.schema.alterTable("chapter_events", (t) => {
    t.dropColumn("capacity");
  });
}
