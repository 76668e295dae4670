import type { Knex } from "knex";
import { ChapterEvent } from "../models/ChapterEvent";
import type { Chapter } from "../models/Chapter";
import { isPostgres } from "../db";
import { badRequest } from "../errors";
import { displayTitle, type CancelledDate } from "../contracts/chapter";
import { timeLabel } from "../contracts/schedule";
import { isUpcoming } from "../schedule/engine";
import { nextDatesFor, occurrenceOfEventOn } from "../presenters/schedule";
import { listIdColumn } from "../integrations/listProviders";
import { forgetFeedFingerprints } from "../calendar/feedCache";
import type { Viewer } from "../policies/viewer";
import type { Services } from "../services";
import { recordActivity } from "./activity";
import { sendListMessage } from "./mailingList";

export const NOT_REPEATING = "Only a meetup of a repeating event can be cancelled; delete a single-date event instead";
export const NOT_AN_OCCURRENCE = "That date is not a meetup of this event";
export const ALREADY_PAST = "That meetup is already past";
export const NO_LIST_TO_EMAIL = "This Chapter has no mailing list to email yet";

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

/** 400 unless `date` is an upcoming meetup of this repeating event. */
function checkMeetup(chapter: Chapter, event: ChapterEvent, date: string, now: Date): void {
  if (event.isSingleDate) throw badRequest(NOT_REPEATING, "date");
  const occurrence = occurrenceOfEventOn(event, chapter.timeZone, date);
  if (!occurrence) throw badRequest(NOT_AN_OCCURRENCE, "date");
  if (!isUpcoming(occurrence, now)) throw badRequest(ALREADY_PAST, "date");
}

/** Cancelled dates kept on the row: the ones still ahead (past ones are dropped as the list is rewritten). */
const stillAhead = (list: CancelledDate[], chapter: Chapter, event: ChapterEvent, now: Date) =>
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
 * as a normal list email, in the same transaction. Bumps the event's SEQUENCE for calendar apps.
 */
export async function cancelEventDate(
  s: Services,
  chapter: Chapter,
  event: ChapterEvent,
  input: { date: string; note: string; emailList: boolean },
  viewer: Viewer,
  now = new Date(),
): Promise<ChapterEvent> {
  checkMeetup(chapter, event, input.date, now);
  const listId = chapter[listIdColumn(await s.listProviders.serviceName())];
  if (input.emailList && !listId) throw badRequest(NO_LIST_TO_EMAIL, "emailList");
  const updated = await s.knex.transaction(async (trx) => {
    const row = await lockedEvent(event, trx);
    const kept = stillAhead(row.cancelledDates ?? [], chapter, row, now);
    const already = kept.some((c) => c.date === input.date);
    const cancelledDates = [...kept.filter((c) => c.date !== input.date), { date: input.date, note: input.note }].sort((a, b) => a.date.localeCompare(b.date));
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
    if (input.emailList && !already) await sendListMessage(s, chapter, notice(chapter, saved, input.date, input.note, now), viewer, trx);
    return saved;
  });
  forgetFeedFingerprints();
  return updated;
}

/** Takes a cancellation back: the meetup is on again. 400 when the date is not an upcoming meetup of the event. */
export async function uncancelEventDate(chapter: Chapter, event: ChapterEvent, date: string, viewer: Viewer, now = new Date()): Promise<ChapterEvent> {
  checkMeetup(chapter, event, date, now);
  const updated = await ChapterEvent.knex().transaction(async (trx) => {
    const row = await lockedEvent(event, trx);
    const kept = stillAhead(row.cancelledDates ?? [], chapter, row, now);
    if (!kept.some((c) => c.date === date)) return row;
    const saved = await ChapterEvent.query(trx).patchAndFetchById(row.id, { cancelledDates: kept.filter((c) => c.date !== date), sequence: row.sequence + 1 });
    await recordActivity(
      { type: "chapter_event", title: `Meetup back on: ${row.name} on ${dateWords(date)}`, userId: viewer.id, chapterId: chapter.id, objectId: row.id },
      trx,
    );
    return saved;
  });
  forgetFeedFingerprints();
  return updated;
}
