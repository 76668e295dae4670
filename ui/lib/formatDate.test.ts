import { describe, expect, it } from "vitest";
import { formatMedium, formatMediumDate } from "./formatDate";

describe("formatDate", () => {
  it("writes a record's date and a moment the one way every screen shows them", () => {
    expect(formatMediumDate("2026-11-23T12:00:00Z")).toMatch(/^Nov 2[234], 2026$/);
    expect(formatMedium("2026-11-23T12:00:00Z")).toMatch(/^Nov 2[234], 2026, \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);
  });

  it("writes nothing for a missing or unreadable value", () => {
    expect(formatMediumDate(null)).toBe("");
    expect(formatMediumDate("not a date")).toBe("");
    expect(formatMedium(undefined)).toBe("");
  });
});
