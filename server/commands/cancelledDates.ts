import type { Knex } from "knex";
import { ChapterEvent } from "../models/ChapterEvent";
import type { Chapter } from "../models/Chapter";
import { isPostgres } from "../db";
import { badRequest } from "../errors";
import { CANCEL_AHEAD_DAYS, displayTitle, type CancelledDate } from "../contracts/chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { timeLabel } from "../contracts/schedule";
import { isUpcoming } from "../schedule/engine";
import { nextDatesFor, occurrenceOfEventOn } from "../presenters/schedule";
import { listIdColumn } from "../integrations/listProviders";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { sendListMessage } from "./mailingList";
import { queueMeetupChangeMails } from "./rsvpReminders";

export const NOT_REPEATING = "Only a meetup of a repeating event can be cancelled; delete a single-date event instead";
export const NOT_AN_OCCURRENCE = "That date is not a meetup of this event";
export const ALREADY_PAST = "That meetup is already past";
export const NO_LIST_TO_EMAIL = "This Chapter has no mailing list to email yet";
export const TOO_FAR_AHEAD = `A meetup can be cancelled up to ${CANCEL_AHEAD_DAYS} days ahead`;

/** "2026-12-08" -> "Tuesday, December 8, 2026", as the notice names the meetup. */
function dateWords(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The locked event row, read again inside the write (two hosts cancelling at once are applied one after the other). */
async function lockedEvent(event: ChapterEvent, trx: Knex.Transaction): Promise<ChapterEvent> {
  const query = ChapterEvent.query(trx).findById(event.id);
  if (isPostgres(trx)) query.forUpdate();
  return (await query)!;
}

/** 400 unless `date` is an upcoming meetup of this repeating event (and, to cancel it, within CANCEL_AHEAD_DAYS). */
function checkMeetup(chapter: Chapter, event: ChapterEvent, date: string, now: Date, opts: { toCancel?: boolean } = {}): void {
  if (event.isSingleDate) throw badRequest(NOT_REPEATING, "date");
  const occurrence = occurrenceOfEventOn(event, chapter.timeZone, date);
  if (!occurrence) throw badRequest(NOT_AN_OCCURRENCE, "date");
  if (!isUpcoming(occurrence, now)) throw badRequest(ALREADY_PAST, "date");
  if (opts.toCancel && occurrence.start.toMillis() > now.getTime() + (CANCEL_AHEAD_DAYS + 1) * 86_400_000) throw badRequest(TOO_FAR_AHEAD, "date");
}

/** Cancelled dates kept on the row: the ones still ahead (past ones are dropped as the list is rewritten). */
const stillAhead = <T extends CancelledDate>(list: T[], chapter: Chapter, event: ChapterEvent, now: Date): T[] =>
  list.filter((c) => {
    const occurrence = occurrenceOfEventOn(event, chapter.timeZone, c.date);
    return occurrence !== null && isUpcoming(occurrence, now);
  });

/** The list email announcing a cancelled meetup, with the next real one. */
function notice(chapter: Chapter, event: ChapterEvent, date: string, note: string, now: Date): { title: string; body: string } {
  const next = nextDatesFor(event, chapter.timeZone, now)[0];
  const lines = [
    `The ${displayTitle(chapter)} meetup at ${event.name} on ${dateWords(date)} is cancelled.`,
    note,
    next ? `Our next meetup: ${dateWords(next.date)}, ${timeLabel(event.startTime)} at ${event.name}.` : "",
  ];
  return { title: `Cancelled: ${event.name} on ${dateWords(date)}`, body: lines.filter(Boolean).join("\n\n") };
}

/**
 * Cancels one meetup of a repeating event, with an optional note. Cancelling a date already cancelled only
 * changes its note (and never emails the list twice). With `emailList` the notice goes to the chapter's list
 * as a normal list email, in the same transaction; everyone going or waitlisted is mailed either way (once, by a
 * job queued in it). Bumps the event's SEQUENCE for calendar apps.
 */
export async function cancelEventDate(
  s: Services,
  chapter: Chapter,
  event: ChapterEvent,
  input: { date: string; note: string; emailList: boolean },
  viewer: Viewer,
  now = new Date(),
): Promise<ChapterEvent> {
  checkMeetup(chapter, event, input.date, now, { toCancel: true });
  await checkListToEmail(s, chapter, input.emailList);
  const updated = await s.knex.transaction(async (trx) => {
    const row = await lockedEvent(event, trx);
    const kept = stillAhead(row.cancelledDates ?? [], chapter, row, now);
    const earlier = kept.find((c) => c.date === input.date);
    const entry: CancelledDate & { postId?: number } = { date: input.date, note: input.note, ...(earlier?.postId ? { postId: earlier.postId } : {}) };
    const cancelledDates = [...kept.filter((c) => c.date !== input.date), entry].sort((a, b) => a.date.localeCompare(b.date));
    // The notice names the next meetup still on, so it is written with this date already cancelled; sent once.
    if (input.emailList && !earlier) {
      const message = await sendListMessage(
        s,
        chapter,
        notice(chapter, Object.assign(row.$clone(), { cancelledDates }), input.date, input.note, now),
        viewer,
        trx,
      );
      if (message.chapterBlogPostId) entry.postId = message.chapterBlogPostId;
    }
    const saved = await ChapterEvent.query(trx).patchAndFetchById(row.id, { cancelledDates, sequence: row.sequence + 1 });
    await recordActivity(
      {
        type: "chapter_event",
        title: `Meetup cancelled: ${row.name} on ${dateWords(input.date)}`,
        note: input.note,
        userId: viewer.id,
        chapterId: chapter.id,
        objectId: row.id,
      },
      trx,
    );
    // Everyone going or waitlisted hears of it once, whether or not the list is emailed.
    if (!earlier) await queueMeetupChangeMails(s, { eventId: row.id, date: input.date, change: "cancelled", sequence: saved.sequence }, trx);
    return saved;
  });
  return updated;
}

/** 400 when the list is to be emailed and the chapter has none. */
async function checkListToEmail(s: Services, chapter: Chapter, emailList: boolean): Promise<void> {
  const listId = chapter[listIdColumn(await s.listProviders.serviceName())];
  if (emailList && !listId) throw badRequest(NO_LIST_TO_EMAIL, "emailList");
}

/** The list email saying a cancelled meetup is on after all. */
function backOnNotice(chapter: Chapter, event: ChapterEvent, date: string): { title: string; body: string } {
  return {
    title: `Back on: ${event.name} on ${dateWords(date)}`,
    body: `Good news: the ${displayTitle(chapter)} meetup at ${event.name} on ${dateWords(date)}, ${timeLabel(event.startTime)}, is on after all.`,
  };
}

/**
 * Takes a cancellation back: the meetup is on again. The chapter post that announced the cancellation is withdrawn
 * (its list message stays in the history), so the page never shows "Cancelled" beside a date it lists; with
 * `emailList` the list hears "Back on: ..." as a normal list email; everyone going or waitlisted is told either way. 400 when the date is not an upcoming meetup.
 */
export async function uncancelEventDate(
  s: Services,
  chapter: Chapter,
  event: ChapterEvent,
  input: { date: string; emailList: boolean },
  viewer: Viewer,
  now = new Date(),
): Promise<ChapterEvent> {
  const { date } = input;
  checkMeetup(chapter, event, date, now);
  await checkListToEmail(s, chapter, input.emailList);
  const updated = await s.knex.transaction(async (trx) => {
    const row = await lockedEvent(event, trx);
    const kept = stillAhead(row.cancelledDates ?? [], chapter, row, now);
    const cancelled = kept.find((c) => c.date === date);
    if (!cancelled) return row;
    const saved = await ChapterEvent.query(trx).patchAndFetchById(row.id, { cancelledDates: kept.filter((c) => c.date !== date), sequence: row.sequence + 1 });
    // Rows from before posts were remembered name theirs by the notice's title.
    const announcement = cancelled.postId
      ? ChapterBlogPost.query(trx).where({ id: cancelled.postId, chapterId: chapter.id })
      : ChapterBlogPost.query(trx).where({ chapterId: chapter.id, title: notice(chapter, row, date, "", now).title });
    await announcement.delete();
    await recordActivity(
      { type: "chapter_event", title: `Meetup back on: ${row.name} on ${dateWords(date)}`, userId: viewer.id, chapterId: chapter.id, objectId: row.id },
      trx,
    );
    if (input.emailList) await sendListMessage(s, chapter, backOnNotice(chapter, row, date), viewer, trx);
    await queueMeetupChangeMails(s, { eventId: row.id, date, change: "back_on", sequence: saved.sequence }, trx);
    return saved;
  });
  return updated;
}
