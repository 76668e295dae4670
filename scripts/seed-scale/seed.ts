/** Writes a ScalePlan into a migrated database in bulk: multi-row inserts, parents first, ids resolved by slug. */
import crypto from "node:crypto";
import zipcodes from "zipcodes";
import type { Knex } from "knex";
import { DateTime } from "luxon";
import { hashPassword } from "../../server/auth/passwords";
import { defaultTimeZone } from "../../server/contracts/timeZones";
import { buildScalePlan, type ScaleOptions } from "./plan";
import { insertContactsCountedAfter } from "../../migrations/20261224000100_count_list_members";

/** Rows per INSERT: knex writes SQLite's multi-row insert as a compound SELECT, limited to 500 terms. */
const batchSize = (knex: Knex) => (knex.client.config.client === "pg" ? 1000 : 400);

export interface SeedScaleResult {
  tag: string;
  ms: number;
  chapterIds: number[];
  bigChapter: { id: number; state: string; slug: string; listId: string; members: number } | null;
}

export async function seedScale(knex: Knex, opts: ScaleOptions, log: (line: string) => void = () => {}): Promise<SeedScaleResult> {
  const started = Date.now();
  const tag = crypto.randomBytes(3).toString("hex");
  const plan = buildScalePlan(opts, {
    tag,
    now: DateTime.utc(),
    cities: (state) => zipcodes.lookupByState(state.toUpperCase()),
    timeZone: (state) => defaultTimeZone(state),
  });

  const BATCH = batchSize(knex);
  async function insertAll(db: Knex, table: string, rows: Record<string, unknown>[]) {
    const t0 = Date.now();
    for (let i = 0; i < rows.length; i += BATCH) await db(table).insert(rows.slice(i, i + BATCH));
    if (rows.length) log(`  ${table}: ${rows.length.toLocaleString("en-US")} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }

  // One hash for every generated account: a random password nobody knows.
  const passwordHash = await hashPassword(crypto.randomBytes(24).toString("base64url"));
  await insertAll(
    knex,
    "users",
    plan.users.map((u) => ({ ...u, password_hash: passwordHash })),
  );
  const userRows: { id: number }[] = plan.users.length
    ? await knex("users").select("id").where("email", "like", `%.${tag}@scale.example.org`).orderBy("id")
    : [];
  const userIds = userRows.map((r) => Number(r.id));
  await insertAll(knex, "chapters", plan.chapters);
  const chapterRows: { id: number }[] = await knex("chapters").select("id").where("slug", "like", `${tag}_%`).orderBy("id");
  const chapterIds = chapterRows.map((r) => Number(r.id));
  const chapterId = (i: number) => chapterIds[i];
  const userId = (i: number) => userIds[i];

  await knex.transaction(async (trx) => {
    await insertAll(
      trx,
      "chapter_events",
      plan.events.map(({ chapter, ...e }) => ({ ...e, chapter_id: chapterId(chapter) })),
    );
    await insertAll(
      trx,
      "permissions",
      plan.permissions.map(({ chapter, user, ...p }) => ({ ...p, chapter_id: chapterId(chapter), user_id: userId(user) })),
    );
    await insertAll(
      trx,
      "chapter_blog_posts",
      plan.chapterPosts.map(({ chapter, user, ...p }) => ({ ...p, chapter_id: chapterId(chapter), user_id: userId(user) })),
    );
    await insertAll(
      trx,
      "press_mentions",
      plan.pressMentions.map(({ chapter, ...p }) => ({ ...p, chapter_id: chapter === null ? null : chapterId(chapter) })),
    );
    await insertAll(
      trx,
      "activity_feed_items",
      plan.activity.map(({ chapter, user, ...a }) => ({
        ...a,
        chapter_id: chapter === null ? null : chapterId(chapter),
        user_id: user === null ? null : userId(user),
      })),
    );
    await insertAll(
      trx,
      "chapter_notes",
      plan.notes.map(({ chapter, user, ...n }) => ({ ...n, chapter_id: chapterId(chapter), user_id: user === null ? null : userId(user) })),
    );
    await insertAll(
      trx,
      "blog_posts",
      plan.blogPosts.map(({ user, ...b }) => ({ ...b, user_id: user === null ? null : userId(user) })),
    );
    await insertAll(
      trx,
      "chapter_host_applications",
      plan.applications.map(({ user, ...a }) => ({ ...a, user_id: userId(user) })),
    );
  });

  // Members in chunks of their own: a million rows need not sit in one transaction.
  let written = 0;
  const t0 = Date.now();
  for (const chunk of plan.members(chapterId)) {
    // Counted per chapter and day once a chunk (migrations/20261224000100_count_list_members), not once a row.
    await knex.transaction((trx) =>
      insertContactsCountedAfter(trx, async () => {
        for (let i = 0; i < chunk.length; i += BATCH) await trx("mailing_list_contacts").insert(chunk.slice(i, i + BATCH));
      }),
    );
    written += chunk.length;
    log(`  mailing_list_contacts: ${written.toLocaleString("en-US")} rows (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  if (knex.client.config.client === "pg") await knex.raw("ANALYZE");

  let bigChapter: SeedScaleResult["bigChapter"] = null;
  if (plan.bigChapter !== null) {
    const c = plan.chapters[plan.bigChapter];
    bigChapter = {
      id: chapterId(plan.bigChapter),
      state: String(c.state),
      slug: String(c.slug),
      listId: String(c.send_in_blue_list_id),
      members: plan.memberCounts[plan.bigChapter],
    };
  }
  return { tag, ms: Date.now() - started, chapterIds, bigChapter };
}
