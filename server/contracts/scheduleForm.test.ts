import { describe, expect, it } from "vitest";
import { nextMeetingDates, toggledWeekCodes } from "./schedule";
import { occurrencesBetween } from "../schedule/engine";

describe("toggledWeekCodes", () => {
  it("never leaves Every Week ticked with single weeks", () => {
    expect(toggledWeekCodes([0], 2, true)).toEqual([2]);
    expect(toggledWeekCodes([2], 4, true)).toEqual([2, 4]);
    expect(toggledWeekCodes([2, 4], 0, true)).toEqual([0]);
    expect(toggledWeekCodes([2, 4], 2, false)).toEqual([4]);
    expect(toggledWeekCodes([0, 6], 7, true)).toEqual([6, 7]);
  });
});

describe("nextMeetingDates, the form's preview", () => {
  it("gives the schedule engine's dates for every weekday and every set of week codes the form can make", () => {
    const sets = [[0], [1], [2], [3], [4], [5], [6], [7], [2, 4], [1, 3], [4, 5], [6, 7], [1, 6], [2, 7], [0, 3]];
    for (const from of ["2026-11-27", "2027-02-25", "2027-12-28"]) {
      for (let day = 0; day < 7; day++) {
        for (const codes of sets) {
          const engine = occurrencesBetween(
            {
              isSingleDate: false,
              singleDate: null,
              dayOfWeekIndex: day,
              weeksOfMonthIndexes: codes.join(","),
              startTime: "19:00",
              endTime: "21:00",
              timeZone: "America/Chicago",
            },
            from,
            "2029-01-01",
          )
            .slice(0, 4)
            .map((o) => o.date);
          expect(nextMeetingDates(from, day, codes, 4), `${from} day ${day} codes ${codes}`).toEqual(engine);
        }
      }
    }
  });

  it("lists the second and fourth Tuesdays", () => {
    expect(nextMeetingDates("2026-11-27", 2, [2, 4], 4)).toEqual(["2026-12-08", "2026-12-22", "2027-01-12", "2027-01-26"]);
    expect(nextMeetingDates("2026-11-27", 2, [], 4)).toEqual([]);
  });
});
