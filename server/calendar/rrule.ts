/**
 * How an event's schedule is written in a calendar feed: one or two VEVENTs with an RRULE each (never
 * expanded copies), or one plain VEVENT for a single date. Pure; the mapping table is in docs/schedule.md.
 * Every rule here is checked against the schedule engine by server/calendar/agreement.test.ts.
 */
import type { DateTime } from "luxon";
import { weekCodesOf } from "../contracts/schedule";
import { addDays, eachOccurrenceBetween, epochWeek, occurrenceOn, type Occurrence, type ScheduleInput } from "../schedule/engine";

export interface FeedComponent {
  /** Stable across edits: event-{id}@chapterhouse, and event-{id}-2@chapterhouse for a second rule. */
  uid: string;
  start: DateTime;
  end: DateTime;
  /** RRULE value without the "RRULE:" prefix, or null for a single date. */
  rrule: string | null;
}

const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
/** Days of the month the month codes 1..4 cover, for BYMONTHDAY. */
const MONTH_DAYS: Record<number, number[]> = {
  1: [1, 2, 3, 4, 5, 6, 7],
  2: [8, 9, 10, 11, 12, 13, 14],
  3: [15, 16, 17, 18, 19, 20, 21],
  4: [22, 23, 24, 25, 26, 27, 28],
};

export const eventUid = (eventId: number, part = 1) => (part === 1 ? `event-${eventId}@chapterhouse` : `event-${eventId}-${part}@chapterhouse`);

/** The first occurrence on or after `from` (within ~13 months) that also passes `keep`. */
function firstFrom(s: ScheduleInput, weeks: string, from: string, keep: (o: Occurrence) => boolean = () => true): Occurrence | null {
  const to = addDays(from, 400);
  if (!to) return null;
  for (const o of eachOccurrenceBetween({ ...s, weeksOfMonthIndexes: weeks }, from, to)) if (keep(o)) return o;
  return null;
}

/**
 * The VEVENT(s) for an event. `anchorDate` (YYYY-MM-DD, usually the day the event was created) is where a
 * repeating event's DTSTART is placed: its first meeting on or after that date.
 */
export function feedComponents(eventId: number, s: ScheduleInput, anchorDate: string): FeedComponent[] {
  if (s.isSingleDate) {
    const occ = s.singleDate ? occurrenceOn(s, s.singleDate) : null;
    return occ ? [{ uid: eventUid(eventId), start: occ.start, end: occ.end, rrule: null }] : [];
  }
  const day = s.dayOfWeekIndex;
  const codes = weekCodesOf(s.weeksOfMonthIndexes);
  if (day == null || day < 0 || day > 6 || !codes.length) return [];
  const byDay = BYDAY[day];
  const parity = codes.filter((c) => c === 6 || c === 7);
  const months = codes.filter((c) => c >= 1 && c <= 5);
  const component = (uid: string, occ: Occurrence | null, rrule: string): FeedComponent[] => (occ ? [{ uid, start: occ.start, end: occ.end, rrule }] : []);

  if (codes.includes(0) || parity.length === 2) {
    return component(eventUid(eventId), firstFrom(s, "0", anchorDate), `FREQ=WEEKLY;BYDAY=${byDay}`);
  }
  if (!parity.length) {
    return component(eventUid(eventId), firstFrom(s, months.join(","), anchorDate), `FREQ=MONTHLY;BYDAY=${monthlyPositions(months, byDay)}`);
  }
  // Even or Odd Weeks: every other week from a DTSTART of the right parity (the count never restarts, so a
  // two-week interval is exact, also across 53-week years).
  const parityRule = component(eventUid(eventId), firstFrom(s, String(parity[0]), anchorDate), `FREQ=WEEKLY;INTERVAL=2;BYDAY=${byDay}`);
  if (!months.length) return parityRule;
  // Plus month weeks: their dates of the *other* parity, every 14 days limited to the month days they cover,
  // so no date is written twice.
  if (!months.includes(5)) {
    const wantEven = parity[0] === 7;
    const otherParity = (o: Occurrence) => (epochWeek(o.date) % 2 === 0) === wantEven;
    const monthDays = months.flatMap((c) => MONTH_DAYS[c]).join(",");
    return [
      ...parityRule,
      ...component(eventUid(eventId, 2), firstFrom(s, months.join(","), anchorDate, otherParity), `FREQ=DAILY;INTERVAL=14;BYMONTHDAY=${monthDays}`),
    ];
  }
  // Even/Odd Weeks with the Last week would need a negative BYMONTHDAY in a DAILY rule, which hangs
  // ical.js (Thunderbird's parser), so the API refuses that combination. Rows stored before that rule get the
  // month weeks as a monthly rule; a date in both sets then shows twice in calendar apps.
  return [
    ...parityRule,
    ...component(eventUid(eventId, 2), firstFrom(s, months.join(","), anchorDate), `FREQ=MONTHLY;BYDAY=${monthlyPositions(months, byDay)}`),
  ];
}

const monthlyPositions = (months: number[], byDay: string) => months.map((c) => (c === 5 ? "-1" : String(c)) + byDay).join(",");
