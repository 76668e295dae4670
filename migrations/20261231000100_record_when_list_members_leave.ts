import type { Knex } from "knex";

/**
 * When a list member left (issue 32, chapter stats): mailing_list_contacts.left_at, set by the database in the
 * same write that takes a member off the list (status no longer "active", or deleted_at set) and cleared when
 * they join again, from the app, a provider webhook, a script or by hand. A member is what the member counts
 * count (20261224000100_count_list_members). Indexed with created_at per chapter and across the network, so the
 * stats read the last year's joins and departures by range (server/stats/load.ts).
 */
const COUNTED = (row: string) => `${row}.status = 'active' and ${row}.deleted_at is null`;
const SQLITE_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/**
 * Each holds every column the stats read (covering), so a year of a million-member network is read from the index
 * alone: some 240,000 entries in about 0.2 s on SQLite, where looking up the rows took over a second.
 */
const INDEXES: [string, string[]][] = [
  ["mailing_list_contacts_chapter_created_index", ["chapter_id", "created_at", "status", "deleted_at", "left_at"]],
  ["mailing_list_contacts_chapter_left_index", ["chapter_id", "left_at", "created_at"]],
  ["mailing_list_contacts_created_index", ["created_at", "status", "deleted_at", "left_at"]],
  ["mailing_list_contacts_left_index", ["left_at", "created_at"]],
];

export async function up(knex: Knex): Promise<void> {
  // A plain ADD COLUMN: knex's SQLite alterTable would rebuild the table and lose its triggers.
  await knex.raw(`alter table mailing_list_contacts add column left_at ${knex.client.config.client === "pg" ? "timestamptz" : "datetime"}`);
  for (const [name, columns] of INDEXES) await knex.raw(`create index ${name} on mailing_list_contacts (${columns.join(", ")})`);
  if (knex.client.config.client === "pg") {
    await knex.raw(`create function record_list_member_left() returns trigger language plpgsql as $$
      begin
        if (${COUNTED("old")}) and not (${COUNTED("new")}) then
          new.left_at := now();
        elsif (${COUNTED("new")}) and not (${COUNTED("old")}) then
          new.left_at := null;
        end if;
        return new;
      end $$`);
    await knex.raw(
      "create trigger mailing_list_contacts_left_at before update of status, deleted_at on mailing_list_contacts for each row execute function record_list_member_left()",
    );
    return;
  }
  await knex.raw(
    `create trigger mailing_list_contacts_left_at_leave after update of status, deleted_at on mailing_list_contacts
      when ${COUNTED("old")} and not (${COUNTED("new")})
      begin update mailing_list_contacts set left_at = ${SQLITE_NOW} where id = new.id; end`,
  );
  await knex.raw(
    `create trigger mailing_list_contacts_left_at_rejoin after update of status, deleted_at on mailing_list_contacts
      when ${COUNTED("new")} and not (${COUNTED("old")})
      begin update mailing_list_contacts set left_at = null where id = new.id; end`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") {
    await knex.raw("drop trigger if exists mailing_list_contacts_left_at on mailing_list_contacts");
    await knex.raw("drop function if exists record_list_member_left()");
  } else {
    for (const name of ["leave", "rejoin"]) await knex.raw(`drop trigger if exists mailing_list_contacts_left_at_${name}`);
  }
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
  // A plain DROP COLUMN on both databases, for the same reason as above.
  await knex.raw("alter table mailing_list_contacts drop column left_at");
}
