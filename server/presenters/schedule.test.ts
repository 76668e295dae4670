import { describe, expect, it } from "vitest";
import { ChapterEvent } from "../models/ChapterEvent";
import { nextDatesFor } from "./schedule";
import { presentEvent } from "./chapter";

const event = (overrides: Partial<ChapterEvent>) =>
  ChapterEvent.fromJson(
    {
      id: 1,
      chapterId: 1,
      slug: "e",
      name: "Bar",
      description: "",
      address1: "1 Main",
      address2: "",
      city: "X",
      state: "",
      postalCode: "",
      country: "",
      lat: null,
      lng: null,
      startTime: "19:00",
      endTime: "21:00",
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: "2,4",
      sequence: 0,
      updatedAt: "2026-01-01T00:00:00.000Z",
      ...overrides,
    },
    { skipValidation: true },
  );

describe("nextDatesFor", () => {
  it("gives a repeating event's dates with the chapter's offset, soonest first", () => {
    const dates = nextDatesFor(event({}), "America/Chicago", new Date("2026-03-01T12:00:00Z"));
    expect(dates).toEqual([
      { date: "2026-03-10", start: "2026-03-10T19:00:00-05:00", end: "2026-03-10T21:00:00-05:00" },
      { date: "2026-03-24", start: "2026-03-24T19:00:00-05:00", end: "2026-03-24T21:00:00-05:00" },
    ]);
  });

  it("gives at most 4 dates, and a past single date none", () => {
    expect(nextDatesFor(event({ weeksOfMonthIndexes: "0" }), "Europe/London", new Date("2026-03-01T12:00:00Z"))).toHaveLength(4);
    expect(nextDatesFor(event({ isSingleDate: true, singleDate: "2026-02-01" }), "Europe/London", new Date("2026-03-01T12:00:00Z"))).toEqual([]);
  });

  it("is what presentEvent sends", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const presented = presentEvent(
      event({ isSingleDate: true, singleDate: "2026-03-05", dayOfWeekIndex: null, weeksOfMonthIndexes: "" }),
      "America/Los_Angeles",
      now,
    );
    expect(presented.nextDates).toEqual([{ date: "2026-03-05", start: "2026-03-05T19:00:00-08:00", end: "2026-03-05T21:00:00-08:00" }]);
  });
});
