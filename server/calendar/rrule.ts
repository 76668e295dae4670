/**
 * How an event's schedule is written in a calendar feed: one or two VEVENTs with an RRULE each (never
 * expanded copies), or one plain VEVENT for a single date. The few meetups a clock change touches are written
 * one by one in UTC, and the rules stop before each and start again after it (docs/schedule.md). Pure; the
 * mapping table is in docs/schedule.md. Every rule here is checked against the schedule engine by
 * server/calendar/agreement.test.ts and clockChanges.test.ts.
 */
import type { DateTime } from "luxon";
import { weekCodesOf } from "../contracts/schedule";
import {
  addDays,
  atWallClock,
  clockChangeTouches,
  eachOccurrenceBetween,
  epochWeek,
  occurrenceOn,
  occurrencesTouchedByClockChanges,
  type Occurrence,
  type ScheduleInput,
} from "../schedule/engine";

export interface FeedComponent {
  /**
   * Stable: event-{id}@chapterhouse, event-{id}-2@chapterhouse for a second rule, with -{yyyymmdd} added for a
   * rule that starts again after a clock change and for a meetup a clock change touches (its date).
   */
  uid: string;
  start: DateTime;
  end: DateTime;
  /** RRULE value without the "RRULE:" prefix (with UNTIL when it stops before a clock change), or null. */
  rrule: string | null;
  /**
   * Whether start and end are written in UTC: a meetup a clock change touches, whose local times calendar
   * programs do not all read alike (docs/schedule.md).
   */
  inUtc: boolean;
}

const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
/** Days of the month the month codes 1..4 cover, for BYMONTHDAY. */
const MONTH_DAYS: Record<number, number[]> = {
  1: [1, 2, 3, 4, 5, 6, 7],
  2: [8, 9, 10, 11, 12, 13, 14],
  3: [15, 16, 17, 18, 19, 20, 21],
  4: [22, 23, 24, 25, 26, 27, 28],
};

const eventUid = (eventId: number, part = 1, fromDate?: string) =>
  `event-${eventId}${part === 1 ? "" : `-${part}`}${fromDate ? `-${fromDate.replace(/-/g, "")}` : ""}@chapterhouse`;

/**
 * The first occurrence on or after `from` (within ~13 months) that also passes `keep` and that no clock change
 * touches: a rule's DTSTART, whose local times every calendar program reads alike and whose length is the
 * rule's exact duration.
 */
function firstFrom(s: ScheduleInput, weeks: string, from: string, keep: (o: Occurrence) => boolean = () => true): Occurrence | null {
  const to = addDays(from, 400);
  if (!to) return null;
  for (const o of eachOccurrenceBetween({ ...s, weeksOfMonthIndexes: weeks }, from, to)) if (keep(o) && !clockChangeTouches(s, o)) return o;
  return null;
}

/**
 * The VEVENT(s) for an event. `anchorDate` (YYYY-MM-DD, usually the day the event was created) is where a
 * repeating event's DTSTART is placed: its first meeting on or after that date that no clock change touches (the
 * rule's exact duration comes from it). Each meetup a clock change touches from `anchorDate` through `until`
 * (YYYY-MM-DD) is a VEVENT of its own in UTC, unless it is one of the `cancelled` dates; the rule stops the day
 * before it (UNTIL) and a rule with the same RRULE starts again at the next meetup. So no rule ever gives such a
 * meetup, and no EXDATE or RECURRENCE-ID names a local time that calendar programs read differently.
 */
export function feedComponents(
  eventId: number,
  s: ScheduleInput,
  anchorDate: string,
  until: string,
  cancelled: ReadonlySet<string> = new Set(),
): FeedComponent[] {
  if (s.isSingleDate) {
    const occ = s.singleDate ? occurrenceOn(s, s.singleDate) : null;
    return occ ? [{ uid: eventUid(eventId), start: occ.start, end: occ.end, rrule: null, inUtc: clockChangeTouches(s, occ) }] : [];
  }
  const touched = occurrencesTouchedByClockChanges(s, anchorDate, until);
  const rules = ruleComponents(eventId, s, anchorDate, touched.length ? until : null);
  if (!rules.length) return [];
  const singles = touched
    .filter((o) => !cancelled.has(o.date))
    .map((o): FeedComponent => ({ uid: eventUid(eventId, 1, o.date), start: o.start, end: o.end, rrule: null, inUtc: true }));
  return [...rules, ...singles];
}

/** The RRULE's UNTIL (UTC) for a rule that stops before the meetups of a date: a second before that day begins. */
const untilBefore = (date: string, zone: string) => `${atWallClock(date, "00:00", zone).minus({ seconds: 1 }).toUTC().toFormat("yyyyMMdd'T'HHmmss")}Z`;

/**
 * The rule(s) of a repeating event (the table in docs/schedule.md), each cut around the meetups a clock change
 * touches through `until` (null when none is: nearly every event).
 */
function ruleComponents(eventId: number, s: ScheduleInput, anchorDate: string, until: string | null): FeedComponent[] {
  const day = s.dayOfWeekIndex;
  const codes = weekCodesOf(s.weeksOfMonthIndexes);
  if (day == null || day < 0 || day > 6 || !codes.length) return [];
  const byDay = BYDAY[day];
  const parity = codes.filter((c) => c === 6 || c === 7);
  const months = codes.filter((c) => c >= 1 && c <= 5);
  /** A rule of the dates of `weeks` that pass `keep`, from the anchor on, in pieces between clock changes. */
  const component = (part: number, rrule: string, weeks: string, keep: (o: Occurrence) => boolean = () => true): FeedComponent[] => {
    const first = firstFrom(s, weeks, anchorDate, keep);
    if (!first) return [];
    const pieces: FeedComponent[] = [];
    let from: Occurrence | null = first;
    const cuts = until ? occurrencesTouchedByClockChanges({ ...s, weeksOfMonthIndexes: weeks }, first.date, until).filter(keep) : [];
    for (const touched of cuts) {
      if (!from || touched.date < from.date) continue;
      const uid = eventUid(eventId, part, from === first ? undefined : from.date);
      pieces.push({ uid, start: from.start, end: from.end, rrule: `${rrule};UNTIL=${untilBefore(touched.date, s.timeZone)}`, inUtc: false });
      from = firstFrom(s, weeks, addDays(touched.date, 1)!, keep);
    }
    if (from) pieces.push({ uid: eventUid(eventId, part, from === first ? undefined : from.date), start: from.start, end: from.end, rrule, inUtc: false });
    return pieces;
  };

  if (codes.includes(0) || parity.length === 2) return component(1, `FREQ=WEEKLY;BYDAY=${byDay}`, "0");
  if (!parity.length) return component(1, `FREQ=MONTHLY;BYDAY=${monthlyPositions(months, byDay)}`, months.join(","));
  // Even or Odd Weeks: every other week from a DTSTART of the right parity (the count never restarts, so a
  // two-week interval is exact, also across 53-week years).
  const parityRule = component(1, `FREQ=WEEKLY;INTERVAL=2;BYDAY=${byDay}`, String(parity[0]));
  if (!months.length) return parityRule;
  // Plus month weeks: their dates of the *other* parity, every 14 days limited to the month days they cover,
  // so no date is written twice.
  if (!months.includes(5)) {
    const wantEven = parity[0] === 7;
    const otherParity = (o: Occurrence) => (epochWeek(o.date) % 2 === 0) === wantEven;
    const monthDays = months.flatMap((c) => MONTH_DAYS[c]).join(",");
    return [...parityRule, ...component(2, `FREQ=DAILY;INTERVAL=14;BYMONTHDAY=${monthDays}`, months.join(","), otherParity)];
  }
  // Even/Odd Weeks with the Last week would need a negative BYMONTHDAY in a DAILY rule, which hangs
  // ical.js (Thunderbird's parser), so the API refuses that combination. Rows stored before that rule get the
  // month weeks as a monthly rule; a date in both sets then shows twice in calendar apps.
  return [...parityRule, ...component(2, `FREQ=MONTHLY;BYDAY=${monthlyPositions(months, byDay)}`, months.join(","))];
}

const monthlyPositions = (months: number[], byDay: string) => months.map((c) => (c === 5 ? "-1" : String(c)) + byDay).join(",");
