import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import {
  addDays,
  wallClockKind,
  epochWeek,
  firstOccurrenceOnOrAfter,
  isValidTimeZone,
  occurrencesBetween,
  upcomingOccurrences,
  type ScheduleInput,
} from "./engine";

const repeating = (day: number, weeks: string, extra: Partial<ScheduleInput> = {}): ScheduleInput => ({
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: day,
  weeksOfMonthIndexes: weeks,
  startTime: "19:00",
  endTime: "21:00",
  timeZone: "America/New_York",
  ...extra,
});
const single = (date: string, extra: Partial<ScheduleInput> = {}): ScheduleInput => ({
  isSingleDate: true,
  singleDate: date,
  dayOfWeekIndex: null,
  weeksOfMonthIndexes: "",
  startTime: "19:00",
  endTime: "21:00",
  timeZone: "America/New_York",
  ...extra,
});
const dates = (s: ScheduleInput, from: string, to: string) => occurrencesBetween(s, from, to).map((o) => o.date);

// Tuesdays of March 2026: 3, 10, 17, 24, 31 (ISO weeks 10..14). Tuesdays of February 2026: 3, 10, 17, 24.
describe("week codes, one at a time (Tuesdays, March 2026)", () => {
  const table: [string, string, string[]][] = [
    ["0", "Every Week", ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31"]],
    ["1", "First", ["2026-03-03"]],
    ["2", "Second", ["2026-03-10"]],
    ["3", "Third", ["2026-03-17"]],
    ["4", "Fourth", ["2026-03-24"]],
    ["5", "Last Week of the Month", ["2026-03-31"]],
    ["6", "Even Weeks", ["2026-03-03", "2026-03-17", "2026-03-31"]],
    ["7", "Odd Weeks", ["2026-03-10", "2026-03-24"]],
  ];
  it.each(table)("code %s (%s)", (code, _label, expected) => {
    expect(dates(repeating(2, code), "2026-03-01", "2026-03-31")).toEqual(expected);
  });
});

describe("week codes in other months and weekdays", () => {
  const table: [string, number, string, string, string, string[]][] = [
    ["last Tuesday of a 4-Tuesday month is the fourth", 2, "5", "2026-02-01", "2026-02-28", ["2026-02-24"]],
    ["no fifth Tuesday in February: Fourth and Last coincide", 2, "4", "2026-02-01", "2026-02-28", ["2026-02-24"]],
    ["first Sunday when the month starts on Sunday", 0, "1", "2026-02-01", "2026-02-28", ["2026-02-01"]],
    ["last Saturday when the month ends on Saturday", 6, "5", "2026-01-01", "2026-01-31", ["2026-01-31"]],
    ["the 29th of February 2028 is the last Tuesday", 2, "5", "2028-02-01", "2028-02-29", ["2028-02-29"]],
    ["third Wednesday is the 15th..21st", 3, "3", "2026-04-01", "2026-06-30", ["2026-04-15", "2026-05-20", "2026-06-17"]],
  ];
  it.each(table)("%s", (_name, day, code, from, to, expected) => {
    expect(dates(repeating(day, code), from, to)).toEqual(expected);
  });
});

describe("combinations are the union of the checked codes", () => {
  const table: [string, string, string[]][] = [
    ["second and fourth Tuesday", "2,4", ["2026-03-10", "2026-03-24", "2026-04-14", "2026-04-28"]],
    ["order does not matter", "4,2", ["2026-03-10", "2026-03-24", "2026-04-14", "2026-04-28"]],
    ["first and third", "1,3", ["2026-03-03", "2026-03-17", "2026-04-07", "2026-04-21"]],
    ["first and last", "1,5", ["2026-03-03", "2026-03-31", "2026-04-07", "2026-04-28"]],
    ["fourth and last, April has 4 Tuesdays so one date there", "4,5", ["2026-03-24", "2026-03-31", "2026-04-28"]],
    [
      "Even and Odd Weeks make every week",
      "6,7",
      ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31", "2026-04-07", "2026-04-14", "2026-04-21", "2026-04-28"],
    ],
    [
      "Every Week absorbs the rest",
      "0,3",
      ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31", "2026-04-07", "2026-04-14", "2026-04-21", "2026-04-28"],
    ],
    ["Even Weeks plus the Second week", "6,2", ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-31", "2026-04-14", "2026-04-28"]],
    ["Odd Weeks plus the Last week", "7,5", ["2026-03-10", "2026-03-24", "2026-03-31", "2026-04-07", "2026-04-21", "2026-04-28"]],
    ["duplicates and blanks are ignored", "2,,2, 4", ["2026-03-10", "2026-03-24", "2026-04-14", "2026-04-28"]],
    ["unknown codes are ignored", "9,2", ["2026-03-10", "2026-04-14"]],
  ];
  it.each(table)("%s (%s)", (_name, codes, expected) => {
    expect(dates(repeating(2, codes), "2026-03-01", "2026-04-30")).toEqual(expected);
  });

  it("nothing checked, no weekday or a weekday out of range gives no dates", () => {
    expect(dates(repeating(2, ""), "2026-03-01", "2026-04-30")).toEqual([]);
    expect(dates(repeating(7, "0"), "2026-03-01", "2026-04-30")).toEqual([]);
    expect(dates({ ...repeating(2, "0"), dayOfWeekIndex: null }, "2026-03-01", "2026-04-30")).toEqual([]);
  });
});

describe("Even/Odd Weeks: weeks counted from Monday 1970-01-05, stable across year ends", () => {
  it.each([
    ["1970-01-05", 0],
    ["1970-01-11", 0],
    ["1970-01-12", 1],
    ["1970-01-04", -1],
    ["2026-03-02", 2930],
    ["2026-03-08", 2930],
  ] as [string, number][])("epochWeek(%s) = %i", (date, week) => {
    expect(epochWeek(date)).toBe(week);
  });

  it("counts up by exactly one every Monday for 40 years", () => {
    let d = DateTime.fromISO("2000-01-03", { zone: "utc" });
    let previous = epochWeek(d.toISODate()!);
    for (let i = 0; i < 52 * 40; i++) {
      d = d.plus({ days: 7 });
      const w = epochWeek(d.toISODate()!);
      expect(w).toBe(previous + 1);
      previous = w;
    }
  });

  it("agrees with ISO week-number parity for ISO years 2021 to 2026", () => {
    for (let d = DateTime.fromISO("2021-01-04", { zone: "utc" }); d.weekYear <= 2026; d = d.plus({ days: 7 })) {
      expect(epochWeek(d.toISODate()!) % 2 === 0, d.toISODate()!).toBe(d.weekNumber % 2 === 0);
    }
  });

  it.each([
    ["Even", "6", ["2026-12-08", "2026-12-22", "2027-01-05", "2027-01-19"]],
    ["Odd", "7", ["2026-12-01", "2026-12-15", "2026-12-29", "2027-01-12", "2027-01-26"]],
  ])("%s Weeks keep a 14-day rhythm through 2026's ISO week 53", (_name, code, expected) => {
    expect(dates(repeating(2, code), "2026-12-01", "2027-01-31")).toEqual(expected);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])("alternates without a break for weekday %i over 2020..2040 (both parities)", (day) => {
    for (const code of ["6", "7"]) {
      const all = occurrencesBetween(repeating(day, code), "2020-01-01", "2040-12-31");
      for (let i = 1; i < all.length; i++) {
        expect(all[i].start.diff(all[i - 1].start, "days").days).toBeCloseTo(14, 0);
      }
      expect(all.length).toBeGreaterThan(540);
    }
  });
});

describe("year boundaries", () => {
  const table: [string, number, string, string, string, string[]][] = [
    [
      "last Thursday of 2026 is the 31st, first of 2027 the 7th",
      4,
      "1,5",
      "2026-12-01",
      "2027-01-31",
      ["2026-12-03", "2026-12-31", "2027-01-07", "2027-01-28"],
    ],
    ["first Friday of 2027 is January 1st", 5, "1", "2026-12-20", "2027-01-10", ["2027-01-01"]],
    ["every Thursday across new year", 4, "0", "2026-12-24", "2027-01-08", ["2026-12-24", "2026-12-31", "2027-01-07"]],
  ];
  it.each(table)("%s", (_name, day, code, from, to, expected) => {
    expect(dates(repeating(day, code), from, to)).toEqual(expected);
  });
});

describe("time zones and daylight saving: wall-clock times never move", () => {
  const table: [string, string, string, string, string, string][] = [
    // zone, weekday-0 (Sunday) dates either side of the change, start UTC before, start UTC after
    ["New York spring forward", "America/New_York", "2026-03-01", "2026-03-08", "2026-03-02T00:00:00.000Z", "2026-03-08T23:00:00.000Z"],
    ["New York fall back", "America/New_York", "2026-10-25", "2026-11-01", "2026-10-25T23:00:00.000Z", "2026-11-02T00:00:00.000Z"],
    ["London spring forward", "Europe/London", "2026-03-22", "2026-03-29", "2026-03-22T19:00:00.000Z", "2026-03-29T18:00:00.000Z"],
    ["Sydney autumn (southern hemisphere)", "Australia/Sydney", "2026-03-29", "2026-04-05", "2026-03-29T08:00:00.000Z", "2026-04-05T09:00:00.000Z"],
    ["Phoenix has no DST", "America/Phoenix", "2026-03-01", "2026-03-08", "2026-03-02T02:00:00.000Z", "2026-03-09T02:00:00.000Z"],
    ["Honolulu has no DST", "Pacific/Honolulu", "2026-11-01", "2026-11-08", "2026-11-02T05:00:00.000Z", "2026-11-09T05:00:00.000Z"],
  ];
  it.each(table)("%s", (_name, zone, before, after, utcBefore, utcAfter) => {
    const occ = occurrencesBetween(repeating(0, "0", { timeZone: zone }), before, after);
    expect(occ.map((o) => o.date)).toEqual([before, after]);
    expect(occ.map((o) => o.start.toFormat("HH:mm"))).toEqual(["19:00", "19:00"]);
    expect(occ.map((o) => o.end.toFormat("HH:mm"))).toEqual(["21:00", "21:00"]);
    expect(occ.map((o) => o.start.toUTC().toISO())).toEqual([utcBefore, utcAfter]);
  });

  it("the same rule in two zones meets at each zone's own 7pm", () => {
    const [ny] = occurrencesBetween(repeating(2, "2", { timeZone: "America/New_York" }), "2026-03-01", "2026-03-31");
    const [la] = occurrencesBetween(repeating(2, "2", { timeZone: "America/Los_Angeles" }), "2026-03-01", "2026-03-31");
    expect(ny.date).toBe(la.date);
    expect(la.start.toMillis() - ny.start.toMillis()).toBe(3 * 3600_000);
  });

  it("a time inside a spring-forward gap moves forward by the gap; an ambiguous fall-back time takes the first", () => {
    const [gap] = occurrencesBetween(repeating(0, "0", { startTime: "02:30", endTime: "04:00" }), "2026-03-08", "2026-03-08");
    expect(gap.start.toFormat("HH:mm ZZ")).toBe("03:30 -04:00");
    const [ambiguous] = occurrencesBetween(repeating(0, "0", { startTime: "01:30", endTime: "03:00" }), "2026-11-01", "2026-11-01");
    expect(ambiguous.start.toFormat("HH:mm ZZ")).toBe("01:30 -04:00");
  });

  it.each([
    ["2026-03-08", "02:30", "America/New_York", "gap"],
    ["2026-11-01", "01:30", "America/New_York", "repeated"],
    ["2026-11-01", "02:30", "America/New_York", "normal"],
    ["2026-03-29", "01:00", "Europe/London", "gap"],
    ["2026-04-05", "02:30", "Australia/Sydney", "repeated"],
    ["2026-03-08", "02:30", "America/Phoenix", "normal"],
  ])("%s %s in %s is %s", (date, time, zone, kind) => {
    expect(wallClockKind(date, time, zone)).toBe(kind);
  });

  it("an unknown zone falls back to UTC rather than failing", () => {
    const [o] = occurrencesBetween(repeating(2, "1", { timeZone: "Mars/Olympus" }), "2026-03-01", "2026-03-31");
    expect(o.start.toUTC().toISO()).toBe("2026-03-03T19:00:00.000Z");
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("America/Chicago")).toBe(true);
  });
});

describe("single dates: upcoming until they end", () => {
  // 2026-03-03 19:00 to 21:00 in New York is 2026-03-04T00:00Z to 02:00Z.
  const s = single("2026-03-03");
  const table: [string, string, string[]][] = [
    ["weeks before", "2026-01-10T12:00:00Z", ["2026-03-03"]],
    ["the morning of the day", "2026-03-03T14:00:00Z", ["2026-03-03"]],
    ["while it runs", "2026-03-04T01:00:00Z", ["2026-03-03"]],
    ["its last minute", "2026-03-04T01:59:00Z", ["2026-03-03"]],
    ["exactly when it ends", "2026-03-04T02:00:00Z", []],
    ["hours after it ended (12 after it started, the old grace)", "2026-03-04T11:59:00Z", []],
    ["the next week", "2026-03-10T12:00:00Z", []],
  ];
  it.each(table)("%s", (_name, now, expected) => {
    expect(upcomingOccurrences(s, new Date(now)).map((o) => o.date)).toEqual(expected);
  });

  it("a single date far ahead is still shown (the six-week horizon is for repeating events)", () => {
    expect(upcomingOccurrences(single("2027-06-01"), new Date("2026-03-01T00:00:00Z")).map((o) => o.date)).toEqual(["2027-06-01"]);
  });

  it("a bad date gives nothing", () => {
    expect(upcomingOccurrences(single("2026-02-30"), new Date("2026-01-01T00:00:00Z"))).toEqual([]);
    expect(upcomingOccurrences({ ...single("x"), singleDate: null }, new Date("2026-01-01T00:00:00Z"))).toEqual([]);
  });
});

describe("next dates of repeating events: from today, six weeks ahead, at most 4", () => {
  const table: [string, ScheduleInput, string, string[]][] = [
    ["weekly: today's meeting and the next three", repeating(2, "0"), "2026-03-03T15:00:00Z", ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24"]],
    [
      "weekly: tonight's meeting counts while it runs (past midnight UTC)",
      repeating(2, "0"),
      "2026-03-04T01:30:00Z",
      ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24"],
    ],
    ["weekly: it drops off once it ends", repeating(2, "0"), "2026-03-04T02:00:00Z", ["2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31"]],
    [
      "weekly: yesterday's meeting that runs past midnight counts until it ends",
      repeating(2, "0", { startTime: "22:00", endTime: "01:00" }),
      "2026-03-04T05:30:00Z",
      ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24"],
    ],
    [
      "weekly: and no longer",
      repeating(2, "0", { startTime: "22:00", endTime: "01:00" }),
      "2026-03-04T06:00:00Z",
      ["2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31"],
    ],
    ["first Tuesday: only one within six weeks", repeating(2, "1"), "2026-03-04T12:00:00Z", ["2026-04-07"]],
    ["first Tuesday: two when the window holds two", repeating(2, "1"), "2026-03-02T12:00:00Z", ["2026-03-03", "2026-04-07"]],
    ["six weeks means today + 42 days, inclusive", repeating(2, "1"), "2026-02-24T15:00:00Z", ["2026-03-03", "2026-04-07"]],
    ["second and fourth", repeating(2, "2,4"), "2026-03-01T12:00:00Z", ["2026-03-10", "2026-03-24"]],
    ["even weeks", repeating(2, "6"), "2026-03-01T12:00:00Z", ["2026-03-03", "2026-03-17", "2026-03-31"]],
    [
      "'today' is the chapter's today: 11pm Monday in New York",
      repeating(2, "0"),
      "2026-03-03T04:00:00Z",
      ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24"],
    ],
    [
      "'today' is the chapter's today: already Tuesday noon in Tokyo",
      repeating(2, "0", { timeZone: "Asia/Tokyo" }),
      "2026-03-03T03:00:00Z",
      ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-24"],
    ],
    [
      "Tokyo: Tuesday's 19:00 to 21:00 JST has ended",
      repeating(2, "0", { timeZone: "Asia/Tokyo" }),
      "2026-03-03T12:00:00Z",
      ["2026-03-10", "2026-03-17", "2026-03-24", "2026-03-31"],
    ],
    ["across a year end", repeating(4, "5"), "2026-12-01T12:00:00Z", ["2026-12-31"]],
  ];
  it.each(table)("%s", (_name, s, now, expected) => {
    expect(upcomingOccurrences(s, new Date(now)).map((o) => o.date)).toEqual(expected);
  });

  it("respects a smaller limit", () => {
    expect(upcomingOccurrences(repeating(2, "0"), new Date("2026-03-01T00:00:00Z"), 2)).toHaveLength(2);
  });
});

describe("first occurrence on or after a date (feed anchors)", () => {
  it.each([
    ["2,4", "2026-03-11", "2026-03-24"],
    ["5", "2026-02-25", "2026-03-31"],
    ["7", "2026-03-03", "2026-03-10"],
  ])("codes %s from %s -> %s", (codes, from, expected) => {
    expect(firstOccurrenceOnOrAfter(repeating(2, codes), from)?.date).toBe(expected);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2023-02-28", 1, "2023-03-01"],
    ["2026-12-31", 400, "2028-02-04"],
    ["2026-03-01", -1, "2026-02-28"],
    ["0099-12-31", 1, "0100-01-01"],
  ])("%s plus %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(addDays(date, days)).toBe(DateTime.fromISO(date, { zone: "utc" }).plus({ days }).toISODate());
  });

  it.each(["2026-02-30", "2026-1-5", "", "tomorrow"])("answers null for %j, which is not a date", (date) => {
    expect(addDays(date, 1)).toBeNull();
  });
});
