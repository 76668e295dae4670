import crypto from "node:crypto";
import type { Knex } from "knex";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { EmailSettings } from "../models/EmailSettings";
import { MeetupConfirmation } from "../models/MeetupConfirmation";
import { Job } from "../models/Job";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { isPostgres } from "../db";
import { ApiError, badRequest } from "../errors";
import { displayTitle, normalizeState, type ConfirmedDate } from "../contracts/chapter";
import { timeLabel } from "../contracts/schedule";
import { isUpcoming, upcomingOccurrences } from "../schedule/engine";
import { occurrenceOfEventOn, scheduleOf } from "../presenters/schedule";
import { readInChunks } from "../lib/slices";
import type { JobContext } from "../jobs/queue";
import type { Viewer } from "../policies/viewer";
import { chapterPolicy } from "../policies/chapter";
import { authorizeLinkHolder, linkHolderNow, type LinkHolder } from "../auth/linkHolder";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { automaticMessage, chapterLook, composeLetter } from "../mail/letter";
import { chapterContact } from "../lib/networkContact";
import { sweepRsvpReminders } from "./rsvpReminders";

export const JOB_MEETUP_CONFIRM_SWEEP = "meetups.confirmSweep";
export const JOB_MEETUP_CONFIRM_MAIL = "meetups.confirmMail";
/** How long before a meetup its hosts are asked, unless General Settings say otherwise. */
const DEFAULT_CONFIRM_HOURS = 48;

export const TOKEN_INVALID = "This confirmation link is not valid. Sign in to confirm or cancel the meetup from the chapter's Events.";
export const TOKEN_EXPIRED = "This meetup is over: its confirmation link no longer works.";
export const MEETUP_CANCELLED = "This meetup is cancelled; put it back on from the event's page before confirming it";
const NOT_A_MEETUP = "That date is not an upcoming meetup of this event";
/** The refusal of a link whose person no longer has host access to the chapter (its roles are read when it is used). */
export const noLongerHosts = (chapterTitle: string) =>
  `You no longer host ${chapterTitle}, so this link cannot confirm or cancel its meetups. If you still host it, ask a field organizer or an admin to add you again.`;

/** "2026-12-08" -> "Tuesday, December 8". */
function dateWords(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The token of a confirmation's link: its id, signed with the session secret (nothing secret is stored). */
export function confirmationToken(secret: string, id: number): string {
  const mac = crypto.createHmac("sha256", secret).update(`meetup-confirmation:${id}`).digest("base64url").slice(0, 32);
  // No dot: the link is a page path, and paths with an extension are taken for files.
  return `${id}-${mac}`;
}

/** The confirmation a token names, or null for a token this server did not make. */
function confirmationIdOf(secret: string, token: string): number | null {
  const id = Number(/^(\d{1,12})-/.exec(token)?.[1]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(confirmationToken(secret, id));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
}

export interface ConfirmationLink {
  confirmation: MeetupConfirmation;
  event: ChapterEvent & { chapter: Chapter };
  /** The host it was sent to, with the roles they hold now. */
  host: LinkHolder;
}

/**
 * What a confirmation link names: the host, the event and the meetup. 404 for a token that is not ours (or whose
 * event or host is gone), 410 once the meetup is over: the link is good for that meetup only, until it ends. 403
 * once the person it was sent to no longer has host access to the chapter (the same rule as the signed-in route).
 */
export async function readConfirmationLink(s: Services, token: string, now = new Date()): Promise<ConfirmationLink> {
  const id = confirmationIdOf(s.config.sessionSecret, token);
  const confirmation = id === null ? undefined : await MeetupConfirmation.query().findById(id);
  const event = confirmation ? await ChapterEvent.query().findById(confirmation.chapterEventId).withGraphFetched("chapter") : undefined;
  const host = confirmation ? await linkHolderNow(confirmation.userId) : null;
  if (!confirmation || !event?.chapter || !host) throw new ApiError(404, "not_found", TOKEN_INVALID);
  const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, confirmation.date);
  if (!occurrence || occurrence.end.toMillis() <= now.getTime()) throw new ApiError(410, "link_expired", TOKEN_EXPIRED);
  authorizeLinkHolder(host, chapterPolicy.host, event.chapter, noLongerHosts(displayTitle(event.chapter)));
  return { confirmation, event: event as ChapterEvent & { chapter: Chapter }, host };
}

/** The locked event row, read again inside the write. */
async function lockedEvent(id: number, trx: Knex.Transaction): Promise<ChapterEvent> {
  const query = ChapterEvent.query(trx).findById(id);
  if (isPostgres(trx)) query.forUpdate();
  return (await query)!;
}

/**
 * A host (or field organizer or admin) says a meetup is on: the date joins the event's confirmedDates (once), the
 * confirmation is recorded for them, and the chapter's activity says so. 400 for a date that is not an upcoming
 * meetup of the event, or one that is cancelled.
 */
export async function confirmMeetup(s: Services, chapter: Chapter, event: ChapterEvent, date: string, viewer: Viewer, now = new Date()): Promise<ChapterEvent> {
  const occurrence = occurrenceOfEventOn(event, chapter.timeZone, date);
  if (!occurrence || !isUpcoming(occurrence, now)) throw badRequest(NOT_A_MEETUP, "date");
  if ((event.cancelledDates ?? []).some((c) => c.date === date)) throw badRequest(MEETUP_CANCELLED, "date");
  return s.knex.transaction(async (trx) => {
    const row = await lockedEvent(event.id, trx);
    const at = now.toISOString();
    const kept = (row.confirmedDates ?? []).filter((c) => {
      const o = occurrenceOfEventOn(row, chapter.timeZone, c.date);
      return o !== null && isUpcoming(o, now);
    });
    if (kept.some((c) => c.date === date)) return row;
    const confirmedDates: ConfirmedDate[] = [...kept, { date, at }].sort((a, b) => a.date.localeCompare(b.date));
    const saved = await ChapterEvent.query(trx).patchAndFetchById(row.id, { confirmedDates });
    await trx("meetupConfirmations")
      .insert({ chapterEventId: row.id, date, userId: viewer.id, confirmedAt: at, createdAt: at })
      .onConflict(["chapterEventId", "date", "userId"])
      .merge({ confirmedAt: at });
    await recordActivity(
      { type: "chapter_event", title: `Meetup confirmed: ${row.name} on ${dateWords(date)}`, userId: viewer.id, chapterId: chapter.id, objectId: row.id },
      trx,
    );
    return saved;
  });
}

/** How many hours before a meetup its hosts are asked (0: never). */
export async function confirmHours(): Promise<number> {
  const row = await EmailSettings.query().findById(1);
  return row?.meetupConfirmHours ?? DEFAULT_CONFIRM_HOURS;
}

/**
 * One pass: every upcoming meetup of an active chapter that starts within the set hours and is neither cancelled
 * nor confirmed gets, for each of its chapter's hosts, a claimed row and a queued email, in one transaction. The
 * unique key of meetup_confirmations makes each (meetup, host) claimed once, whichever process or pass gets there
 * first, so no host is asked twice. Returns the number of emails queued.
 */
export async function sweepMeetupConfirmations(s: Services, now = new Date()): Promise<number> {
  const hours = await confirmHours();
  if (hours <= 0) return 0;
  const until = now.getTime() + hours * 3600_000;
  const active = Chapter.query().where({ status: CHAPTER_ACTIVE });
  const chapters = new Map((await active.clone().select("id", "timeZone")).map((c) => [c.id, c.timeZone]));
  const events = await readInChunks((afterId, size) =>
    ChapterEvent.query()
      .modify("mayBeUpcoming")
      .whereIn("chapterId", active.clone().select("id"))
      .where("chapterEvents.id", ">", afterId)
      .orderBy("chapterEvents.id")
      .limit(size),
  );
  const due: { eventId: number; chapterId: number; date: string }[] = [];
  for (const e of events) {
    const zone = chapters.get(e.chapterId)!;
    const skip = new Set([...(e.cancelledDates ?? []), ...(e.confirmedDates ?? [])].map((c) => c.date));
    for (const o of upcomingOccurrences(scheduleOf(e, zone), now, 3)) {
      const start = o.start.toMillis();
      if (start > until) break;
      if (start > now.getTime() && !skip.has(o.date)) due.push({ eventId: e.id, chapterId: e.chapterId, date: o.date });
    }
  }
  if (!due.length) return 0;
  const hosts = await s
    .knex("permissions")
    .whereIn("chapterId", [...new Set(due.map((d) => d.chapterId))])
    .where({ roleId: ROLE_CHAPTER_HOST })
    .select("chapterId", "userId");
  let queued = 0;
  for (const meetup of due) {
    for (const host of hosts.filter((h) => h.chapterId === meetup.chapterId)) {
      await s.knex.transaction(async (trx) => {
        const rows = await trx("meetupConfirmations")
          .insert({ chapterEventId: meetup.eventId, date: meetup.date, userId: host.userId, createdAt: now.toISOString() })
          .onConflict(["chapterEventId", "date", "userId"])
          .ignore()
          .returning("id");
        const first = rows[0] as { id: number } | number | undefined;
        if (first === undefined) return;
        await s.jobs.enqueue(JOB_MEETUP_CONFIRM_MAIL, { confirmationId: typeof first === "number" ? first : first.id }, { trx });
        queued++;
      });
    }
  }
  return queued;
}

/** The email asking one host whether one meetup is on, with the link that answers it without signing in. */
export async function mailMeetupConfirmation(s: Services, p: { confirmationId: number }, now = new Date()): Promise<void> {
  const confirmation = await MeetupConfirmation.query().findById(p.confirmationId);
  if (!confirmation || confirmation.emailedAt) return;
  const event = await ChapterEvent.query().findById(confirmation.chapterEventId).withGraphFetched("chapter");
  const holder = await linkHolderNow(confirmation.userId);
  // Someone who no longer hosts the chapter is not asked: the link would not work for them.
  if (!event?.chapter || !holder || !chapterPolicy.host(holder.viewer, event.chapter)) return;
  const host = holder.user;
  const occurrence = occurrenceOfEventOn(event, event.chapter.timeZone, confirmation.date);
  const settled = [...(event.cancelledDates ?? []), ...(event.confirmedDates ?? [])].some((c) => c.date === confirmation.date);
  if (!occurrence || occurrence.start.toMillis() <= now.getTime() || settled) return;
  const when = `${dateWords(confirmation.date)}, ${timeLabel(event.startTime)}`;
  const link = `${s.config.publicUrl}/confirm_meetup/${confirmationToken(s.config.sessionSecret, confirmation.id)}`;
  const chapterUrl = `${s.config.publicUrl}/chapter/${normalizeState(event.chapter.state)}/${event.chapter.slug}`;
  const letter = composeLetter({
    subject: `Is ${event.name} on ${when}?`,
    greeting: `Hi ${host.name},`,
    blocks: [
      `${displayTitle(event.chapter)} meets at ${event.name} on ${when}. Is it on?`,
      { label: "Answer here (no need to sign in)", link },
      `Confirmed meetups show "Confirmed by the host" on ${chapterUrl}, so people know they can count on it. If it is not on, you can cancel it from the same link and tell your list.`,
    ],
    why: `You are receiving this email because you host ${displayTitle(event.chapter)}.`,
    look: await chapterLook(event.chapter),
  });
  const replyTo = (await chapterContact(s, event.chapter.id)).email;
  await s.mail.send(automaticMessage(host.email, letter, replyTo, `meetup-confirmation-${confirmation.id}`));
  await MeetupConfirmation.query().patch({ emailedAt: now.toISOString() }).findById(confirmation.id);
}

/** A run's key: its time rounded down to the sweep's period, so every process names the next run alike. */
const runKey = (d: Date, everyMs: number) => new Date(Math.floor(d.getTime() / everyMs) * everyMs).toISOString();

/**
 * The sweep as a job that runs every minute (MEETUP_CONFIRM_SWEEP_MS): one pass (the hosts' confirmations, then the
 * reminders to people going, server/commands/rsvpReminders.ts), then the next run, scheduled by
 * whoever first claims its key in meetup_confirm_runs (in the transaction that finishes this job), so the runs
 * started by several processes converge on one a period.
 */
export async function meetupConfirmSweepJob(s: Services, ctx: JobContext): Promise<void> {
  const now = s.jobs.now();
  await sweepMeetupConfirmations(s, now);
  await sweepRsvpReminders(s, now);
  const every = s.config.meetupConfirmSweepMs;
  const next = new Date(now.getTime() + every);
  await s.knex.transaction(async (trx) => {
    const claimed = await trx("meetupConfirmRuns")
      .insert({ runAt: runKey(next, every), createdAt: now.toISOString() })
      .onConflict("runAt")
      .ignore()
      .returning("runAt");
    if (claimed.length) await s.jobs.enqueue(JOB_MEETUP_CONFIRM_SWEEP, {}, { trx, runAt: next });
    // Runs older than a day are of no use to anyone.
    await trx("meetupConfirmRuns")
      .where("runAt", "<", new Date(now.getTime() - 86_400_000).toISOString())
      .delete();
    await ctx.markDone(trx);
  });
}

/** At start: a sweep now unless one is already waiting or running (every process may call this). */
export async function ensureMeetupConfirmSweep(s: Services): Promise<void> {
  const waiting = await Job.query().where({ type: JOB_MEETUP_CONFIRM_SWEEP }).whereIn("status", ["pending", "running"]).resultSize();
  if (!waiting) await s.jobs.enqueue(JOB_MEETUP_CONFIRM_SWEEP, {});
}
