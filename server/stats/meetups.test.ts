import { describe, expect, it } from "vitest";
import { countMeetups } from "./meetups";
import { monthFrame } from "./months";

/** A stored event row (as the database answers it) of chapter 1. */
const row = (over: Record<string, unknown>) => ({
  chapterId: 1,
  createdAt: "2020-01-01T00:00:00.000Z",
  isSingleDate: 0,
  singleDate: null,
  dayOfWeekIndex: null,
  weeksOfMonthIndexes: "",
  startTime: "19:00",
  endTime: "21:00",
  cancelledDates: "[]",
  confirmedDates: "[]",
  ...over,
});

describe("countMeetups", () => {
  // Wednesday 15 July 2026, 19:30 in New York (23:30 UTC).
  const now = new Date("2026-07-15T23:30:00Z");
  const zone = "America/New_York";
  const frame = monthFrame(now, zone);
  const zones = new Map([[1, zone]]);

  it("counts a meetup as held once it has started, and expires when the next one starts", async () => {
    const events = [
      row({ isSingleDate: 1, singleDate: "2026-07-15", startTime: "19:00" }), // started half an hour ago
      row({ isSingleDate: 1, singleDate: "2026-07-15", startTime: "20:00", endTime: "22:00" }), // starts in half an hour
      row({ isSingleDate: 1, singleDate: "2026-07-16", startTime: "18:00" }),
    ];
    const counts = await countMeetups(events, zones, frame, now);
    expect(counts.held[11]).toBe(1);
    expect(counts.nextStart).toBe(Date.parse("2026-07-16T00:00:00Z"));
  });

  it("counts every Wednesday by date: cancelled ones apart, confirmed ones that are on, none before the event existed", async () => {
    const events = [
      row({
        dayOfWeekIndex: 3,
        weeksOfMonthIndexes: "0",
        createdAt: "2026-06-20T12:00:00Z",
        cancelledDates: JSON.stringify([{ date: "2026-07-01", note: "" }]),
        confirmedDates: JSON.stringify([
          { date: "2026-07-01", at: "2026-06-30T00:00:00Z" },
          { date: "2026-07-08", at: "2026-07-07T00:00:00Z" },
          { date: "2026-07-22", at: "2026-07-14T00:00:00Z" },
        ]),
      }),
    ];
    const counts = await countMeetups(events, zones, frame, now);
    // June: the 24th only (created on the 20th). July: the 8th and the 15th held (the 1st cancelled); the 22nd and 29th to come.
    expect(counts.held.slice(10)).toEqual([1, 2]);
    expect(counts.cancelled.slice(10)).toEqual([0, 1]);
    expect(counts.confirmed.slice(10)).toEqual([0, 2]);
    expect(counts.held.slice(0, 10).every((n) => n === 0)).toBe(true);
  });
});
