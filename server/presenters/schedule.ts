import { DateTime } from "luxon";
import type { CancelledMeetup, ChapterEventInfo, ConfirmedDate, NextDate } from "../contracts/chapter";
import type { ChapterEvent } from "../models/ChapterEvent";
import {
  NEXT_DATES_LIMIT,
  eachUpcomingOccurrence,
  isUpcoming,
  luxonZone,
  occurrencesBetween,
  upcomingOccurrences,
  type Occurrence,
  type ScheduleInput,
} from "../schedule/engine";

/** The fields of an event that say when it meets. */
export type EventSchedule = Pick<ChapterEvent, "isSingleDate" | "singleDate" | "dayOfWeekIndex" | "weeksOfMonthIndexes" | "startTime" | "endTime">;

/** The columns a read selects to present an event's dates: its schedule and its cancelled meetups. */
export const EVENT_DATE_COLUMNS = [
  "isSingleDate",
  "singleDate",
  "dayOfWeekIndex",
  "weeksOfMonthIndexes",
  "startTime",
  "endTime",
  "cancelledDates",
  "confirmedDates",
] as const satisfies readonly (keyof EventSchedule | "cancelledDates" | "confirmedDates")[];

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

function presentOccurrence(o: Occurrence): NextDate {
  return {
    start: o.start.toISO({ suppressMilliseconds: true })!,
    end: o.end.toISO({ suppressMilliseconds: true })!,
    date: o.date,
  };
}

/** Whether an event is upcoming: repeating events always are; a single date until it ends. */
export function isUpcomingEvent(e: EventSchedule, timeZone: string, now: Date): boolean {
  return !e.isSingleDate || upcomingOccurrences(scheduleOf(e, timeZone), now, 1).length > 0;
}

/**
 * Upcoming dates of an event, soonest first (at most 4, as the chapter page lists), from the schedule engine;
 * cancelled meetups are left out, so the next date is always a real one.
 */
export function nextDatesFor(e: Pick<ChapterEvent, keyof EventSchedule | "cancelledDates">, timeZone: string, now: Date): NextDate[] {
  const cancelled = new Set((e.cancelledDates ?? []).map((c) => c.date));
  const dates: NextDate[] = [];
  for (const o of eachUpcomingOccurrence(scheduleOf(e, timeZone), now)) {
    if (cancelled.has(o.date)) continue;
    if (dates.push(presentOccurrence(o)) >= NEXT_DATES_LIMIT) break;
  }
  return dates;
}

/** The occurrence of an event on a date, or null when the event does not meet that day. */
export function occurrenceOfEventOn(e: EventSchedule, timeZone: string, date: string): Occurrence | null {
  return occurrencesBetween(scheduleOf(e, timeZone), date, date)[0] ?? null;
}

/**
 * The cancelled meetups that are still meetups of the event (its schedule may have changed) and not past, with
 * when each would have met (the chapter page's JSON-LD marks them EventCancelled).
 */
export function cancelledDatesFor(e: Pick<ChapterEvent, keyof EventSchedule | "cancelledDates">, timeZone: string, now: Date): CancelledMeetup[] {
  return (e.cancelledDates ?? [])
    .flatMap((c) => {
      const occurrence = occurrenceOfEventOn(e, timeZone, c.date);
      return occurrence !== null && isUpcoming(occurrence, now) ? [{ ...presentOccurrence(occurrence), note: c.note }] : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The confirmed meetups still upcoming, on the event's schedule and not cancelled, soonest first. */
export function confirmedDatesFor(
  e: Pick<ChapterEvent, keyof EventSchedule | "cancelledDates" | "confirmedDates">,
  timeZone: string,
  now: Date,
): ConfirmedDate[] {
  const cancelled = new Set((e.cancelledDates ?? []).map((c) => c.date));
  return (e.confirmedDates ?? [])
    .filter((c) => {
      if (cancelled.has(c.date)) return false;
      const occurrence = occurrenceOfEventOn(e, timeZone, c.date);
      return occurrence !== null && isUpcoming(occurrence, now);
    })
    .map((c) => ({ date: c.date, at: c.at }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * When presented events stop being true: the earliest moment one of their first dates stops being upcoming
 * (it leaves the list and a single date's event leaves the page), or, for a repeating event with fewer than
 * NEXT_DATES_LIMIT dates, the next midnight in its chapter's zone (the six-week window moves on). Infinity
 * when nothing in them changes with time.
 */
export function eventsExpireAt(events: ChapterEventInfo[], timeZone: string, now: Date): number {
  let at = Infinity;
  let nextMidnight: number | undefined;
  for (const e of events) {
    const first = e.nextDates[0];
    // (The dates are ISO times with their offset, which Date.parse reads as luxon does, for far less.)
    if (first) at = Math.min(at, Date.parse(first.end));
    if (!e.isSingleDate && e.nextDates.length < NEXT_DATES_LIMIT) {
      // The same for every event of the chapter; in the zone that remembers its offsets (luxon asks Intl for
      // every offset of a zone given by name).
      nextMidnight ??= DateTime.fromJSDate(now, { zone: luxonZone(timeZone) })
        .plus({ days: 1 })
        .startOf("day")
        .toMillis();
      at = Math.min(at, nextMidnight);
    }
  }
  return at;
}
