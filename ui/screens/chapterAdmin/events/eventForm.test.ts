import { describe, expect, it } from "vitest";
import { NEW_EVENT, newEventFor, eventBody, eventErrors, formFieldOf, isIsoDate, type EventField, type EventFormValues } from "./eventForm";
import { TIME_CHOICES, WEEKDAY_NAMES } from "../../../../server/contracts/schedule";

const valid = { ...NEW_EVENT, name: "Rudy's", address1: "627 9th Ave", city: "New York" };

describe("event form", () => {
  it("starts a new event in the chapter's state; outside the US with no state and the chapter's country", () => {
    expect(newEventFor({ state: "id", country: "USA" })).toMatchObject({ state: "id", country: "USA" });
    expect(newEventFor({ state: "NY", country: "USA" }).state).toBe("ny");
    expect(newEventFor({ state: "int", country: "United Kingdom" })).toMatchObject({ state: "", country: "United Kingdom" });
  });

  it("offers half-hour times from 12:00am to 11:30pm and weekdays Sunday to Saturday", () => {
    expect(TIME_CHOICES).toHaveLength(48);
    expect(TIME_CHOICES[0]).toEqual({ value: "00:00", label: "12:00am" });
    expect(TIME_CHOICES[1]).toEqual({ value: "00:30", label: "12:30am" });
    expect(TIME_CHOICES[24]).toEqual({ value: "12:00", label: "12:00pm" });
    expect(TIME_CHOICES[47]).toEqual({ value: "23:30", label: "11:30pm" });
    expect(WEEKDAY_NAMES[0]).toBe("Sunday");
    expect(WEEKDAY_NAMES[6]).toBe("Saturday");
  });

  it("asks for the spec's required fields with its messages", () => {
    expect(eventErrors(NEW_EVENT)).toEqual({ name: "Name is Required", address1: "Address is Required", city: "City is Required" });
    expect(eventErrors({ ...valid, name: "  " }).name).toBe("Name is Required");
    expect(eventErrors(valid)).toEqual({});
  });

  it.each<[Partial<EventFormValues>, EventField, string]>([
    [{ endTime: "19:00" }, "endTime", "End time must be after the start time"],
    [{ weeks: [] }, "weeks", "Check at least one week"],
    [{ weeks: [6, 5] }, "weeks", "Even Weeks or Odd Weeks cannot be combined with Last Week of the Month"],
    [{ isSingleDate: true, singleDate: "" }, "singleDate", "Date is Required (YYYY-MM-DD)"],
    [{ isSingleDate: true, singleDate: "2026-02-30" }, "singleDate", "Date must be a real date in the form YYYY-MM-DD"],
  ])("checks %j", (change, field, message) => {
    expect(eventErrors({ ...valid, ...change })[field]).toBe(message);
  });

  it("lets Even Weeks go with First..Fourth, and Every Week with anything", () => {
    expect(eventErrors({ ...valid, weeks: [6, 2] })).toEqual({});
    expect(eventErrors({ ...valid, weeks: [0, 6, 5] })).toEqual({});
  });

  it("knows real dates", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("03/04/2026")).toBe(false);
  });

  it("posts a repeating event with both week forms, and a single date without weekday or weeks", () => {
    expect(eventBody({ ...valid, weeks: [4, 2] }, 7)).toMatchObject({
      chapterId: 7,
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexesArray: [2, 4],
      weeksOfMonthIndexes: "2,4",
    });
    expect(eventBody({ ...valid, isSingleDate: true, singleDate: "2026-12-31" }, 7, "x")).toMatchObject({
      slug: "x",
      singleDate: "2026-12-31",
      dayOfWeekIndex: null,
      weeksOfMonthIndexesArray: [],
    });
    expect(eventBody(valid, 7)).not.toHaveProperty("slug");
  });

  it("maps the server's field names onto the form", () => {
    expect(formFieldOf("weeksOfMonthIndexesArray")).toBe("weeks");
    expect(formFieldOf("name")).toBe("name");
    expect(formFieldOf("chapterId")).toBeUndefined();
  });
});
