import { describe, expect, it } from "vitest";
import { relativeAge } from "./relativeAge";

const now = new Date("2026-06-15T12:00:00.000Z");
const daysAgo = (d: number, extraMs = 0) => new Date(now.getTime() - d * 86_400_000 - extraMs);

describe("relativeAge (spec 001 section 9)", () => {
  it.each([
    [0, "today"],
    [0.99, "today"],
    [1, "1 day"],
    [1.5, "1 day"],
    [2, "2 days"],
    [6, "6 days"],
    [7, "1 week"],
    [13, "1 week"],
    [14, "2 weeks"],
    [29, "4 weeks"],
    [30, "1 month"],
    [59, "1 month"],
    [60, "2 months"],
    [364, "12 months"],
    [365, "1 year"],
    [729, "1 year"],
    [730, "2 years"],
    [1100, "3 years"],
  ])("%s days ago reads %s", (days, expected) => {
    expect(relativeAge(daysAgo(days), now)).toBe(expected);
  });

  it("accepts ISO strings and treats future dates as today", () => {
    expect(relativeAge(daysAgo(3).toISOString(), now)).toBe("3 days");
    expect(relativeAge(new Date(now.getTime() + 86_400_000 * 5), now)).toBe("today");
  });
});
