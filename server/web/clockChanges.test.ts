/**
 * The Denver case of issue 27 as it leaves the server: a chapter meets on the 2nd Sunday from 02:30 to 03:15,
 * and on 2027-03-14 the clocks go forward at 02:00. The chapter page's JSON-LD and its calendar feed (read by
 * ical.js and by node-ical) all say 03:30 to 04:15 MDT (09:30Z to 10:15Z), and no date ends before it starts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent } from "../test/factories";
import { expandWithIcalJs, expandWithNodeIcal } from "../test/calendarParsers";
import { chapterHead } from "../contracts/pageHead";
import { Chapter } from "../models/Chapter";
import { CHAPTER_DETAIL_GRAPH, presentChapter } from "../presenters/chapter";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org", SSR: "false" });
  const denver = await buildChapter({ slug: "denver-nights", title: "Drinking Liberally", city: "Denver", state: "co", timeZone: "America/Denver" });
  await buildEvent(denver, {
    name: "The Late Bar",
    dayOfWeekIndex: 0,
    weeksOfMonthIndexes: "2",
    startTime: "02:30",
    endTime: "03:15",
    createdAt: "2026-01-10T12:00:00.000Z",
  });
});
afterAll(async () => t.close());

interface LdEvent {
  "@type": string;
  startDate: string;
  endDate: string;
}

describe("the night the clocks go forward in Denver", () => {
  it("the chapter page's JSON-LD starts the meetup at 03:30 MDT and ends it 45 minutes later", async () => {
    // The chapter's answer as the API gives it on 2027-03-10, and the head its route makes from it.
    const chapter = await Chapter.query().findOne({ slug: "denver-nights" }).withGraphFetched(CHAPTER_DETAIL_GRAPH);
    const head = chapterHead(presentChapter(chapter!, null, {}, new Date("2027-03-10T12:00:00Z")), { publicUrl: "https://example.org" });
    const events = (head.jsonLd![0] as { event: LdEvent[] }).event;
    expect(events[0]).toMatchObject({ startDate: "2027-03-14T03:30:00-06:00", endDate: "2027-03-14T04:15:00-06:00" });
    for (const e of events) expect(Date.parse(e.endDate), e.startDate).toBeGreaterThan(Date.parse(e.startDate));
  });

  it("the chapter's calendar feed says the same to ical.js and to node-ical", async () => {
    const res = await t.request("GET", "/api/chapter_calendar/denver-nights/events.ics");
    expect(res.status).toBe(200);
    const from = Date.parse("2027-03-01T00:00:00Z");
    const to = Date.parse("2027-04-30T00:00:00Z");
    for (const meetups of [expandWithIcalJs(res.text, to), expandWithNodeIcal(res.text, from, to)]) {
      const inSpring = meetups
        .filter((m) => m.start >= from && m.start <= to)
        .sort((a, b) => a.start - b.start)
        .map((m) => [new Date(m.start).toISOString(), new Date(m.end).toISOString()]);
      expect(inSpring).toEqual([
        ["2027-03-14T09:30:00.000Z", "2027-03-14T10:15:00.000Z"],
        ["2027-04-11T08:30:00.000Z", "2027-04-11T09:15:00.000Z"],
      ]);
      for (const m of meetups) expect(m.end).toBeGreaterThan(m.start);
    }
  });
});
