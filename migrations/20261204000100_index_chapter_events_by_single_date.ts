import type { Knex } from "knex";

/**
 * Public reads load a chapter's repeating events and its single dates from two days ago on; the feeds also
 * take its newest past single dates. This index serves both without reading the chapter's old events.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("chapter_events", (t) => {
    t.index(["chapter_id", "is_single_date", "single_date"], "chapter_events_chapter_single_date_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("chapter_events", (t) => {
    t.dropIndex(["chapter_id", "is_single_date", "single_date"], "chapter_events_chapter_single_date_index");
  });
}
