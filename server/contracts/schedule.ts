/** Schedule vocabulary shared by server and UI (spec 000 section 3, spec 001 sections 2 and 9). No Node imports. */
import type { ChapterEventInfo } from "./chapter";

/** Week frequency codes; several can be checked and an event then meets on the union of them. */
export const WEEK_CODES: { code: number; label: string }[] = [
  { code: 0, label: "Every Week" },
  { code: 1, label: "First" },
  { code: 2, label: "Second" },
  { code: 3, label: "Third" },
  { code: 4, label: "Fourth" },
  { code: 5, label: "Last Week of the Month" },
  { code: 6, label: "Even Weeks" },
  { code: 7, label: "Odd Weeks" },
];
export const WEEK_CODE_VALUES = WEEK_CODES.map((w) => w.code);

/** Weekday names by dayOfWeekIndex, Sunday first. */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "19:30" -> "7:30pm". */
export function timeLabel(hhmm: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const suffix = h < 12 ? "am" : "pm";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]}${suffix}`;
}

/** Start and end time choices: half-hour steps from 12:00am to 11:30pm (value "HH:mm"). */
export const TIME_CHOICES: { value: string; label: string }[] = Array.from({ length: 48 }, (_, i) => {
  const value = `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`;
  return { value, label: timeLabel(value) };
});

/**
 * Why a set of checked week codes cannot be saved, or null. Even or Odd Weeks together with Last Week of the
 * Month cannot be written as a calendar rule that calendar apps expand reliably (see docs/schedule.md).
 */
export function weekCodesProblem(codes: number[]): string | null {
  const parity = codes.filter((c) => c === 6 || c === 7);
  if (parity.length === 1 && codes.includes(5) && !codes.includes(0)) return "Even Weeks or Odd Weeks cannot be combined with Last Week of the Month";
  return null;
}

/** The week codes of an event as a sorted list, e.g. "4,2" -> [2, 4]. Unknown entries are dropped. */
export function weekCodesOf(weeksOfMonthIndexes: string | null | undefined): number[] {
  const codes = new Set<number>();
  for (const part of (weeksOfMonthIndexes ?? "").split(",")) {
    const t = part.trim();
    if (/^\d$/.test(t) && WEEK_CODE_VALUES.includes(Number(t))) codes.add(Number(t));
  }
  return [...codes].sort((a, b) => a - b);
}

/** A calendar date "2026-03-03" as the site writes dates ("Mar 3, 2026"); anything else as it is. */
export function calendarDateMedium(ymd: string | null | undefined): string {
  const m = ymd?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!m) return ymd ?? "";
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** One formatter per zone (making one costs far more than using it: a CSV of 10,000 chapters uses four each). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date ("YYYY-MM-DD") of an instant in a time zone (an IANA name), or in UTC when the zone is
 * unknown; "" for no instant or an unreadable one.
 */
export function localDateIn(iso: string | null | undefined, timeZone: string): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return "";
  let format = dateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      return at.toISOString().slice(0, 10);
    }
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** "Every Tuesday", "Second and Fourth Tuesday of the month", "Tuesday, Even Weeks", or a single date "Mar 3, 2026". */
export function describeSchedule(e: Pick<ChapterEventInfo, "isSingleDate" | "singleDate" | "dayOfWeekIndex" | "weeksOfMonthIndexes">): string {
  if (e.isSingleDate) return calendarDateMedium(e.singleDate);
  const day = WEEKDAY_NAMES[e.dayOfWeekIndex ?? -1] ?? "";
  const codes = weekCodesOf(e.weeksOfMonthIndexes);
  if (codes.includes(0) || (codes.includes(6) && codes.includes(7))) return `Every ${day}`;
  const ordinals = codes.filter((c) => c >= 1 && c <= 5).map((c) => (c === 5 ? "Last" : WEEK_CODES[c].label));
  const parity = codes.filter((c) => c === 6 || c === 7).map((c) => WEEK_CODES[c].label);
  const parts: string[] = [];
  if (ordinals.length)
    parts.push(`${ordinals.length > 1 ? ordinals.slice(0, -1).join(", ") + " and " + ordinals[ordinals.length - 1] : ordinals[0]} ${day} of the month`);
  if (parity.length) parts.push(`${day}, ${parity[0]}`);
  return parts.join("; ") || day;
}

const DAY_MS = 86_400_000;
/** Days from 1970-01-01 to Monday 1970-01-05, where week 0 of the Even/Odd Weeks count starts (docs/schedule.md). */
const EPOCH_WEEK_START_DAY = 4;

/**
 * Whether a date on the event's weekday is in one of the checked weeks (docs/schedule.md, "Week codes"): `day` is
 * its day of the month, `daysInMonth` its month's length and `dayNumber` its days since 1970-01-01. Several codes
 * are a union; Every Week with any others is every week.
 */
export function inCheckedWeeks(day: number, daysInMonth: number, dayNumber: number, codes: readonly number[]): boolean {
  const nth = Math.ceil(day / 7);
  const even = Math.floor((dayNumber - EPOCH_WEEK_START_DAY) / 7) % 2 === 0;
  return codes.some((code) => {
    if (code === 0) return true;
    if (code >= 1 && code <= 4) return nth === code;
    if (code === 5) return day + 7 > daysInMonth;
    if (code === 6) return even;
    if (code === 7) return !even;
    return false;
  });
}

/**
 * The next `count` meeting dates ("YYYY-MM-DD") of a repeating event from `fromDate` on, as the schedule engine
 * (server/schedule/engine.ts) gives them: what the event form shows before it is saved. Looks a year ahead at most.
 */
export function nextMeetingDates(fromDate: string, dayOfWeekIndex: number, codes: readonly number[], count: number): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fromDate);
  if (!m || !codes.length) return [];
  const from = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
  const dates: string[] = [];
  for (let n = from + ((dayOfWeekIndex - new Date(from * DAY_MS).getUTCDay() + 7) % 7); n < from + 400 && dates.length < count; n += 7) {
    const d = new Date(n * DAY_MS);
    const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    if (inCheckedWeeks(d.getUTCDate(), daysInMonth, n, codes)) dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * The week codes after a box of the event form is ticked or cleared: Every Week and the single weeks are never
 * ticked together (ticking a week clears Every Week, and ticking Every Week clears the weeks), so what the form
 * shows is what is published.
 */
export function toggledWeekCodes(codes: readonly number[], code: number, checked: boolean): number[] {
  if (!checked) return codes.filter((c) => c !== code);
  if (code === 0) return [0];
  return [...codes.filter((c) => c !== 0 && c !== code), code].sort((a, b) => a - b);
}
