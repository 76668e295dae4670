import type { Knex } from "knex";
import { addIndexes, dropIndexes, type IndexSpec } from "./indexes";

/**
 * A person's download (GET /api/auth/my_data) reads what they did, newest first: the chapter notes they wrote, the
 * activity they caused, the list emails they sent and the meetups they were asked about. These indexes answer it
 * without reading the whole table, and let deleting an account clear its author links (ON DELETE SET NULL or
 * CASCADE) the same way.
 */
const INDEXES: IndexSpec[] = [
  { table: "chapter_notes", columns: ["user_id", "created_at"], name: "chapter_notes_user_created_index" },
  { table: "activity_feed_items", columns: ["user_id", "created_at"], name: "activity_feed_items_user_created_index" },
  { table: "list_messages", columns: ["user_id", "created_at"], name: "list_messages_user_created_index" },
  { table: "meetup_confirmations", columns: ["user_id", "created_at"], name: "meetup_confirmations_user_created_index" },
];

export const up = (knex: Knex) => addIndexes(knex, INDEXES);

export const down = (knex: Knex) => dropIndexes(knex, INDEXES);
