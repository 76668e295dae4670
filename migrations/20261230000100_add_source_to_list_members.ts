import type { Knex } from "knex";

/**
 * How a list member joined, for the member export: "signup" (the chapter's sign-up form or widget) or "host" (added
 * by a host on Add Members). Members from before this migration have none (null): how they joined was not recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("mailing_list_contacts", (t) => {
    t.string("source", 16);
  });
}

/** A plain DROP COLUMN on both databases: knex would rebuild the SQLite table and lose its member-count triggers. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table mailing_list_contacts drop column source");
}
