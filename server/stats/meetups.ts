/**
 * Meetups per month for the chapter stats, from the events' schedules (server/schedule/engine.ts), their cancelled
 * dates and their hosts' confirmations. A meetup counts in the month of its date (a calendar date in the chapter's
 * zone), and only from the day its event was created; events deleted since are not counted.
 */
import { DateTime } from "luxon";
import { ChapterEvent } from "../models/ChapterEvent";
import { scheduleOf } from "../presenters/schedule";
import { eachDateBetween, luxonZone, occurrenceOn } from "../schedule/engine";
import { SLICE_MS, yieldToLoop } from "../lib/slices";
import type { MonthFrame } from "./months";

export interface MeetupCounts {
  held: number[];
  cancelled: number[];
  confirmed: number[];
  /** When the next meetup that is on starts, if within two days (else Infinity). */
  nextStart: number;
}

const DAY_MS = 86_400_000;

/**
 * The local calendar date of a stored timestamp (ISO text on SQLite, a Date on Postgres) in `zone`; "" for one more
 * than a day before `from` (an instant), which no date of the months shown can precede.
 */
function localDateFrom(at: unknown, zone: string, from: number): string {
  const ms = at instanceof Date ? at.getTime() : Date.parse(String(at));
  if (!(ms >= from - DAY_MS)) return "";
  return DateTime.fromMillis(ms, { zone: luxonZone(zone) }).toISODate() ?? "";
}

/**
 * Every meetup date of a schedule in the frame with its start (epoch ms), worked out once per schedule and zone.
 * Only the dates near `now` are placed on the wall clock: a date two days or more before today (UTC) has started in
 * any zone (0), and one two days or more after it has not (Infinity; the stats expire within a day: see load.ts).
 */
function occurrencesMemo(frame: MonthFrame, now: Date) {
  const memo = new Map<string, { date: string; start: number }[]>();
  const pastBefore = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  const futureAfter = new Date(now.getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
  return (e: ChapterEvent, zone: string) => {
    const key = [zone, e.isSingleDate, e.singleDate, e.dayOfWeekIndex, e.weeksOfMonthIndexes, e.startTime, e.endTime].join("|");
    let dates = memo.get(key);
    if (!dates) {
      const schedule = scheduleOf(e, zone);
      dates = [];
      for (const date of eachDateBetween(schedule, frame.firstDate, frame.lastDate)) {
        if (date < pastBefore) dates.push({ date, start: 0 });
        else if (date > futureAfter) dates.push({ date, start: Infinity });
        else {
          const start = occurrenceOn(schedule, date)?.start.toMillis();
          if (start !== undefined) dates.push({ date, start });
        }
      }
      memo.set(key, dates);
    }
    return dates;
  };
}

/**
 * The meetups of `events` (rows of chapter_events) whose chapters' zones `zones` holds, per month of the frame: held
 * (on, and started by `now`), cancelled, confirmed (on, and a host said so). Gives the event loop back every few
 * milliseconds (a network has thousands of events).
 */
export async function countMeetups(events: Record<string, unknown>[], zones: Map<number, string>, frame: MonthFrame, now: Date): Promise<MeetupCounts> {
  const n = frame.labels.length;
  const counts: MeetupCounts = { held: new Array(n).fill(0), cancelled: new Array(n).fill(0), confirmed: new Array(n).fill(0), nextStart: Infinity };
  const monthOf = new Map(frame.labels.map((m, i) => [m, i]));
  const occurrences = occurrencesMemo(frame, now);
  const nowMs = now.getTime();
  const from = Date.parse(frame.bounds[0]);
  let sliceStart = performance.now();
  for (const row of events) {
    const e = ChapterEvent.fromDatabaseJson(row);
    const zone = zones.get(e.chapterId) ?? "UTC";
    const since = localDateFrom(e.createdAt, zone, from);
    const cancelled = new Set((e.cancelledDates ?? []).map((c) => c.date));
    const confirmed = new Set((e.confirmedDates ?? []).map((c) => c.date));
    for (const o of occurrences(e, zone)) {
      const m = monthOf.get(o.date.slice(0, 7));
      if (m === undefined || o.date < since) continue;
      if (cancelled.has(o.date)) counts.cancelled[m]++;
      else {
        if (o.start <= nowMs) counts.held[m]++;
        else counts.nextStart = Math.min(counts.nextStart, o.start);
        if (confirmed.has(o.date)) counts.confirmed[m]++;
      }
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return counts;
}
