import type { Knex } from "knex";
import type { Transaction } from "objection";
import { atRiskTitle, silenceText, type ChapterHealthRow, type ChapterHealthSettings } from "../contracts/chapterHealth";
import { displayTitle } from "../contracts/chapter";
import { calendarDateMedium, localDateIn } from "../contracts/schedule";
import { Chapter, CHAPTER_ACTIVE, CHAPTER_HIDDEN } from "../models/Chapter";
import { Job } from "../models/Job";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { recordActivity } from "../commands/activity";
import { saveChapterHealthRow } from "../commands/chapterHealth";
import { publishAdminEvent } from "../events/adminEvents";
import type { JobContext } from "../jobs/queue";
import type { Services } from "../services";
import { lastAttendedMeetups, loadChapterHealth } from "./load";
import { healthOf } from "./rule";
import { automaticMessage, chapterLook, composeLetter } from "../mail/letter";
import { chapterContact } from "../lib/networkContact";

export const JOB_HEALTH_DAILY = "health.daily";
export const JOB_HEALTH_MAIL_HOSTS = "health.mailHosts";

/** The daily run's hour (UTC): morning across the United States. */
const HEALTH_RUN_HOUR_UTC = 14;

const day = (d: Date) => d.toISOString().slice(0, 10);
const chapterUrl = (s: Services, c: { state: string; slug: string }) => `${s.config.publicUrl}/chapter/${(c.state || "int").toLowerCase()}/${c.slug}`;

/** The at-risk activity item's note; `since` is the local date the silence began (YYYY-MM-DD), written as people read dates. */
export const atRiskNote = (since: string) => `No email to the list since ${calendarDateMedium(since)}. A list email about the next meetup keeps it on the map.`;

/** The activity item (and admin notice) of a chapter the rule took off the map; `since` as above. */
export function dormantNotice(chapter: { title: string; city: string }, dormantAfterDays: number, since: string) {
  return {
    title: `${displayTitle(chapter)} is dormant and now hidden`,
    body: `No email to the list for ${silenceText(dormantAfterDays)} (since ${calendarDateMedium(since)}). A list email from a host or an admin's re-enabling brings it back.`,
  };
}

/**
 * Claims one notice: inserts (chapter, kind, since) unless it is there already. The unique key makes each notice
 * go out once, whichever process (or repeated run) gets here first; the others find the row and do nothing.
 */
async function claimNotice(trx: Knex.Transaction, chapterId: number, kind: "at_risk" | "dormant", since: string, at: string): Promise<number | null> {
  const rows = await trx("chapterHealthNotices")
    .insert({ chapterId, kind, since, createdAt: at })
    .onConflict(["chapterId", "kind", "since"])
    .ignore()
    .returning("id");
  const first = rows[0] as { id: number } | number | undefined;
  return first === undefined ? null : typeof first === "number" ? first : first.id;
}

/** The chapter's health again inside the transaction, so a list email (or attendance) since the table was read is seen. */
async function stillSo(trx: Knex.Transaction, row: ChapterHealthRow, settings: ChapterHealthSettings, now: Date): Promise<boolean> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const chapter = await trx("chapters").where({ id: row.chapterId }).first("status", "createdAt");
  const post = await trx("chapterBlogPosts").where({ chapterId: row.chapterId }).max("createdAt as last").first();
  const health = await trx("chapterHealth").where({ chapterId: row.chapterId }).first("pinnedActive", "countedFrom");
  const attended = await lastAttendedMeetups(trx, row.chapterId);
  if (!chapter || Number(chapter.status) !== CHAPTER_ACTIVE) return false;
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  const now2 = healthOf(
    {
      lastEmailAt: iso(post?.last),
      createdAt: iso(chapter.createdAt)!,
      countedFrom: iso(health?.countedFrom),
      pinnedActive: Boolean(health?.pinnedActive),
      lastAttendedAt: attended.get(row.chapterId) ?? null,
    },
    settings,
    now,
  );
  return now2.health === row.health && now2.since === row.countedFrom;
}

/**
 * One pass of the rule over every chapter on the map: an at-risk chapter's hosts get an activity item and an
 * email; a dormant chapter leaves the map (status 0, never deleted), with an activity item and an admin notice
 * (the desktop app shows it). Each transition is one transaction, claimed by its notice row, so running the pass
 * twice, or in two processes at once, changes and tells nothing twice. Returns the transitions it made.
 */
export async function runHealthSweep(s: Services, now: Date): Promise<{ atRisk: number; dormant: number }> {
  const { rows, settings } = await loadChapterHealth(s.knex, now);
  const done = { atRisk: 0, dormant: 0 };
  const at = now.toISOString();
  for (const row of rows) {
    if (row.status !== CHAPTER_ACTIVE || row.pinnedActive || row.health === "active") continue;
    const kind = row.health;
    await s.knex.transaction(async (trx) => {
      if (!(await stillSo(trx, row, settings, now))) return;
      const noticeId = await claimNotice(trx, row.chapterId, kind, row.countedFrom, at);
      if (noticeId === null) return;
      const chapter = await Chapter.query(trx).findById(row.chapterId);
      if (!chapter) return;
      const t = trx as unknown as Transaction;
      if (kind === "at_risk") {
        await recordActivity(
          {
            type: "chapter_health",
            title: atRiskTitle(chapter, settings.atRiskAfterDays),
            note: atRiskNote(localDateIn(row.countedFrom, row.timeZone)),
            userId: null,
            chapterId: chapter.id,
          },
          t,
        );
        await s.jobs.enqueue(JOB_HEALTH_MAIL_HOSTS, { chapterId: chapter.id, noticeId, weeks: silenceText(settings.atRiskAfterDays) }, { trx });
        done.atRisk++;
        return;
      }
      await Chapter.query(trx).findById(chapter.id).patch({ status: CHAPTER_HIDDEN });
      await saveChapterHealthRow(trx, chapter.id, { dormantSince: at }, at);
      const { title, body } = dormantNotice(chapter, settings.dormantAfterDays, localDateIn(row.countedFrom, row.timeZone));
      await recordActivity({ type: "chapter_health", title, note: body, userId: null, chapterId: chapter.id }, t);
      await publishAdminEvent("chapter_dormant", { title, body, path: "/admin?health=dormant" }, t);
      done.dormant++;
    });
  }
  return done;
}

/** Emails the hosts of an at-risk chapter (a job, so a mail outage retries; keyed per notice and host). */
export async function mailHostsAtRisk(s: Services, p: { chapterId: number; noticeId: number; weeks: string }): Promise<void> {
  const chapter = await Chapter.query().findById(p.chapterId);
  if (!chapter) return;
  const hosts = (await s
    .knex("permissions")
    .join("users", "users.id", "permissions.userId")
    .where({ "permissions.chapterId": chapter.id, "permissions.roleId": ROLE_CHAPTER_HOST })
    .select("users.id", "users.email", "users.name")) as { id: number; email: string; name: string }[];
  const url = `${chapterUrl(s, chapter)}/admin/email`;
  const look = await chapterLook(chapter);
  const replyTo = (await chapterContact(s, chapter.id)).email;
  for (const host of hosts) {
    const letter = composeLetter({
      subject: `${displayTitle(chapter)} has not emailed its list for ${p.weeks}`,
      greeting: `Hi ${host.name},`,
      blocks: [
        `Your chapter has not emailed its list for ${p.weeks}: send a note about your next meetup.`,
        "Chapters that stay silent longer are taken off the map until they email their list again.",
        { label: "Send an email", link: url },
      ],
      why: `You are receiving this email because you host ${displayTitle(chapter)}.`,
      look,
    });
    await s.mail.send(automaticMessage(host.email, letter, replyTo, `chapter-health-${p.noticeId}-user-${host.id}`));
  }
}

/**
 * The daily job: one pass of the rule, then the next day's run. Whoever first inserts the next day's key into
 * chapter_health_runs schedules it (in the transaction that finishes this job), so duplicate runs started by
 * several processes converge on one job a day.
 */
export async function dailyHealthJob(s: Services, ctx: JobContext): Promise<void> {
  const now = s.jobs.now();
  await runHealthSweep(s, now);
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (now.getUTCHours() >= HEALTH_RUN_HOUR_UTC ? 1 : 0), HEALTH_RUN_HOUR_UTC),
  );
  await s.knex.transaction(async (trx) => {
    const claimed = await trx("chapterHealthRuns")
      .insert({ runDate: day(next), createdAt: now.toISOString() })
      .onConflict("runDate")
      .ignore()
      .returning("runDate");
    if (claimed.length) await s.jobs.enqueue(JOB_HEALTH_DAILY, { day: day(next) }, { trx, runAt: next });
    await ctx.markDone(trx);
  });
}

/** At start: a run now unless one is already waiting or running (every process may call this). */
export async function ensureDailyHealthJob(s: Services): Promise<void> {
  const waiting = await Job.query().where({ type: JOB_HEALTH_DAILY }).whereIn("status", ["pending", "running"]).resultSize();
  if (!waiting) await s.jobs.enqueue(JOB_HEALTH_DAILY, { day: day(s.jobs.now()) });
}
