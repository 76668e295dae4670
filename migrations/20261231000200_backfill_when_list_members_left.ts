import type { Knex } from "knex";

/**
 * Members who left before left_at was recorded (20261231000100_record_when_list_members_leave): their last change
 * (updated_at) is the best date known, for those off the list as unsubscribed, bounced, blocked or deleted. A
 * contact that never confirmed (unconfirmed) was never a member and gets none. Without a down: the dates it writes
 * cannot be told from recorded ones, and the column goes with the schema migration's down.
 */
export async function up(knex: Knex): Promise<void> {
  await knex("mailing_list_contacts")
    .whereNull("left_at")
    .where((q) => q.whereIn("status", ["unsub", "bounce", "blocked", "deleted"]).orWhereNotNull("deleted_at"))
    .update({ left_at: knex.ref("updated_at") });
}

export async function down(): Promise<void> {
  // Nothing to undo: see above.
}
