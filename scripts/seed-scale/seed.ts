/** Writes a ScalePlan into a migrated database in bulk: multi-row inserts, parents first, ids resolved by slug. */
import crypto from "node:crypto";
import zipcodes from "zipcodes";
import type { Knex } from "knex";
import { DateTime } from "luxon";
import { hashPassword } from "../../server/auth/passwords";
import { defaultTimeZone } from "../../server/contracts/timeZones";
import { nextDatesFor } from "../../server/presenters/schedule";
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
  if (opts.answers) await seedAnswers(knex, tag, opts.answers, plan.bigChapter === null ? null : chapterId(plan.bigChapter), insertAll, log);
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

type InsertAll = (db: Knex, table: string, rows: Record<string, unknown>[]) => Promise<void>;

/**
 * Answers to this run's upcoming meetups, as people give them: the dates each event lists next (the chapter page's),
 * nine in ten "yes"; the largest chapter's first meetup gets a crowd of its own (up to a tenth of them), the rest
 * fall pseudo-randomly on every listed date of every chapter.
 */
async function seedAnswers(knex: Knex, tag: string, answers: number, bigChapterId: number | null, insertAll: InsertAll, log: (line: string) => void) {
  // Rows come back with camelCase keys (the database's identifier mapping).
  const events: Record<string, unknown>[] = await knex("chapter_events as e")
    .join("chapters as c", "c.id", "e.chapter_id")
    .where("c.slug", "like", `${tag}_%`)
    .select(
      "e.id",
      "e.chapter_id",
      "e.is_single_date",
      "e.single_date",
      "e.day_of_week_index",
      "e.weeks_of_month_indexes",
      "e.start_time",
      "e.end_time",
      "c.time_zone",
    )
    .orderBy("e.id");
  const now = new Date();
  const meetups: { event: number; date: string; big: boolean }[] = [];
  for (const e of events) {
    const schedule = {
      isSingleDate: Boolean(e.isSingleDate),
      singleDate: e.singleDate as string | null,
      dayOfWeekIndex: e.dayOfWeekIndex as number | null,
      weeksOfMonthIndexes: String(e.weeksOfMonthIndexes ?? ""),
      startTime: String(e.startTime),
      endTime: String(e.endTime),
      cancelledDates: [],
    };
    for (const d of nextDatesFor(schedule, String(e.timeZone), now))
      meetups.push({ event: Number(e.id), date: d.date, big: Number(e.chapterId) === bigChapterId });
  }
  if (meetups.length === 0) return;
  const crowd = meetups.find((m) => m.big);
  const crowdSize = crowd ? Math.min(Math.floor(answers / 10), 2000) : 0;
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  const at = now.toISOString();
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < answers; i++) {
    const m = i < crowdSize ? crowd! : meetups[next() % meetups.length];
    const yes = next() % 10 !== 0;
    rows.push({
      chapter_event_id: m.event,
      date: m.date,
      email: `rsvp${i}.${tag}@scale.example.org`,
      name: `Guest ${i}`,
      answer: yes ? "yes" : "no",
      status: yes ? "going" : "not_going",
      answered_at: at,
      attended: false,
      created_at: at,
      updated_at: at,
    });
  }
  await knex.transaction((trx) => insertAll(trx, "rsvps", rows));
  log(`  answers over ${meetups.length.toLocaleString("en-US")} upcoming meetups (${crowdSize} to the largest chapter's next)`);
}
