import { ChapterEvent } from "../models/ChapterEvent";
import type { Chapter } from "../models/Chapter";
import { describeSchedule, timeLabel } from "../contracts/schedule";
import { makeSlug } from "../lib/slug";
import type { ChapterEventFields } from "../routes/chapterEventSchema";
import type { GeoPoint } from "../integrations/geocoder";
import { recordActivity } from "./activity";
import { forgetFeedFingerprints } from "../calendar/feedCache";

const summary = (e: ChapterEventFields) => `${describeSchedule(e)}, ${timeLabel(e.startTime)} to ${timeLabel(e.endTime)}`;

/** Adds an event to a chapter, with its activity item, in one transaction. */
export async function createChapterEvent(chapter: Chapter, fields: ChapterEventFields, point: GeoPoint | null, userId: number): Promise<ChapterEvent> {
  return afterWrite(ChapterEvent.transaction(async (trx) => {
    const event = await ChapterEvent.query(trx).insertAndFetch({
      ...fields,
      chapterId: chapter.id,
      slug: makeSlug(fields.name),
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      sequence: 0,
    });
    await recordActivity({ type: "chapter_event", title: `Event added: ${event.name}`, note: summary(fields), userId, chapterId: chapter.id, objectId: event.id }, trx);
    return event;
  }));
}

/**
 * Saves new values over an event and bumps its SEQUENCE (calendar apps take the higher sequence as the newer
 * version). `point` undefined keeps the stored coordinates (the address did not change).
 */
export async function updateChapterEvent(event: ChapterEvent, fields: ChapterEventFields, point: GeoPoint | null | undefined, userId: number): Promise<ChapterEvent> {
  return afterWrite(ChapterEvent.transaction(async (trx) => {
    const coordinates = point === undefined ? {} : { lat: point?.lat ?? null, lng: point?.lng ?? null };
    const updated = await ChapterEvent.query(trx).patchAndFetchById(event.id, { ...fields, ...coordinates, sequence: event.sequence + 1 });
    await recordActivity({ type: "chapter_event", title: `Event updated: ${updated.name}`, note: summary(fields), userId, chapterId: event.chapterId, objectId: event.id }, trx);
    return updated;
  }));
}

export async function deleteChapterEvent(event: ChapterEvent, userId: number): Promise<void> {
  await afterWrite(ChapterEvent.transaction(async (trx) => {
    await ChapterEvent.query(trx).deleteById(event.id);
    await recordActivity({ type: "chapter_event", title: `Event deleted: ${event.name}`, userId, chapterId: event.chapterId, objectId: event.id }, trx);
  }));
}

/** Once a write has committed, this process's feeds read their fingerprints again. */
async function afterWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  forgetFeedFingerprints();
  return result;
}
