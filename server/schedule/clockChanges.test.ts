/**
 * Meetups on nights the clocks change (docs/schedule.md, "Times are wall-clock times"): a start that does not
 * exist moves forward by the gap, a start that happens twice is the first, and every meetup keeps its length,
 * so its end is always after its start.
 */
import { describe, expect, it } from "vitest";
import { DateTime, IANAZone } from "luxon";
import { TIME_ZONES } from "../contracts/timeZones";
import { nextDatesFor } from "../presenters/schedule";
import {
  atWallClock,
  clockChangeTouches,
  occurrenceOn,
  occurrencesBetween,
  occurrencesTouchedByClockChanges,
  wallClockKind,
  type ScheduleInput,
} from "./engine";
import { clockChangesBetween } from "./clockChanges";

const repeating = (timeZone: string, day: number, weeks: string, startTime: string, endTime: string): ScheduleInput => ({
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: day,
  weeksOfMonthIndexes: weeks,
  startTime,
  endTime,
  timeZone,
});
const utc = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;
const on = (s: ScheduleInput, date: string) => {
  const [o] = occurrencesBetween(s, date, date);
  return { start: utc(o.start), end: utc(o.end) };
};

describe("a meetup on the night the clocks change", () => {
  it.each([
    // The case: a Denver chapter, 2nd Sunday, 02:30 to 03:15; 02:30 does not exist on 2027-03-14.
    [
      "Denver 02:30-03:15 on spring-forward night: 03:30-04:15 MDT",
      "America/Denver",
      0,
      "2",
      "02:30",
      "03:15",
      "2027-03-14",
      "2027-03-14T09:30:00Z",
      "2027-03-14T10:15:00Z",
    ],
    [
      "New York 02:30-04:00 on spring-forward night: 03:30-05:00 EDT",
      "America/New_York",
      0,
      "0",
      "02:30",
      "04:00",
      "2026-03-08",
      "2026-03-08T07:30:00Z",
      "2026-03-08T09:00:00Z",
    ],
    [
      "a start exactly at the change (02:00) is 03:00",
      "America/Chicago",
      0,
      "2",
      "02:00",
      "02:45",
      "2026-03-08",
      "2026-03-08T08:00:00Z",
      "2026-03-08T08:45:00Z",
    ],
    [
      "spanning the gap (01:30-03:30) keeps its two hours",
      "America/Denver",
      0,
      "2",
      "01:30",
      "03:30",
      "2027-03-14",
      "2027-03-14T08:30:00Z",
      "2027-03-14T10:30:00Z",
    ],
    [
      "an end inside the gap (01:00-02:30) keeps the ninety minutes",
      "America/Los_Angeles",
      0,
      "0",
      "01:00",
      "02:30",
      "2026-03-08",
      "2026-03-08T09:00:00Z",
      "2026-03-08T10:30:00Z",
    ],
    [
      "a start in the repeated hour is the first (01:30 EDT)",
      "America/New_York",
      0,
      "1",
      "01:30",
      "02:15",
      "2026-11-01",
      "2026-11-01T05:30:00Z",
      "2026-11-01T06:15:00Z",
    ],
    [
      "an end in the repeated hour is the first too (00:30-01:30 CDT)",
      "America/Chicago",
      0,
      "1",
      "00:30",
      "01:30",
      "2027-11-07",
      "2027-11-07T05:30:00Z",
      "2027-11-07T06:30:00Z",
    ],
    [
      "spanning the repeated hour (01:30-03:30) keeps its two hours",
      "America/Anchorage",
      0,
      "0",
      "01:30",
      "03:30",
      "2026-11-01",
      "2026-11-01T09:30:00Z",
      "2026-11-01T11:30:00Z",
    ],
    [
      "Saturday 23:00 to 02:30 runs into Sunday's gap",
      "America/New_York",
      6,
      "0",
      "23:00",
      "02:30",
      "2026-03-07",
      "2026-03-08T04:00:00Z",
      "2026-03-08T07:30:00Z",
    ],
    ["no clock change in Phoenix", "America/Phoenix", 0, "2", "02:30", "03:15", "2027-03-14", "2027-03-14T09:30:00Z", "2027-03-14T10:15:00Z"],
  ] as const)("%s", (_name, zone, day, weeks, startTime, endTime, date, start, end) => {
    expect(on(repeating(zone, day, weeks, startTime, endTime), date)).toEqual({ start, end });
  });

  it("a single date on that night follows the same rule", () => {
    const o = occurrenceOn(
      { ...repeating("America/Denver", 0, "", "02:30", "03:15"), isSingleDate: true, singleDate: "2027-03-14", dayOfWeekIndex: null },
      "2027-03-14",
    )!;
    expect([utc(o.start), utc(o.end)]).toEqual(["2027-03-14T09:30:00Z", "2027-03-14T10:15:00Z"]);
  });

  it("a stored end at or before the start (rows older than the form's check) runs past midnight, never ends before it starts", () => {
    expect(on(repeating("America/New_York", 2, "0", "22:00", "01:00"), "2026-03-03")).toEqual({ start: "2026-03-04T03:00:00Z", end: "2026-03-04T06:00:00Z" });
    const same = on(repeating("America/New_York", 2, "0", "19:00", "19:00"), "2026-03-03");
    expect(Date.parse(same.end)).toBeGreaterThan(Date.parse(same.start));
  });

  it("the pages' dates for the Denver meetup end after they start", () => {
    const event = { ...repeating("America/Denver", 0, "2", "02:30", "03:15"), cancelledDates: [] };
    const [next] = nextDatesFor(event, "America/Denver", new Date("2027-03-10T12:00:00Z"));
    expect(next).toEqual({ date: "2027-03-14", start: "2027-03-14T03:30:00-06:00", end: "2027-03-14T04:15:00-06:00" });
  });
});

describe("every allowed zone, two years of clock changes, every quarter hour of the night", () => {
  const LENGTHS = [15, 90, 180];
  // Every zone offered changes its clocks between 01:00 and 03:00 local time: meetups from 21:00 to 04:45 reach it.
  const times = [21, 22, 23, 0, 1, 2, 3, 4].flatMap((hour) =>
    [0, 15, 30, 45].map((minute) => `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`),
  );
  const plus = (time: string, minutes: number) => {
    const total = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes) % 1440;
    return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
  };

  it.each(TIME_ZONES.map((z) => z.zone))("%s", (zone) => {
    const iana = IANAZone.create(zone);
    const HOUR = 3_600_000;
    /** The wall clock an instant shows in the zone, as milliseconds read as if UTC. */
    const wall = (ms: number) => ms + iana.offset(ms) * 60_000;
    const problems: string[] = [];
    let changeDays = 0;
    let checked = 0;
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 24 * HOUR) {
      // Days whose local clock changes, looked at generously (a day either side of the local day).
      if (iana.offset(day - 14 * HOUR) === iana.offset(day + 38 * HOUR)) continue;
      changeDays++;
      const date = new Date(day).toISOString().slice(0, 10);
      const weekday = new Date(day).getUTCDay();
      for (const time of times) {
        const kind = wallClockKind(date, time, zone);
        const nominal = day + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3))) * 60_000;
        for (const length of LENGTHS) {
          const s = repeating(zone, weekday, "0", time, plus(time, length));
          const o = occurrencesBetween(s, date, date)[0];
          const start = o.start.toMillis();
          const fail = (what: string) => problems.push(`${zone} ${date} ${time} +${length}: ${what}`);
          checked++;
          // It keeps its length, so it ends after it starts.
          if (o.end.toMillis() - start !== length * 60_000) fail(`lasts ${(o.end.toMillis() - start) / 60_000} minutes`);
          // The start: the wall-clock time when it exists once; the first when it happens twice; moved forward
          // by the gap (the offset before it) when it does not exist.
          if (kind !== "gap" && wall(start) !== nominal) fail("does not start at its wall-clock time");
          if (kind === "repeated" && [1, 2, 3, 4].some((q) => wall(start - q * (HOUR / 2)) === nominal)) fail("is not the first of the two");
          if (kind === "repeated" && ![1, 2, 3, 4].some((q) => wall(start + q * (HOUR / 2)) === nominal)) fail("does not come again");
          if (kind === "gap" && (start !== nominal - iana.offset(start - 6 * HOUR) * 60_000 || !(iana.offset(start) > iana.offset(start - 6 * HOUR)))) {
            fail("is not moved forward by the gap");
          }
          // The feeds find the meetups a clock change touches by the zone's changes alone: the same answer.
          const touched = occurrencesTouchedByClockChanges(s, date, date).length === 1;
          if (touched !== clockChangeTouches(s, o) || (kind !== "normal" && !touched)) fail(`touched: ${touched}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Every change of the two years was looked at (the zone's own, as its rules stand: British Columbia keeps
    // daylight time from November 2026 on, so Vancouver changes once).
    const changes = clockChangesBetween(iana, Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1)).length;
    expect(changeDays).toBeGreaterThanOrEqual(changes);
    if (changes) expect(checked).toBeGreaterThan(changes * 100);
  });
});

describe("occurrences a clock change touches (the ones feeds write one by one)", () => {
  it.each([
    ["Denver 02:30-03:15", repeating("America/Denver", 0, "2", "02:30", "03:15"), ["2026-03-08", "2027-03-14"]],
    ["New York 01:30-02:15 (the repeated hour)", repeating("America/New_York", 0, "1", "01:30", "02:15"), ["2026-11-01", "2027-11-07"]],
    ["weekly 01:30-03:30, over both changes", repeating("America/Chicago", 0, "0", "01:30", "03:30"), ["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"]],
    ["an end in the repeated hour", repeating("America/New_York", 0, "0", "00:30", "01:30"), ["2026-11-01", "2027-11-07"]],
    ["Saturday night into Sunday's change", repeating("America/New_York", 6, "0", "23:00", "02:30"), ["2026-03-07", "2026-10-31", "2027-03-13", "2027-11-06"]],
    ["a 7pm meetup: never", repeating("America/New_York", 0, "0", "19:00", "21:00"), []],
    ["03:00 on the spring-forward Sunday exists: never", repeating("America/New_York", 0, "0", "03:00", "04:00"), []],
    ["02:30 in Phoenix: never", repeating("America/Phoenix", 0, "0", "02:30", "03:30"), []],
    ["the 4th Sunday: never on a US change", repeating("America/Denver", 0, "4", "02:30", "03:15"), []],
  ] as const)("%s", (_name, s, dates) => {
    const touched = occurrencesTouchedByClockChanges(s, "2026-01-01", "2027-12-31");
    expect(touched.map((o) => o.date)).toEqual(dates);
    // The same as looking at every occurrence.
    expect(
      occurrencesBetween(s, "2026-01-01", "2027-12-31")
        .filter((o) => clockChangeTouches(s, o))
        .map((o) => o.date),
    ).toEqual(dates);
  });

  it("an occurrence is touched exactly when its start or end is not the plain wall-clock time, or the offset changes during it", () => {
    const s = repeating("America/Denver", 0, "0", "02:30", "03:15");
    const [o] = occurrencesBetween(s, "2027-03-14", "2027-03-14");
    expect(clockChangeTouches(s, o)).toBe(true);
    const [plain] = occurrencesBetween(s, "2027-03-21", "2027-03-21");
    expect(clockChangeTouches(s, plain)).toBe(false);
    expect(atWallClock("2027-03-21", "02:30", "America/Denver").toMillis()).toBe(plain.start.toMillis());
  });
});
