import type { ChapterPinList, ChapterPinRow, ChapterTypeInfo } from "../contracts/chapter";
import { displayTitle, normalizeState } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import type { ChapterEvent } from "../models/ChapterEvent";
import { DateTime } from "luxon";
import {
  HORIZON_DAYS,
  isUpcoming,
  luxonZone,
  occurrencesBetween,
  upcomingOccurrences,
  upcomingUntil,
  type Occurrence,
  type ScheduleInput,
} from "../schedule/engine";
import { scheduleOf } from "./schedule";
import { sortedByTextInSlices } from "../lib/collate";
import { mapInSlices, yieldToLoop } from "../lib/slices";

const hasPlace = (e: ChapterEvent) => e.lat != null && e.lng != null && (e.lat !== 0 || e.lng !== 0);
const round = (n: number | null) => (n == null ? null : Math.round(n * 1e5) / 1e5);

/**
 * The same as `upcomingOccurrences(s, now, 1)[0]`, looking at the first week before the rest of the six: most events
 * meet weekly or every other week, and each date looked at costs the engine a time-zone conversion.
 */
export function firstUpcomingOccurrence(s: ScheduleInput, now: Date): Occurrence | undefined {
  if (s.isSingleDate) return upcomingOccurrences(s, now, 1)[0];
  const today = DateTime.fromJSDate(now, { zone: luxonZone(s.timeZone) });
  const day = (n: number) => today.plus({ days: n }).toISODate()!;
  const upcoming = (from: number, to: number) => occurrencesBetween(s, day(from), day(to)).find((o) => isUpcoming(o, now));
  return upcoming(-1, 7) ?? upcoming(8, HORIZON_DAYS);
}

type NextOccurrence = (e: ChapterEvent, timeZone: string) => Occurrence | undefined;

/**
 * The first upcoming occurrence of an event, remembered per schedule and zone: across a network many events
 * share one (second Tuesday at 7pm in New York), so 10,000 chapters cost a few hundred runs of the engine.
 */
export function nextOccurrenceMemo(now: Date): NextOccurrence {
  const memo = new Map<string, Occurrence | undefined>();
  return (e, timeZone) => {
    // A cancelled meetup is never the next one: such an event's own dates are looked at past its cancellations.
    if (e.cancelledDates?.length) {
      const cancelled = new Set(e.cancelledDates.map((c) => c.date));
      return upcomingOccurrences(scheduleOf(e, timeZone), now, cancelled.size + 1).find((o) => !cancelled.has(o.date));
    }
    const key = [timeZone, e.isSingleDate ? e.singleDate : "", e.dayOfWeekIndex, e.weeksOfMonthIndexes, e.startTime, e.endTime, e.isSingleDate].join("|");
    if (!memo.has(key)) memo.set(key, firstUpcomingOccurrence(scheduleOf(e, timeZone), now));
    return memo.get(key);
  };
}

/**
 * The pin of a chapter, as the home map has always chosen it: among its upcoming events the one with the soonest
 * next date, or its first event with a place while no dates are known. `events` may hold past single dates
 * (loaded with `mayBeUpcoming`); they are left out here.
 */
export function pinRowOf(c: Chapter, events: ChapterEvent[], nextOf: NextOccurrence): ChapterPinRow {
  let soonest: { event: ChapterEvent; start: number; date: string } | null = null;
  const upcoming: ChapterEvent[] = [];
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    const next = nextOf(e, c.timeZone);
    if (e.isSingleDate && !next) continue;
    upcoming.push(e);
    if (next && (!soonest || next.start.toMillis() < soonest.start)) soonest = { event: e, start: next.start.toMillis(), date: next.date };
  }
  const event = soonest?.event ?? upcoming.find(hasPlace) ?? upcoming[0] ?? null;
  const placed = event && hasPlace(event);
  return [
    c.id,
    c.slug,
    displayTitle(c),
    normalizeState(c.state),
    c.chapterTypeId,
    placed ? round(event.lat) : null,
    placed ? round(event.lng) : null,
    soonest?.date ?? null,
    event?.name ?? "",
  ];
}

/**
 * Every active chapter's pin row, sorted by display title, with the chapter types they refer to. `expiry.at`
 * becomes the moment the first next date shown stops being upcoming (when the list must be made again). Made in
 * slices (lib/slices): ten thousand chapters' next dates take a while.
 */
export async function presentPinList(
  chapters: Chapter[],
  events: ChapterEvent[],
  types: ChapterTypeInfo[],
  now: Date,
  expiry: { at: number } = { at: Infinity },
): Promise<ChapterPinList> {
  const byChapter = new Map<number, ChapterEvent[]>();
  for (const e of events) {
    const list = byChapter.get(e.chapterId);
    if (list) list.push(e);
    else byChapter.set(e.chapterId, [e]);
  }
  const memo = nextOccurrenceMemo(now);
  const nextOf: NextOccurrence = (e, timeZone) => {
    const next = memo(e, timeZone);
    if (next) expiry.at = Math.min(expiry.at, upcomingUntil(next));
    return next;
  };
  const rows = await mapInSlices(chapters, (c) => pinRowOf(c, byChapter.get(c.id) ?? [], nextOf));
  await yieldToLoop();
  return { types: types.map((t) => ({ id: t.id, name: t.name, hexColor: t.hexColor })), pins: await sortedByTextInSlices(rows, (row) => row[2].toLowerCase()) };
}
