import { describe, expect, it } from "vitest";
import { calendarDateMedium, describeSchedule } from "./schedule";

const rule = { isSingleDate: false, singleDate: null, dayOfWeekIndex: 2, weeksOfMonthIndexes: "1,3" };

describe("describeSchedule", () => {
  it("writes a rule the same way on every screen", () => {
    expect(describeSchedule(rule)).toBe("First and Third Tuesday of the month");
    expect(describeSchedule({ ...rule, weeksOfMonthIndexes: "0" })).toBe("Every Tuesday");
  });

  it("writes a single date as the site writes dates, with no time zone shift", () => {
    expect(describeSchedule({ ...rule, isSingleDate: true, singleDate: "2026-12-12" })).toBe("Dec 12, 2026");
    expect(calendarDateMedium("2026-01-01")).toBe("Jan 1, 2026");
    expect(calendarDateMedium(null)).toBe("");
  });
});
