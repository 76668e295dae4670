import type { Knex } from "knex";
import { ChapterEvent } from "../models/ChapterEvent";
import { Chapter } from "../models/Chapter";
import { isPostgres } from "../db";
import { badRequest } from "../errors";
import { isUpcomingEvent } from "../presenters/schedule";
import { describeSchedule, timeLabel } from "../contracts/schedule";
import { makeSlug } from "../lib/slug";
import type { ChapterEventFields } from "../contracts/chapterEvent";
import type { GeoPoint } from "../integrations/geocoder";
import { recordActivity } from "./activity";

/** How many upcoming events a chapter may hold (past single dates do not count; repeating events always do). */
export const MAX_UPCOMING_EVENTS = 100;
export const TOO_MANY_EVENTS = `A chapter can have at most ${MAX_UPCOMING_EVENTS} upcoming events. Delete past or unused events first.`;

/**
 * Refuses (400) a write that would give the chapter one upcoming event more than MAX_UPCOMING_EVENTS. Runs inside
 * the write's transaction, after locking the chapter's row on Postgres (SQLite has one writer), so hosts adding
 * events at the same moment are counted one after the other.
 */
async function ensureRoomForUpcoming(trx: Knex.Transaction, chapter: Chapter, exceptEventId?: number): Promise<void> {
  if (isPostgres(trx)) await Chapter.query(trx).findById(chapter.id).forUpdate();
  const query = ChapterEvent.query(trx).where({ chapterId: chapter.id }).modify("mayBeUpcoming");
  if (exceptEventId != null) query.whereNot({ id: exceptEventId });
  const now = new Date();
  const upcoming = (await query).filter((e) => isUpcomingEvent(e, chapter.timeZone, now)).length;
  if (upcoming >= MAX_UPCOMING_EVENTS) throw badRequest(TOO_MANY_EVENTS);
}

const summary = (e: ChapterEventFields) => `${describeSchedule(e)}, ${timeLabel(e.startTime)} to ${timeLabel(e.endTime)}`;

/** Adds an event to a chapter, with its activity item, in one transaction. */
export async function createChapterEvent(chapter: Chapter, fields: ChapterEventFields, point: GeoPoint | null, userId: number): Promise<ChapterEvent> {
  return ChapterEvent.transaction(async (trx) => {
    if (isUpcomingEvent(fields, chapter.timeZone, new Date())) await ensureRoomForUpcoming(trx, chapter);
    const event = await ChapterEvent.query(trx).insertAndFetch({
      ...fields,
      chapterId: chapter.id,
      slug: makeSlug(fields.name),
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      sequence: 0,
    });
    await recordActivity(
      { type: "chapter_event", title: `Event added: ${event.name}`, note: summary(fields), userId, chapterId: chapter.id, objectId: event.id },
      trx,
    );
    return event;
  });
}

/**
 * Saves new values over an event and bumps its SEQUENCE (calendar apps take the higher sequence as the newer
 * version). Bringing a past single date back counts against MAX_UPCOMING_EVENTS. `point` undefined keeps the stored coordinates (the address did not change).
 */
export async function updateChapterEvent(
  chapter: Chapter,
  event: ChapterEvent,
  fields: ChapterEventFields,
  point: GeoPoint | null | undefined,
  userId: number,
): Promise<ChapterEvent> {
  return ChapterEvent.transaction(async (trx) => {
    // Editing is always fine, except bringing a past date back while the chapter is full.
    const now = new Date();
    if (!isUpcomingEvent(event, chapter.timeZone, now) && isUpcomingEvent(fields, chapter.timeZone, now)) await ensureRoomForUpcoming(trx, chapter, event.id);
    const coordinates = point === undefined ? {} : { lat: point?.lat ?? null, lng: point?.lng ?? null };
    const updated = await ChapterEvent.query(trx).patchAndFetchById(event.id, { ...fields, ...coordinates, sequence: event.sequence + 1 });
    await recordActivity(
      { type: "chapter_event", title: `Event updated: ${updated.name}`, note: summary(fields), userId, chapterId: event.chapterId, objectId: event.id },
      trx,
    );
    return updated;
  });
}

export async function deleteChapterEvent(event: ChapterEvent, userId: number): Promise<void> {
  await ChapterEvent.transaction(async (trx) => {
    await ChapterEvent.query(trx).deleteById(event.id);
    await recordActivity({ type: "chapter_event", title: `Event deleted: ${event.name}`, userId, chapterId: event.chapterId, objectId: event.id }, trx);
  });
}
