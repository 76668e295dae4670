import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { meetupTime, plainText } from "./pageHead";

describe("page head helpers shared by server and UI", () => {
  it("says a meetup's time as written in its answer (the chapter's wall time), as luxon formats it", () => {
    for (const iso of ["2026-12-08T19:00:00-06:00", "2027-03-14T03:30:00-06:00", "2026-07-04T00:05:00+02:00", "2026-02-28T12:00:00-08:00"]) {
      expect(meetupTime(iso), iso).toBe(DateTime.fromISO(iso, { setZone: true }).toFormat("cccc, LLLL d, yyyy, h:mm a"));
    }
    expect(meetupTime("2026-12-08T19:00:00-06:00")).toBe("Tuesday, December 8, 2026, 7:00 PM");
  });

  it("reads rich text as one plain line", () => {
    expect(plainText("## Help out\n\nWe need [hosts](https://x.org) <b>in</b> every ![x](y.png) **town**.")).toBe("Help out We need hosts in every town.");
  });
});
