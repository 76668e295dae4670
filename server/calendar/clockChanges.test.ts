/**
 * Meetups on the nights the clocks change, as calendar programs read the feeds: for every US zone the app
 * offers, two years of clock changes, meetups that start inside the skipped hour, inside the repeated hour, and
 * that span the change, on the weekday and week codes that hit the change. The feed is expanded by two
 * independent parsers, ical.js (Thunderbird's) and node-ical (rrule-temporal), and each must give exactly the
 * schedule engine's start and end instants (docs/schedule.md, "Times are wall-clock times").
 */
import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { TIME_ZONES } from "../contracts/timeZones";
import type { CancelledDate } from "../contracts/chapter";
import { occurrencesBetween } from "../schedule/engine";
import { scheduleOf } from "../presenters/schedule";
import { buildFeed, type FeedChapter, type FeedEvent, type FeedEventRow } from "./feed";
import { icalProblems } from "./structure";
import { expandWithIcalJs, expandWithNodeIcal, type ParsedMeetup } from "../test/calendarParsers";

/** The zones of US states and territories among those offered. */
const US_ZONES = [
  "America/New_York",
  "America/Detroit",
  "America/Indiana/Indianapolis",
  "America/Kentucky/Louisville",
  "America/Chicago",
  "America/Indiana/Knox",
  "America/Menominee",
  "America/North_Dakota/Center",
  "America/Denver",
  "America/Boise",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "America/Juneau",
  "America/Adak",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
  "America/St_Thomas",
  "Pacific/Guam",
  "Pacific/Pago_Pago",
];
const FROM = "2026-01-01";
const TO = "2027-12-31";

type EventSpec = Partial<FeedEventRow> & { label: string };
function cancelled(...dates: string[]): CancelledDate[] {
  return dates.map((date) => ({ date, note: "" }));
}
/**
 * US clocks change at 02:00 on the 2nd Sunday of March and the 1st Sunday of November: meetups on the 1st and
 * 2nd Sundays meet on both nights (and on 22 others a year), at times in and around the change.
 */
const SPECS: EventSpec[] = [
  { label: "1st and 2nd Sundays 02:30-03:15 (starts in the skipped hour)", weeksOfMonthIndexes: "1,2", startTime: "02:30", endTime: "03:15" },
  { label: "1st and 2nd Sundays 02:00-02:45 (starts at the change)", weeksOfMonthIndexes: "1,2", startTime: "02:00", endTime: "02:45" },
  { label: "1st and 2nd Sundays 01:30-02:15 (starts in the repeated hour)", weeksOfMonthIndexes: "1,2", startTime: "01:30", endTime: "02:15" },
  { label: "1st and 2nd Sundays 01:30-03:30 (spans the change)", weeksOfMonthIndexes: "1,2", startTime: "01:30", endTime: "03:30" },
  { label: "1st and 2nd Sundays 01:00-02:30 (ends in the skipped hour)", weeksOfMonthIndexes: "1,2", startTime: "01:00", endTime: "02:30" },
  { label: "1st and 2nd Sundays 00:30-01:30 (ends in the repeated hour)", weeksOfMonthIndexes: "1,2", startTime: "00:30", endTime: "01:30" },
  { label: "1st and 2nd Sundays 03:00-04:00 (just after)", weeksOfMonthIndexes: "1,2", startTime: "03:00", endTime: "04:00" },
  { label: "1st and 2nd Sundays 19:00-21:00", weeksOfMonthIndexes: "1,2", startTime: "19:00", endTime: "21:00" },
  { label: "2nd Sunday 02:30-03:15 (the Denver case)", weeksOfMonthIndexes: "2", startTime: "02:30", endTime: "03:15" },
  { label: "1st Sunday 01:30-02:15", weeksOfMonthIndexes: "1", startTime: "01:30", endTime: "02:15" },
  { label: "even weeks 02:30-03:15", weeksOfMonthIndexes: "6", startTime: "02:30", endTime: "03:15" },
  { label: "odd weeks plus 1st and 2nd 01:30-02:15 (two rules)", weeksOfMonthIndexes: "7,1,2", startTime: "01:30", endTime: "02:15" },
  { label: "Saturdays before the changes 23:00-02:30 (into Sunday)", dayOfWeekIndex: 6, weeksOfMonthIndexes: "1,2,5", startTime: "23:00", endTime: "02:30" },
  {
    label: "created the week before a change (its first meetup is in the skipped hour)",
    weeksOfMonthIndexes: "1,2",
    startTime: "02:30",
    endTime: "03:30",
    createdAt: "2026-03-04T18:00:00.000Z",
  },
  {
    label: "weekly 02:30-03:15, cancelled on a change night and on plain ones",
    weeksOfMonthIndexes: "0",
    startTime: "02:30",
    endTime: "03:15",
    cancelledDates: cancelled("2026-03-08", "2026-03-15", "2026-11-01", "2027-01-10"),
  },
  {
    label: "weekly 01:30-02:15, cancelled in the repeated hour and the week after",
    weeksOfMonthIndexes: "0",
    startTime: "01:30",
    endTime: "02:15",
    cancelledDates: cancelled("2026-03-08", "2026-11-01", "2026-11-08"),
  },
  ...["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"].flatMap((singleDate): EventSpec[] => [
    {
      label: `single date ${singleDate} 02:30-03:15`,
      isSingleDate: true,
      singleDate,
      dayOfWeekIndex: null,
      weeksOfMonthIndexes: "",
      startTime: "02:30",
      endTime: "03:15",
    },
    {
      label: `single date ${singleDate} 01:30-02:15`,
      isSingleDate: true,
      singleDate,
      dayOfWeekIndex: null,
      weeksOfMonthIndexes: "",
      startTime: "01:30",
      endTime: "02:15",
    },
  ]),
];
/**
 * Every zone gets the meetups that start in the skipped hour, in the repeated hour, and across the change
 * (zones without clock changes, where none is touched, the first and the last); these zones get every kind.
 * (The engine's own tests try every zone at every quarter hour of those nights.)
 */
const CORE_SPECS = [0, 2, 3];
const EVERY_SPEC_ZONES = new Set(["America/New_York", "America/Denver", "America/Anchorage"]);

function feedEvents(): { rows: FeedEvent[]; labels: Map<number, string> } {
  const rows: FeedEvent[] = [];
  const labels = new Map<number, string>();
  US_ZONES.forEach((timeZone, z) => {
    const chapter: FeedChapter = {
      id: z + 1,
      title: timeZone,
      city: timeZone.split("/").pop()!,
      state: "co",
      slug: `zone-${z}`,
      timeZone,
      typeName: "drinking",
    };
    const changes = DateTime.fromISO("2026-01-15", { zone: timeZone }).offset !== DateTime.fromISO("2026-07-15", { zone: timeZone }).offset;
    const specs = EVERY_SPEC_ZONES.has(timeZone) ? SPECS.map((_, n) => n) : changes ? CORE_SPECS : [CORE_SPECS[0], CORE_SPECS[2]];
    SPECS.forEach(({ label, ...spec }, n) => {
      if (!specs.includes(n)) return;
      const id = (z + 1) * 100 + n;
      labels.set(id, `${timeZone}: ${label}`);
      const event: FeedEventRow = {
        id,
        name: "The Tavern",
        description: "",
        address1: "1 Main St",
        address2: "",
        city: "Springfield",
        state: "CO",
        postalCode: "80202",
        country: "USA",
        lat: null,
        lng: null,
        startTime: "19:00",
        endTime: "21:00",
        isSingleDate: false,
        singleDate: null,
        dayOfWeekIndex: 0,
        weeksOfMonthIndexes: "0",
        sequence: 1,
        createdAt: `${FROM}T12:00:00.000Z`,
        updatedAt: `${FROM}T12:00:00.000Z`,
        cancelledDates: [],
        ...spec,
      };
      rows.push({ event, chapter });
    });
  });
  return { rows, labels };
}

interface Instant {
  start: string;
  end: string;
}
const iso = (ms: number) => new Date(ms).toISOString();
const eventIdOf = (uid: string) => Number(/^event-(\d+)(?:-\d+)*@chapterhouse$/.exec(uid)![1]);

/**
 * What the engine says, by event: the meetups whose local date is in [FROM, TO], from the day the event was
 * created (where its feed starts), less the cancelled ones.
 */
function engineDates(rows: FeedEvent[]): Map<number, Instant[]> {
  const out = new Map<number, Instant[]>();
  for (const { event, chapter } of rows) {
    const cancelled = new Set(event.cancelledDates.map((c) => c.date));
    const created = DateTime.fromISO(event.createdAt!, { zone: chapter.timeZone }).toISODate()!;
    out.set(
      event.id,
      occurrencesBetween(scheduleOf(event, chapter.timeZone), event.isSingleDate || created < FROM ? FROM : created, TO)
        .filter((o) => !cancelled.has(o.date))
        .map((o) => ({ start: iso(o.start.toMillis()), end: iso(o.end.toMillis()) })),
    );
  }
  return out;
}

/** Keeps what a parser found whose start falls on a local date in [FROM, TO] of the event's zone, by event, in order. */
function collect(found: ParsedMeetup[], zoneOf: (id: number) => string): Map<number, Instant[]> {
  const out = new Map<number, Instant[]>();
  for (const { uid, start, end } of found.sort((a, b) => a.start - b.start)) {
    const id = eventIdOf(uid);
    const date = DateTime.fromMillis(start, { zone: zoneOf(id) }).toISODate()!;
    if (date < FROM || date > TO) continue;
    out.set(id, [...(out.get(id) ?? []), { start: iso(start), end: iso(end) }]);
  }
  return out;
}

const DAY_MS = 86_400_000;
const RANGE = { from: Date.parse(`${FROM}T00:00:00Z`) - 2 * DAY_MS, to: Date.parse(`${TO}T00:00:00Z`) + 2 * DAY_MS };

describe("meetups on the nights the clocks change, in every US zone offered, as two parsers read the feed", () => {
  const { rows, labels } = feedEvents();
  // Written on New Year's Eve 2025: the feed writes the meetups a clock change touches through 2027.
  const asOf = "2025-12-31";
  const text = buildFeed({ name: "US", description: "US zones", publicUrl: "https://example.org", events: rows, asOf });
  const expected = engineDates(rows);
  const zoneOf = (id: number) => rows.find((r) => r.event.id === id)!.chapter.timeZone;

  it("offers every one of these zones, and the feed is sound", () => {
    for (const zone of US_ZONES)
      expect(
        TIME_ZONES.map((z) => z.zone),
        zone,
      ).toContain(zone);
    expect(icalProblems(text)).toEqual([]);
    // The Denver case: its 2027-03-14 meetup is a VEVENT of its own, in UTC; the rule stops the day before and
    // starts again the next month.
    const denver = 100 * (US_ZONES.indexOf("America/Denver") + 1) + SPECS.findIndex((s) => s.label.includes("Denver case"));
    expect(text).toContain(`UID:event-${denver}-20270314@chapterhouse\r\n`);
    expect(text).toContain("DTSTART:20270314T093000Z\r\nDTEND:20270314T101500Z\r\n");
    expect(text).toContain(`UID:event-${denver}-20260412@chapterhouse\r\n`);
    expect(text).toContain("RRULE:FREQ=MONTHLY;BYDAY=2SU;UNTIL=20270314T065959Z\r\n");
    expect(text).toContain(`UID:event-${denver}-20270411@chapterhouse\r\n`);
  });

  it.each([
    ["ical.js", (ics: string) => expandWithIcalJs(ics, RANGE.to)],
    ["node-ical", (ics: string) => expandWithNodeIcal(ics, RANGE.from, RANGE.to)],
  ])("%s gives exactly the engine's start and end of every meetup, over two years of changes", (_name, expand) => {
    const parsed = collect(expand(text), zoneOf);
    let compared = 0;
    for (const [id, dates] of expected) {
      expect(parsed.get(id) ?? [], labels.get(id)).toEqual(dates);
      compared += dates.length;
    }
    expect([...parsed.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(compared).toBeGreaterThan(3000);
  });

  it("every meetup ends after it starts", () => {
    for (const [id, dates] of expected) for (const d of dates) expect(Date.parse(d.end), labels.get(id)).toBeGreaterThan(Date.parse(d.start));
  });

  it("writes the same bytes for the same rows and date, and looks further ahead only as the years turn", () => {
    expect(buildFeed({ name: "US", description: "US zones", publicUrl: "https://example.org", events: rows, asOf: "2025-01-01" })).toBe(text);
    const later = buildFeed({ name: "US", description: "US zones", publicUrl: "https://example.org", events: rows, asOf: "2027-01-01" });
    expect(later).not.toBe(text);
    expect(later).toContain("DTSTART:20290311T093000Z\r\n");
    expect(text).not.toContain("DTSTART:20290311T093000Z\r\n");
  });
});
