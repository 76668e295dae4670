import { describe, expect, it } from "vitest";
import { monthFrame } from "./months";

describe("monthFrame", () => {
  it("ends with the month `now` is in, in the zone asked for", () => {
    // 07:30 UTC on 1 March is still 28 February in Los Angeles (UTC-8).
    const now = new Date("2026-03-01T07:30:00Z");
    const la = monthFrame(now, "America/Los_Angeles");
    expect(la.labels).toHaveLength(12);
    expect([la.labels[0], la.labels[11]]).toEqual(["2025-03", "2026-02"]);
    expect([la.bounds[0], la.bounds[12]]).toEqual(["2025-03-01T08:00:00.000Z", "2026-03-01T08:00:00.000Z"]);
    expect([la.firstDate, la.lastDate]).toEqual(["2025-03-01", "2026-02-28"]);
    const utc = monthFrame(now, "UTC");
    expect([utc.labels[0], utc.labels[11]]).toEqual(["2025-04", "2026-03"]);
    expect(utc.bounds[12]).toBe("2026-04-01T00:00:00.000Z");
  });

  it("starts each month at local midnight across daylight-saving changes", () => {
    const frame = monthFrame(new Date("2026-12-15T12:00:00Z"), "America/New_York");
    expect(frame.bounds.slice(2, 4)).toEqual(["2026-03-01T05:00:00.000Z", "2026-04-01T04:00:00.000Z"]);
  });
});
