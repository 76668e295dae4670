import type { Knex } from "knex";
import { addIndexes, dropIndexes, type IndexSpec } from "./indexes";

/**
 * Every list endpoint pages. These indexes answer a page without sorting the whole list: a chapter's members
 * newest first (all, or by status, which also serves the counts per status), its notes, the host applications,
 * and the users newest first.
 */
const INDEXES: IndexSpec[] = [
  { table: "mailing_list_contacts", columns: ["chapter_id", "id"], name: "mailing_list_contacts_chapter_id_id_index" },
  { table: "mailing_list_contacts", columns: ["chapter_id", "status", "id"], name: "mailing_list_contacts_chapter_status_id_index" },
  { table: "chapter_notes", columns: ["chapter_id", "created_at"], name: "chapter_notes_chapter_created_index" },
  { table: "chapter_host_applications", columns: ["created_at"], name: "chapter_host_applications_created_at_index" },
  { table: "users", columns: ["created_at"], name: "users_created_at_index" },
];

export const up = (knex: Knex) => addIndexes(knex, INDEXES);

export const down = (knex: Knex) => dropIndexes(knex, INDEXES);
