import { describe, expect, it } from "vitest";
import { formatDate, formatTime, nextEventOf, scheduleText } from "./format";
import type { ChapterEventInfo } from "../../server/contracts/chapter";

const event = (over: Partial<ChapterEventInfo>): ChapterEventInfo => ({
  id: 1,
  chapterId: 1,
  slug: "e",
  name: "Bar",
  description: "",
  address1: "",
  address2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "",
  lat: 1,
  lng: 1,
  startTime: "19:00",
  endTime: "21:00",
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: 2,
  weeksOfMonthIndexes: "1,3",
  weeksOfMonthIndexesArray: [1, 3],
  nextDates: [],
  cancelledDates: [],
  confirmedDates: [],
  capacity: null,
  updatedAt: "",
  ...over,
});

describe("format", () => {
  it("formats times and calendar dates without shifting the day", () => {
    expect(formatTime("19:00")).toBe("7:00 PM");
    expect(formatTime("00:30")).toBe("12:30 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatDate("2026-11-24")).toBe("Tuesday, November 24, 2026");
  });

  it("describes a recurring rule", () => {
    expect(scheduleText(event({}))).toBe("First and Third Tuesday of the month");
    expect(scheduleText(event({ weeksOfMonthIndexes: "0", weeksOfMonthIndexesArray: [0] }))).toBe("Every Tuesday");
  });

  it("picks the event meeting soonest", () => {
    const later = event({ id: 1, nextDates: [{ start: "2026-12-01T19:00:00-05:00", end: "", date: "2026-12-01" }] });
    const sooner = event({ id: 2, nextDates: [{ start: "2026-11-25T19:00:00-05:00", end: "", date: "2026-11-25" }] });
    expect(nextEventOf([later, sooner])?.id).toBe(2);
    expect(nextEventOf([event({ id: 3, lat: 0, lng: 0 }), event({ id: 4 })])?.id).toBe(4);
  });
});
