/**
 * The schedule engine: which dates an event meets on. Pure (no I/O); every page, map pin and calendar
 * feed takes its dates from here. The rules are written down in docs/schedule.md.
 *
 * Dates are calendar dates ("YYYY-MM-DD") and times are wall-clock times ("HH:mm") in the chapter's IANA
 * time zone, so a 7pm meeting stays at 7pm local across daylight-saving changes.
 */
import { DateTime, IANAZone } from "luxon";
import { RememberingZone } from "./fastZone";
import { clockChangesBetween } from "./clockChanges";
import { inCheckedWeeks, weekCodesOf } from "../contracts/schedule";

export interface ScheduleInput {
  isSingleDate: boolean;
  /** "YYYY-MM-DD", single-date events only. */
  singleDate: string | null;
  /** 0 = Sunday .. 6 = Saturday, repeating events only. */
  dayOfWeekIndex: number | null;
  /** Comma-separated week codes, e.g. "2,4". */
  weeksOfMonthIndexes: string;
  startTime: string;
  endTime: string;
  timeZone: string;
}

export interface Occurrence {
  /** Calendar date in the chapter's zone. */
  date: string;
  start: DateTime;
  end: DateTime;
}

/** Repeating events are looked up this far ahead (spec: six weeks). */
export const HORIZON_DAYS = 42;
/** The chapter page lists this many dates (spec 001 section 9). */
export const NEXT_DATES_LIMIT = 4;

const DAY_MS = 86_400_000;
/** Monday 5 January 1970, the start of week 0 of the Even/Odd Weeks count (4 days after the Unix epoch). */
const EPOCH_WEEK_START_DAY = 4;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A calendar date as its day number (days since 1970-01-01), or null when not a real date. Read with Date's UTC
 * arithmetic (luxon's ISO parser costs more, and calendar feeds read thousands of dates); a date that rolls over
 * (February 30th) is not a real date. setUTCFullYear keeps years 0 to 99 as written.
 */
function dayNumber(date: string | null | undefined): number | null {
  const parts = date ? DATE_RE.exec(date) : null;
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.getTime() / DAY_MS;
}

/** The calendar date `days` days after a date (YYYY-MM-DD), or null when the date is not a real one. */
export function addDays(date: string, days: number): string | null {
  const day = dayNumber(date);
  return day === null ? null : isoOf(dayParts(day + days));
}

const isValidDate = (date: string | null | undefined): boolean => dayNumber(date) !== null;
const isValidTime = (time: string | null | undefined): boolean => Boolean(time && TIME_RE.test(time));
const zones = new Map<string, RememberingZone | null>();
/** The zone object for a name (cached, remembering its offsets), or null when the runtime does not know it. */
function zoneNamed(name: string): RememberingZone | null {
  let zone = zones.get(name);
  if (zone === undefined) {
    zone = IANAZone.isValidZone(name) ? new RememberingZone(IANAZone.create(name)) : null;
    zones.set(name, zone);
  }
  return zone;
}
export const isValidTimeZone = (zone: string | null | undefined): boolean => Boolean(zone) && zoneNamed(zone!) !== null;
/** A zone for luxon (one that remembers its offsets): the named one, or UTC when the name is not a zone. */
export const luxonZone = (name: string): RememberingZone | string => (/^(utc|gmt)$/i.test(name) ? name : (zoneNamed(name) ?? "UTC"));

/**
 * The week number of the Even/Odd Weeks codes: whole weeks (Monday to Sunday) since Monday 1970-01-05.
 * It never restarts at a year end, so "every other week" keeps alternating through 53-week years.
 */
export function epochWeek(date: string): number {
  const day = dayNumber(date);
  if (day === null) throw new Error(`not a date: ${date}`);
  return Math.floor((day - EPOCH_WEEK_START_DAY) / 7);
}

/** A day number (days since 1970-01-01) as its calendar parts; 0 = Sunday .. 6 = Saturday for weekday. */
function dayParts(day: number) {
  const d = new Date(day * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  return { year, month, day: d.getUTCDate(), weekday: d.getUTCDay(), daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}
const isoOf = (p: { year: number; month: number; day: number }) =>
  `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;

/** Whether a day (days since 1970-01-01, known to fall on the event's weekday) is in one of the checked weeks. */
function matchesOnDay(dayNumber: number, codes: number[]): boolean {
  const date = dayParts(dayNumber);
  return inCheckedWeeks(date.day, date.daysInMonth, dayNumber, codes);
}

/** A zone luxon knows; anything else falls back to UTC so a bad row never breaks a page. */
function zoneOf(s: ScheduleInput): string {
  return isValidTimeZone(s.timeZone) ? s.timeZone : "UTC";
}

/** Milliseconds of a wall-clock date and time read as if it were UTC. */
function wallMillis(date: string, time: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return Date.UTC(y, m - 1, d, hh, mm);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * How long a meetup lasts, in minutes: from its start time to its end time on the wall clock. An end at or before
 * the start (rows stored before the form checked it) is read as running past midnight, so a meetup always ends
 * after it starts.
 */
function lengthMinutes(s: Pick<ScheduleInput, "startTime" | "endTime">): number {
  const length = minutesOf(s.endTime) - minutesOf(s.startTime);
  return length > 0 ? length : length + 1440;
}

/**
 * The instants that show a wall-clock time (given as milliseconds read as if UTC) in a zone: none (skipped by a
 * clock change), one, or two (repeated), earliest first. An instant t shows the wall time w exactly when
 * t = w - offset(t).
 */
function instantsShowing(wall: number, z: RememberingZone): number[] {
  const found: number[] = [];
  for (const probe of [wall - DAY_MS, wall, wall + DAY_MS]) {
    const instant = wall - z.offset(probe) * 60_000;
    if (instant + z.offset(instant) * 60_000 === wall && !found.includes(instant)) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

const zoneOrUtc = (zone: string): RememberingZone => zoneNamed(zone) ?? zoneNamed("UTC")!;

/** "gap" when clocks skip the time that day, "repeated" when it happens twice, else "normal". */
export function wallClockKind(date: string, time: string, zone: string): "normal" | "gap" | "repeated" {
  const n = instantsShowing(wallMillis(date, time), zoneOrUtc(zone)).length;
  return n === 0 ? "gap" : n === 2 ? "repeated" : "normal";
}

/**
 * A wall-clock time on a date in a zone, as RFC 5545 reads local times: a time that occurs twice (the hour
 * repeated when clocks go back) is the first of the two; a time that does not exist (skipped when clocks go
 * forward) is read with the offset before the gap, i.e. moved forward by the gap.
 */
export function atWallClock(date: string, time: string, zone: string): DateTime {
  const z = zoneOrUtc(zone);
  const wall = wallMillis(date, time);
  const instants = instantsShowing(wall, z);
  // (luxon reads "UTC" and "GMT" as its fixed UTC zone, whose ISO times end in Z: luxonZone keeps that.)
  return DateTime.fromMillis(instants.length ? instants[0] : wall - z.offset(wall - DAY_MS) * 60_000, { zone: luxonZone(zone) });
}

/**
 * The occurrence on a date: it starts at the start time on the wall clock (atWallClock) and lasts the meetup's
 * length, so on the night the clocks change it keeps its length (what RFC 5545 calendar apps show: a recurring
 * event keeps the exact duration of its first one) and never ends before it starts.
 */
function occurrenceAt(s: ScheduleInput, date: string, zone: string): Occurrence {
  const start = atWallClock(date, s.startTime, zone);
  const end = DateTime.fromMillis(start.toMillis() + lengthMinutes(s) * 60_000, { zone: start.zone });
  if (start.isValid && !(end.toMillis() > start.toMillis())) throw new Error(`an occurrence on ${date} would not end after it starts`);
  return { date, start, end };
}

/** The occurrence on one date: from its start time on the wall clock, for the meetup's length. */
export function occurrenceOn(s: ScheduleInput, date: string): Occurrence | null {
  if (!isValidDate(date) || !isValidTime(s.startTime) || !isValidTime(s.endTime)) return null;
  const occ = occurrenceAt(s, date, zoneOf(s));
  return occ.start.isValid && occ.end.isValid ? occ : null;
}

/** Every occurrence whose date lies between two calendar dates, both included, soonest first. */
export function occurrencesBetween(s: ScheduleInput, fromDate: string, toDate: string): Occurrence[] {
  return [...eachOccurrenceBetween(s, fromDate, toDate)];
}

/**
 * The same, one at a time: a caller that wants only the first few (a feed's DTSTART, the next meetup) stops
 * there, without placing a year of dates on the wall clock.
 */
export function* eachOccurrenceBetween(s: ScheduleInput, fromDate: string, toDate: string): Generator<Occurrence> {
  const zone = zoneOf(s);
  for (const date of eachDateBetween(s, fromDate, toDate)) {
    if (!s.isSingleDate) yield occurrenceAt(s, date, zone);
    else {
      const occ = occurrenceOn(s, date);
      if (occ) yield occ;
    }
  }
}

/**
 * The dates alone ("YYYY-MM-DD"), soonest first, without placing them on the wall clock: for a caller that counts
 * meetups by date over a year (the chapter stats) and needs the start of only a few of them.
 */
export function* eachDateBetween(s: ScheduleInput, fromDate: string, toDate: string): Generator<string> {
  const first = dayNumber(fromDate);
  const last = dayNumber(toDate);
  if (first === null || last === null || last < first) return;
  if (s.isSingleDate) {
    const d = dayNumber(s.singleDate);
    if (d !== null && d >= first && d <= last) yield s.singleDate!;
    return;
  }
  const weekday = s.dayOfWeekIndex;
  const codes = weekCodesOf(s.weeksOfMonthIndexes);
  if (weekday == null || weekday < 0 || weekday > 6 || !codes.length) return;
  if (!isValidTime(s.startTime) || !isValidTime(s.endTime)) return;
  for (let day = first + ((weekday - dayParts(first).weekday + 7) % 7); day <= last; day += 7) {
    if (matchesOnDay(day, codes)) yield isoOf(dayParts(day));
  }
}

/**
 * Whether an occurrence still counts as upcoming at `now`: until it ends. A meetup under way is still the next one
 * (people may join it); one that has ended is not (docs/schedule.md).
 */
export const isUpcoming = (o: Occurrence, now: Date): boolean => upcomingUntil(o) > now.getTime();

/** The moment (milliseconds) an occurrence stops being upcoming: its end. */
export const upcomingUntil = (o: Occurrence): number => o.end.toMillis();

/**
 * The event's upcoming dates, soonest first: a single date while it is upcoming (however far ahead);
 * a repeating event's dates from today to six weeks ahead (plus yesterday's, while one that ran past midnight lasts).
 */
export function upcomingOccurrences(s: ScheduleInput, now: Date, limit = NEXT_DATES_LIMIT): Occurrence[] {
  const out: Occurrence[] = [];
  if (limit <= 0) return out;
  for (const o of eachUpcomingOccurrence(s, now)) if (out.push(o) >= limit) break;
  return out;
}

/** The same dates one at a time: a caller that skips some (cancelled meetups) and wants the first few stops there. */
export function* eachUpcomingOccurrence(s: ScheduleInput, now: Date): Generator<Occurrence> {
  if (s.isSingleDate) {
    const occ = s.singleDate ? occurrenceOn(s, s.singleDate) : null;
    if (occ && isUpcoming(occ, now)) yield occ;
    return;
  }
  const today = DateTime.fromJSDate(now, { zone: luxonZone(zoneOf(s)) });
  const from = today.minus({ days: 1 }).toISODate()!;
  const to = today.plus({ days: HORIZON_DAYS }).toISODate()!;
  for (const o of eachOccurrenceBetween(s, from, to)) if (isUpcoming(o, now)) yield o;
}

/** The first occurrence on or after a date (used to anchor calendar feeds), searching up to a year. */
export function firstOccurrenceOnOrAfter(s: ScheduleInput, date: string): Occurrence | null {
  const to = addDays(date, 400);
  if (!to) return null;
  return eachOccurrenceBetween(s, date, to).next().value ?? null;
}

/**
 * Whether a clock change touches an occurrence: its start is not its plain wall-clock time (moved by a gap, or
 * one of two), its end's wall-clock time is skipped or repeated, or the offset changes while it lasts. Only then
 * can calendar programs read its local times differently (docs/schedule.md); calendar feeds write these
 * occurrences in UTC.
 */
export function clockChangeTouches(s: ScheduleInput, o: Occurrence): boolean {
  const z = zoneOrUtc(zoneOf(s));
  const start = o.start.toMillis();
  const end = o.end.toMillis();
  const startOffset = z.offset(start);
  const endOffset = z.offset(end);
  const startWall = start + startOffset * 60_000;
  return (
    startWall !== wallMillis(o.date, s.startTime) ||
    startOffset !== endOffset ||
    instantsShowing(startWall, z).length !== 1 ||
    instantsShowing(end + endOffset * 60_000, z).length !== 1
  );
}

/**
 * The occurrences between two dates (both included) that a clock change touches (clockChangeTouches), soonest
 * first. Looks only at the days around the zone's clock changes, so it costs next to nothing for the meetups
 * (nearly all) that no change comes near.
 */
export function occurrencesTouchedByClockChanges(s: ScheduleInput, fromDate: string, toDate: string): Occurrence[] {
  const first = dayNumber(fromDate);
  const last = dayNumber(toDate);
  if (first === null || last === null || last < first || !isValidTime(s.startTime) || !isValidTime(s.endTime)) return [];
  const codes = s.isSingleDate ? [] : weekCodesOf(s.weeksOfMonthIndexes);
  const single = s.isSingleDate ? dayNumber(s.singleDate) : null;
  if (s.isSingleDate ? single === null : s.dayOfWeekIndex == null || !codes.length) return [];
  const zone = zoneOf(s);
  const startMinute = minutesOf(s.startTime);
  const endMinute = startMinute + lengthMinutes(s);
  const days = new Set<number>();
  // A meetup lasts at most a day, so only one that starts the day of a change or the day before can be touched.
  for (const change of clockChangesBetween(zoneOrUtc(zone), (first - 1) * DAY_MS, (last + 3) * DAY_MS)) {
    const wallBefore = change.at / 60_000 + change.before;
    const wallAfter = change.at / 60_000 + change.after;
    const changeDay = Math.floor(Math.min(wallBefore, wallAfter) / 1440);
    for (const day of [changeDay - 1, changeDay, changeDay + 1]) {
      if (day < first || day > last || days.has(day)) continue;
      if (s.isSingleDate ? day !== single : (day + 4) % 7 !== s.dayOfWeekIndex) continue;
      // The meetup's wall-clock minutes (from that day's midnight) must reach the minutes the change skips or repeats.
      const low = Math.min(wallBefore, wallAfter) - day * 1440;
      const high = Math.max(wallBefore, wallAfter) - day * 1440;
      if (startMinute > high || endMinute < low) continue;
      if (!s.isSingleDate && !matchesOnDay(day, codes)) continue;
      days.add(day);
    }
  }
  return [...days]
    .sort((a, b) => a - b)
    .map((day) => occurrenceAt(s, isoOf(dayParts(day)), zone))
    .filter((o) => clockChangeTouches(s, o));
}
