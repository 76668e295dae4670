import { DateTime } from "luxon";
import type { ChapterEventInfo, NextDate } from "../contracts/chapter";
import type { ChapterEvent } from "../models/ChapterEvent";
import { NEXT_DATES_LIMIT, UPCOMING_GRACE_HOURS, upcomingOccurrences, type Occurrence, type ScheduleInput } from "../schedule/engine";

/** The fields of an event that say when it meets. */
export type EventSchedule = Pick<ChapterEvent, "isSingleDate" | "singleDate" | "dayOfWeekIndex" | "weeksOfMonthIndexes" | "startTime" | "endTime">;

/** The engine's input for a stored event of a chapter in `timeZone`. */
export function scheduleOf(e: EventSchedule, timeZone: string): ScheduleInput {
  return {
    isSingleDate: e.isSingleDate,
    singleDate: e.singleDate,
    dayOfWeekIndex: e.dayOfWeekIndex,
    weeksOfMonthIndexes: e.weeksOfMonthIndexes,
    startTime: e.startTime,
    endTime: e.endTime,
    timeZone,
  };
}

export function presentOccurrence(o: Occurrence): NextDate {
  return {
    start: o.start.toISO({ suppressMilliseconds: true })!,
    end: o.end.toISO({ suppressMilliseconds: true })!,
    date: o.date,
  };
}

/** Whether an event is upcoming: repeating events always are; a single date until 12 hours after it starts. */
export function isUpcomingEvent(e: EventSchedule, timeZone: string, now: Date): boolean {
  return !e.isSingleDate || upcomingOccurrences(scheduleOf(e, timeZone), now, 1).length > 0;
}

/** Upcoming dates of an event, soonest first (at most 4, as the chapter page lists), from the schedule engine. */
export function nextDatesFor(e: ChapterEvent, timeZone: string, now: Date): NextDate[] {
  return upcomingOccurrences(scheduleOf(e, timeZone), now, NEXT_DATES_LIMIT).map(presentOccurrence);
}

/**
 * When presented events stop being true: the earliest moment one of their first dates stops being upcoming
 * (it leaves the list and a single date's event leaves the page), or, for a repeating event with fewer than
 * NEXT_DATES_LIMIT dates, the next midnight in its chapter's zone (the six-week window moves on). Infinity
 * when nothing in them changes with time.
 */
export function eventsExpireAt(events: ChapterEventInfo[], timeZone: string, now: Date): number {
  let at = Infinity;
  for (const e of events) {
    const first = e.nextDates[0];
    if (first) at = Math.min(at, DateTime.fromISO(first.start).plus({ hours: UPCOMING_GRACE_HOURS }).toMillis());
    if (!e.isSingleDate && e.nextDates.length < NEXT_DATES_LIMIT) {
      const local = DateTime.fromJSDate(now, { zone: timeZone });
      at = Math.min(at, (local.isValid ? local : DateTime.fromJSDate(now, { zone: "UTC" })).plus({ days: 1 }).startOf("day").toMillis());
    }
  }
  return at;
}
