import type { Knex } from "knex";

/**
 * Each chapter's list members counted as they change, so the chapter health table (server/health/load.ts) reads
 * 10,000 small rows instead of counting a million contacts after every signup:
 *
 * - chapter_member_counts: per chapter, the contacts that count as members (status "active", not deleted);
 * - chapter_member_joins: per chapter and UTC day of `created_at`, how many of those members joined that day
 *   (the 30-day growth is the sum of the last 30 days).
 *
 * Both are kept by triggers on mailing_list_contacts in the same transaction as the write (inserts, deletes and
 * updates of status, deleted_at, chapter_id or created_at; from the app, a script or by hand), and filled from
 * the existing rows here. On Postgres the triggers run once per statement over its transition tables, so a bulk
 * insert of a thousand contacts costs one grouped upsert; SQLite has row triggers only, an upsert per row.
 * A count only goes down by an update of a row that exists, so a chapter's deletion (which removes its counts
 * and, by cascade, its contacts, in either order) never writes a count again.
 */
const COUNTED = (row: string) => `${row}.status = 'active' and ${row}.deleted_at is null`;
/** The UTC day of a contact's created_at: ISO text or, written by a Date through SQLite's driver, epoch ms. */
const SQLITE_DAY = (row: string) =>
  `coalesce(case when typeof(${row}.created_at) in ('integer', 'real') then date(${row}.created_at / 1000, 'unixepoch') else date(${row}.created_at) end, '')`;
const PG_DAY = (row: string) => `to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD')`;
const COLUMNS = ["status", "deleted_at", "chapter_id", "created_at"];

/** Postgres: apply the members that left (old_rows) and joined (new_rows) in one statement, grouped by chapter and day. */
function pgApply(sources: ("old_rows" | "new_rows")[]): string {
  const rows = sources
    .map((s) => `select r.chapter_id, ${PG_DAY("r")} as day, ${s === "old_rows" ? -1 : 1} as n from ${s} r where ${COUNTED("r")}`)
    .join(" union all ");
  return `
    with delta as (
      select chapter_id, day, sum(n)::integer as n from (${rows}) d group by chapter_id, day having sum(n) <> 0
    ), per_chapter as (
      select chapter_id, sum(n)::integer as n from delta group by chapter_id having sum(n) <> 0
    ), joined_days as (
      insert into chapter_member_joins as j (chapter_id, day, members)
      select chapter_id, day, n from delta where n > 0 order by chapter_id, day
      on conflict (chapter_id, day) do update set members = j.members + excluded.members
    ), left_days as (
      update chapter_member_joins j set members = j.members + d.n from delta d where d.n < 0 and j.chapter_id = d.chapter_id and j.day = d.day
    ), joined as (
      insert into chapter_member_counts as c (chapter_id, members)
      select chapter_id, n from per_chapter where n > 0 order by chapter_id
      on conflict (chapter_id) do update set members = c.members + excluded.members
    )
    update chapter_member_counts c set members = c.members + d.n from per_chapter d where d.n < 0 and c.chapter_id = d.chapter_id;`;
}

const PG_TRIGGERS: { event: string; referencing: string; sources: ("old_rows" | "new_rows")[] }[] = [
  { event: "insert", referencing: "new table as new_rows", sources: ["new_rows"] },
  { event: "update", referencing: "old table as old_rows new table as new_rows", sources: ["old_rows", "new_rows"] },
  { event: "delete", referencing: "old table as old_rows", sources: ["old_rows"] },
];

/** Adds the members among the contacts after `afterId` (written while the triggers were off) to the counts. */
export async function countListMembersAfter(knex: Knex, afterId: number): Promise<void> {
  const day = knex.client.config.client === "pg" ? PG_DAY("c") : SQLITE_DAY("c");
  await knex.raw(
    `insert into chapter_member_counts (chapter_id, members)
      select c.chapter_id, count(*) from mailing_list_contacts c where c.id > ? and ${COUNTED("c")} group by c.chapter_id
      on conflict (chapter_id) do update set members = chapter_member_counts.members + excluded.members`,
    [afterId],
  );
  await knex.raw(
    `insert into chapter_member_joins (chapter_id, day, members)
      select c.chapter_id, ${day}, count(*) from mailing_list_contacts c where c.id > ? and ${COUNTED("c")} group by c.chapter_id, ${day}
      on conflict (chapter_id, day) do update set members = chapter_member_joins.members + excluded.members`,
    [afterId],
  );
}

/** Every count made again from mailing_list_contacts (the migration; and a repair, should one ever be needed). */
export async function recountListMembers(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw("delete from chapter_member_joins");
    await trx.raw("delete from chapter_member_counts");
    await countListMembersAfter(trx, 0);
  });
}

/**
 * SQLite: `insert` (new contacts only) run with the counting triggers off, and the new contacts counted after it
 * in one grouped statement, all in `trx` (a bulk insert of a million rows, one upsert a row, takes twice as long).
 * Postgres's triggers already count once per statement: `insert` runs as it is.
 */
export async function insertContactsCountedAfter(trx: Knex.Transaction, insert: () => Promise<void>): Promise<void> {
  if (trx.client.config.client === "pg") return insert();
  const triggers = (await trx.raw(
    "select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'mailing_list_contacts' and name like 'mailing_list_contacts_count_members_%'",
  )) as { name: string; sql: string }[];
  const last = (await trx("mailing_list_contacts").max("id as id").first()) as { id: number | null } | undefined;
  for (const t of triggers) await trx.raw(`drop trigger ${t.name}`);
  await insert();
  for (const t of triggers) await trx.raw(t.sql);
  await countListMembersAfter(trx, Number(last?.id ?? 0));
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chapter_member_counts", (t) => {
    t.integer("chapter_id").primary().references("chapters.id").onDelete("CASCADE");
    t.integer("members").notNullable().defaultTo(0);
  });
  await knex.schema.createTable("chapter_member_joins", (t) => {
    t.integer("chapter_id").notNullable().references("chapters.id").onDelete("CASCADE");
    t.string("day", 10).notNullable();
    t.integer("members").notNullable().defaultTo(0);
    t.primary(["chapter_id", "day"]);
    // The last 30 days of every chapter, read from the index alone.
    t.index(["day", "chapter_id", "members"], "chapter_member_joins_day_index");
  });

  if (knex.client.config.client === "pg") {
    for (const { event, referencing, sources } of PG_TRIGGERS) {
      await knex.raw(`create function count_list_members_on_${event}() returns trigger language plpgsql as $$
        begin
          ${pgApply(sources)}
          return null;
        end $$`);
      // Transition tables rule out a column list: the update trigger runs for every update and writes only when a
      // chapter's or a day's count changes (sends, opens and clicks leave the counts alone).
      await knex.raw(
        `create trigger mailing_list_contacts_count_members_${event} after ${event} on mailing_list_contacts referencing ${referencing} for each statement execute function count_list_members_on_${event}()`,
      );
    }
    await knex.raw(`create function count_list_members_on_truncate() returns trigger language plpgsql as $$
      begin
        delete from chapter_member_joins;
        delete from chapter_member_counts;
        return null;
      end $$`);
    await knex.raw(
      "create trigger mailing_list_contacts_count_members_truncate after truncate on mailing_list_contacts for each statement execute function count_list_members_on_truncate()",
    );
  } else {
    const join = (row: string) => `
      insert into chapter_member_counts (chapter_id, members) values (${row}.chapter_id, 1)
        on conflict (chapter_id) do update set members = members + 1;
      insert into chapter_member_joins (chapter_id, day, members) values (${row}.chapter_id, ${SQLITE_DAY(row)}, 1)
        on conflict (chapter_id, day) do update set members = members + 1;`;
    const leave = (row: string) => `
      update chapter_member_counts set members = members - 1 where chapter_id = ${row}.chapter_id;
      update chapter_member_joins set members = members - 1 where chapter_id = ${row}.chapter_id and day = ${SQLITE_DAY(row)};`;
    // An update that leaves a member in the same chapter and day changes nothing.
    const same = "new.chapter_id = old.chapter_id and new.created_at is old.created_at";
    const on = `update of ${COLUMNS.join(", ")} on mailing_list_contacts`;
    await knex.raw(
      `create trigger mailing_list_contacts_count_members_insert after insert on mailing_list_contacts when ${COUNTED("new")} begin ${join("new")} end`,
    );
    await knex.raw(
      `create trigger mailing_list_contacts_count_members_delete after delete on mailing_list_contacts when ${COUNTED("old")} begin ${leave("old")} end`,
    );
    await knex.raw(
      `create trigger mailing_list_contacts_count_members_update_left after ${on} when ${COUNTED("old")} and not (${COUNTED("new")} and ${same}) begin ${leave("old")} end`,
    );
    await knex.raw(
      `create trigger mailing_list_contacts_count_members_update_joined after ${on} when ${COUNTED("new")} and not (${COUNTED("old")} and ${same}) begin ${join("new")} end`,
    );
  }
  await recountListMembers(knex);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") {
    for (const event of ["insert", "update", "delete", "truncate"]) {
      await knex.raw(`drop trigger if exists mailing_list_contacts_count_members_${event} on mailing_list_contacts`);
      await knex.raw(`drop function if exists count_list_members_on_${event}()`);
    }
  } else {
    for (const name of ["insert", "delete", "update_left", "update_joined"])
      await knex.raw(`drop trigger if exists mailing_list_contacts_count_members_${name}`);
  }
  await knex.schema.dropTable("chapter_member_joins");
  await knex.schema.dropTable("chapter_member_counts");
}
