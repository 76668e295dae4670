import type { Knex } from "knex";

/**
 * Every list endpoint pages. These indexes answer a page without sorting the whole list: a chapter's members
 * newest first (all, or by status, which also serves the counts per status), its notes, the host applications,
 * and the users newest first.
 */
const INDEXES: { table: string; columns: string[]; name: string }[] = [
  { table: "mailing_list_contacts", columns: ["chapter_id", "id"], name: "mailing_list_contacts_chapter_id_id_index" },
  { table: "mailing_list_contacts", columns: ["chapter_id", "status", "id"], name: "mailing_list_contacts_chapter_status_id_index" },
  { table: "chapter_notes", columns: ["chapter_id", "created_at"], name: "chapter_notes_chapter_created_index" },
  { table: "chapter_host_applications", columns: ["created_at"], name: "chapter_host_applications_created_at_index" },
  { table: "users", columns: ["created_at"], name: "users_created_at_index" },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, columns, name } of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(columns, name);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, columns, name } of [...INDEXES].reverse()) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(columns, name);
    });
  }
}
