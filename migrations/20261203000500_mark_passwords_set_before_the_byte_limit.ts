import type { Knex } from "knex";

/** Every account that exists before the 72-byte limit may have a longer password: mark them all. */
export async function up(knex: Knex): Promise<void> {
  await knex("users").update({ legacy_long_password: true });
}

/** Back to the column default (the previous migration's down then drops the column). */
export async function down(knex: Knex): Promise<void> {
  await knex("users").update({ legacy_long_password: false });
}
