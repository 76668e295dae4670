import { describe, expect, it } from "vitest";
import { upcomingOccurrences, type ScheduleInput } from "../schedule/engine";
import { firstUpcomingOccurrence } from "./chapterPins";

const at = (o: { date: string; start: { toMillis(): number } } | undefined) => (o ? `${o.date} ${o.start.toMillis()}` : "none");

describe("firstUpcomingOccurrence", () => {
  it("answers what the schedule engine's first upcoming occurrence is, for every kind of week code, zone and moment", () => {
    const moments = ["2026-03-08T07:30:00Z", "2026-03-29T01:30:00Z", "2026-11-01T06:00:00Z", "2026-12-31T23:59:00Z", "2027-02-27T18:00:00Z"].map(
      (s) => new Date(s),
    );
    let compared = 0;
    for (const timeZone of ["America/New_York", "America/Los_Angeles", "Pacific/Honolulu", "Europe/London"]) {
      for (const weeksOfMonthIndexes of ["0", "1", "2,4", "3", "5", "6", "7", "1,5"]) {
        for (let dayOfWeekIndex = 0; dayOfWeekIndex < 7; dayOfWeekIndex++) {
          for (const now of moments) {
            const s: ScheduleInput = {
              isSingleDate: false,
              singleDate: null,
              dayOfWeekIndex,
              weeksOfMonthIndexes,
              startTime: "19:00",
              endTime: "21:00",
              timeZone,
            };
            expect(at(firstUpcomingOccurrence(s, now)), `${timeZone} ${weeksOfMonthIndexes} ${dayOfWeekIndex} ${now.toISOString()}`).toBe(
              at(upcomingOccurrences(s, now, 1)[0]),
            );
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(4 * 8 * 7 * 5);
  });

  it("keeps a single date until it ends", () => {
    const s: ScheduleInput = {
      isSingleDate: true,
      singleDate: "2026-12-01",
      dayOfWeekIndex: null,
      weeksOfMonthIndexes: "",
      startTime: "19:00",
      endTime: "21:00",
      timeZone: "America/Chicago",
    };
    // 19:00 to 21:00 in Chicago is 01:00 to 03:00 UTC the next day.
    expect(firstUpcomingOccurrence(s, new Date("2026-12-02T02:59:00Z"))?.date).toBe("2026-12-01");
    expect(firstUpcomingOccurrence(s, new Date("2026-12-02T03:01:00Z"))).toBeUndefined();
  });
});
