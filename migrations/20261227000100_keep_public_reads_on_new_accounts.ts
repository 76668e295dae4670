import type { Knex } from "knex";

/**
 * A new account changes no public page: nothing public names a user until they are given a role (permissions) or
 * write a post (blog posts), and those tables bump their own read version. So an insert into users no longer bumps
 * the `users` read version (see 20261210000100_create_read_versions), and an anonymous sign-up no longer empties
 * every kept page and answer in the network. Changes of a name or an email, and deletions, still do.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") {
    await knex.raw("drop trigger if exists users_read_version on users");
    await knex.raw("create trigger users_read_version after update of name, email or delete on users for each statement execute function bump_read_version()");
    return;
  }
  await knex.raw("drop trigger if exists users_read_version_insert");
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") {
    await knex.raw("drop trigger if exists users_read_version on users");
    await knex.raw(
      "create trigger users_read_version after insert or update of name, email or delete on users for each statement execute function bump_read_version()",
    );
    return;
  }
  await knex.raw(
    "create trigger users_read_version_insert after insert on users begin update read_versions set version = version + 1 where name = 'users'; end",
  );
}
