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
  feedComponents(7, s(day, weeks), anchor, "2027-12-31").map((c) => ({ uid: c.uid, rrule: c.rrule, start: c.start.toFormat("yyyy-MM-dd HH:mm ZZ") }));

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
    const [c] = feedComponents(3, s(0, "", { isSingleDate: true, singleDate: "2026-12-31" }), "2026-01-01", "2027-12-31");
    expect(c).toMatchObject({ uid: "event-3@chapterhouse", rrule: null });
    expect(c.start.toISO()).toBe("2026-12-31T19:00:00.000-05:00");
  });

  it("writes nothing for an event that cannot meet", () => {
    expect(feedComponents(3, s(2, ""), "2026-01-01", "2027-12-31")).toEqual([]);
    expect(feedComponents(3, s(9, "0"), "2026-01-01", "2027-12-31")).toEqual([]);
  });
});

describe("meetups a clock change touches", () => {
  const denver = s(0, "2", { startTime: "02:30", endTime: "03:15", timeZone: "America/Denver" });
  const brief = (c: ReturnType<typeof feedComponents>[number]) => ({
    uid: c.uid,
    rrule: c.rrule,
    start: c.inUtc ? c.start.toUTC().toISO() : c.start.toFormat("yyyy-MM-dd HH:mm ZZ"),
    end: c.inUtc ? c.end.toUTC().toISO() : c.end.toFormat("yyyy-MM-dd HH:mm ZZ"),
  });

  it("writes each in UTC through `until`; the rule stops the day before and starts again at the next meetup", () => {
    expect(feedComponents(7, denver, "2026-01-01", "2027-12-31").map(brief)).toEqual([
      // UNTIL: 23:59:59 MST the day before, in UTC.
      { uid: "event-7@chapterhouse", rrule: "FREQ=MONTHLY;BYDAY=2SU;UNTIL=20260308T065959Z", start: "2026-01-11 02:30 -07:00", end: "2026-01-11 03:15 -07:00" },
      {
        uid: "event-7-20260412@chapterhouse",
        rrule: "FREQ=MONTHLY;BYDAY=2SU;UNTIL=20270314T065959Z",
        start: "2026-04-12 02:30 -06:00",
        end: "2026-04-12 03:15 -06:00",
      },
      { uid: "event-7-20270411@chapterhouse", rrule: "FREQ=MONTHLY;BYDAY=2SU", start: "2027-04-11 02:30 -06:00", end: "2027-04-11 03:15 -06:00" },
      { uid: "event-7-20260308@chapterhouse", rrule: null, start: "2026-03-08T09:30:00.000Z", end: "2026-03-08T10:15:00.000Z" },
      { uid: "event-7-20270314@chapterhouse", rrule: null, start: "2027-03-14T09:30:00.000Z", end: "2027-03-14T10:15:00.000Z" },
    ]);
    expect(feedComponents(7, denver, "2026-01-01", "2026-12-31").map((c) => c.uid)).toEqual([
      "event-7@chapterhouse",
      "event-7-20260412@chapterhouse",
      "event-7-20260308@chapterhouse",
    ]);
  });

  it("leaves out a cancelled one", () => {
    expect(feedComponents(7, denver, "2026-01-01", "2027-12-31", new Set(["2026-03-08"])).map((c) => c.uid)).not.toContain("event-7-20260308@chapterhouse");
  });

  it("starts a rule on a meetup no clock change touches, so its length is the rule's exact duration", () => {
    const weekly = s(0, "0", { startTime: "01:30", endTime: "03:30", timeZone: "America/New_York" });
    const parts = feedComponents(8, weekly, "2026-03-08", "2026-12-31").map(brief);
    expect(parts).toEqual([
      { uid: "event-8@chapterhouse", rrule: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261101T035959Z", start: "2026-03-15 01:30 -04:00", end: "2026-03-15 03:30 -04:00" },
      { uid: "event-8-20261108@chapterhouse", rrule: "FREQ=WEEKLY;BYDAY=SU", start: "2026-11-08 01:30 -05:00", end: "2026-11-08 03:30 -05:00" },
      // The anchor's own meetup, before the first DTSTART, is one of the VEVENTs of its own.
      { uid: "event-8-20260308@chapterhouse", rrule: null, start: "2026-03-08T06:30:00.000Z", end: "2026-03-08T08:30:00.000Z" },
      { uid: "event-8-20261101@chapterhouse", rrule: null, start: "2026-11-01T05:30:00.000Z", end: "2026-11-01T07:30:00.000Z" },
    ]);
  });

  it("cuts only the rule that gives the date (Even/Odd Weeks with month weeks)", () => {
    // 2026-03-08 and 2026-11-01 are in even weeks: the second rule (1st and 2nd Sundays of even weeks) gives them.
    const parts = feedComponents(9, s(0, "7,1,2", { startTime: "01:30", endTime: "02:15", timeZone: "America/Chicago" }), "2026-01-01", "2026-12-31");
    expect(parts.map((c) => [c.uid, c.rrule])).toEqual([
      ["event-9@chapterhouse", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU"],
      ["event-9-2@chapterhouse", "FREQ=DAILY;INTERVAL=14;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14;UNTIL=20260308T055959Z"],
      ["event-9-2-20260405@chapterhouse", "FREQ=DAILY;INTERVAL=14;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14;UNTIL=20261101T045959Z"],
      ["event-9-2-20261213@chapterhouse", "FREQ=DAILY;INTERVAL=14;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14"],
      ["event-9-20260308@chapterhouse", null],
      ["event-9-20261101@chapterhouse", null],
    ]);
  });

  it("writes a single date the change touches in UTC, and others with the zone", () => {
    const [touched] = feedComponents(
      3,
      s(0, "", { isSingleDate: true, singleDate: "2027-03-14", startTime: "02:30", endTime: "03:15", timeZone: "America/Denver" }),
      "2026-01-01",
      "2026-12-31",
    );
    expect(touched).toMatchObject({ uid: "event-3@chapterhouse", inUtc: true });
    expect(touched.start.toUTC().toISO()).toBe("2027-03-14T09:30:00.000Z");
    const [plain] = feedComponents(
      3,
      s(0, "", { isSingleDate: true, singleDate: "2027-03-21", startTime: "02:30", endTime: "03:15", timeZone: "America/Denver" }),
      "2026-01-01",
      "2026-12-31",
    );
    expect(plain.inUtc).toBe(false);
  });
});
