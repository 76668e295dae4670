import { describe, expect, it } from "vitest";
import { feedComponents } from "./rrule";
import type { ScheduleInput } from "../schedule/engine";

const s = (day: number, weeks: string, extra: Partial<ScheduleInput> = {}): ScheduleInput => ({
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: day,
  weeksOfMonthIndexes: weeks,
  startTime: "19:00",
  endTime: "21:00",
  timeZone: "America/New_York",
  ...extra,
});
const summary = (day: number, weeks: string, anchor = "2026-03-01") =>
  feedComponents(7, s(day, weeks), anchor).map((c) => ({ uid: c.uid, rrule: c.rrule, start: c.start.toFormat("yyyy-MM-dd HH:mm ZZ") }));

describe("RRULEs for each kind of schedule (anchor 2026-03-01, Tuesdays)", () => {
  it.each([
    ["0", [{ uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;BYDAY=TU", start: "2026-03-03 19:00 -05:00" }]],
    ["6,7", [{ uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;BYDAY=TU", start: "2026-03-03 19:00 -05:00" }]],
    ["0,5", [{ uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;BYDAY=TU", start: "2026-03-03 19:00 -05:00" }]],
    ["2,4", [{ uid: "event-7@chapterhouse", rrule: "FREQ=MONTHLY;BYDAY=2TU,4TU", start: "2026-03-10 19:00 -04:00" }]],
    ["5", [{ uid: "event-7@chapterhouse", rrule: "FREQ=MONTHLY;BYDAY=-1TU", start: "2026-03-31 19:00 -04:00" }]],
    ["6", [{ uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", start: "2026-03-03 19:00 -05:00" }]],
    ["7", [{ uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", start: "2026-03-10 19:00 -04:00" }]],
    [
      "6,2",
      [
        { uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", start: "2026-03-03 19:00 -05:00" },
        { uid: "event-7-2@chapterhouse", rrule: "FREQ=DAILY;INTERVAL=14;BYMONTHDAY=8,9,10,11,12,13,14", start: "2026-03-10 19:00 -04:00" },
      ],
    ],
    // Refused by the API; rows stored earlier still get a feed (the month weeks as a monthly rule).
    [
      "6,5",
      [
        { uid: "event-7@chapterhouse", rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", start: "2026-03-03 19:00 -05:00" },
        { uid: "event-7-2@chapterhouse", rrule: "FREQ=MONTHLY;BYDAY=-1TU", start: "2026-03-31 19:00 -04:00" },
      ],
    ],
  ])("codes %s", (weeks, expected) => {
    expect(summary(2, weeks)).toEqual(expected);
  });

  it("writes a single date as one VEVENT without RRULE", () => {
    const [c] = feedComponents(3, s(0, "", { isSingleDate: true, singleDate: "2026-12-31" }), "2026-01-01");
    expect(c).toMatchObject({ uid: "event-3@chapterhouse", rrule: null });
    expect(c.start.toISO()).toBe("2026-12-31T19:00:00.000-05:00");
  });

  it("writes nothing for an event that cannot meet", () => {
    expect(feedComponents(3, s(2, ""), "2026-01-01")).toEqual([]);
    expect(feedComponents(3, s(9, "0"), "2026-01-01")).toEqual([]);
  });
});
