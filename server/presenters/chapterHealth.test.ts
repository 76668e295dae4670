import { describe, expect, it } from "vitest";
import { silenceStartText, type ChapterHealthList, type ChapterHealthRow } from "../contracts/chapterHealth";
import { calendarDateMedium, localDateIn } from "../contracts/schedule";
import { presentHealthCsv } from "./chapterHealth";
import { healthRow } from "../test/healthRows";

const at = "2026-07-20T12:00:00.000Z";
const row = (over: Partial<ChapterHealthRow>) =>
  healthRow({ chapterId: 1, slug: "nyc", title: "New York City", lastEmailAt: null, countedFrom: "2026-07-01T12:00:00.000Z", silenceFrom: "founded", ...over });
const csvRows = (rows: ChapterHealthRow[]) => {
  const list: ChapterHealthList = { settings: { atRiskAfterDays: 42, dormantAfterDays: 56 }, counts: { active: 1, at_risk: 0, dormant: 0 }, at, rows };
  const [header, ...lines] = presentHealthCsv(list).trim().split("\r\n");
  const names = header.split(",").map((h) => JSON.parse(h) as string);
  // Cells split at commas outside quotes (numbers are written bare).
  const cells = (line: string) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((c) => c.replace(/^"|"$/g, ""));
  return lines.map((l) => Object.fromEntries(cells(l).map((cell, i) => [names[i], cell])));
};

describe("the health table's dates", () => {
  it("are the chapter's local dates in the CSV: a meetup at 23:30 in Los Angeles is the next day in UTC", () => {
    // Tuesday 14 July 2026, 23:30 in Los Angeles (UTC-7) is 06:30 UTC on the 15th; the email at 20:00 in Honolulu too.
    const [la, honolulu] = csvRows([
      row({ timeZone: "America/Los_Angeles", lastMeetupAt: "2026-07-15T06:30:00.000Z", nextMeetupAt: "2026-07-22T06:30:00.000Z" }),
      row({
        chapterId: 2,
        slug: "honolulu",
        timeZone: "Pacific/Honolulu",
        lastEmailAt: "2026-07-15T06:00:00.000Z",
        countedFrom: "2026-07-15T06:00:00.000Z",
        silenceFrom: "last_email",
      }),
    ]);
    expect([la["Last meetup"], la["Next meetup"], la["Time zone"]]).toEqual(["2026-07-14", "2026-07-21", "America/Los_Angeles"]);
    expect([honolulu["Last email"], honolulu["Silence counted"]]).toEqual(["2026-07-14", "since the last email on 2026-07-14"]);
    // London is ahead of UTC: 23:30 UTC on the 14th is already the 15th there.
    const [london] = csvRows([row({ timeZone: "Europe/London", lastMeetupAt: "2026-07-14T23:30:00.000Z" })]);
    expect(london["Last meetup"]).toBe("2026-07-15");
  });

  it("say where the silence is counted from, in words, with an empty cell for a date that is not there", () => {
    const [founded, back] = csvRows([row({}), row({ chapterId: 2, silenceFrom: "brought_back", countedFrom: "2026-07-10T03:00:00.000Z" })]);
    expect(founded["Silence counted"]).toBe("since founded on 2026-07-01");
    expect(founded["Last email"]).toBe("");
    // 03:00 UTC on the 10th is still the 9th in New York.
    expect(back["Silence counted"]).toBe("since brought back on 2026-07-09");
  });

  it("read the same on the screen: the medium date of the same local date", () => {
    expect(silenceStartText("last_email", calendarDateMedium(localDateIn("2026-07-15T06:30:00.000Z", "America/Los_Angeles")))).toBe(
      "since the last email on Jul 14, 2026",
    );
    expect(localDateIn("2026-07-15T06:30:00.000Z", "Not/AZone")).toBe("2026-07-15");
    expect(localDateIn(null, "UTC")).toBe("");
  });
});
