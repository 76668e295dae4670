import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { ChapterEvent } from "../models/ChapterEvent";
import { Chapter } from "../models/Chapter";
import { buildFeed, forgetRenderedEvents, pieceStats, storedInstant, warmUpFeedWriter, type FeedEvent } from "./feed";
import { DateTime } from "luxon";
import { countEvents, icalProblems } from "./structure";

const chapter = ({ typeName = "drinking", ...o }: Partial<Chapter> & { typeName?: string } = {}) =>
  Object.assign(
    Chapter.fromJson(
      { id: 1, slug: "nyc", title: "New York City", city: "New York City", state: "ny", timeZone: "America/New_York", status: 1, ...o },
      { skipValidation: true },
    ),
    { typeName },
  );
const event = (id: number, o: Partial<ChapterEvent> = {}) =>
  ChapterEvent.fromJson(
    {
      id,
      chapterId: 1,
      slug: `e${id}`,
      name: "Rudy's Bar",
      description: "",
      address1: "627 9th Ave",
      address2: "",
      city: "New York",
      state: "NY",
      postalCode: "10036",
      country: "USA",
      lat: null,
      lng: null,
      startTime: "19:00",
      endTime: "21:00",
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: "0",
      sequence: 0,
      createdAt: "2026-01-15T12:00:00.000Z",
      updatedAt: "2026-02-01T10:00:00.000Z",
      ...o,
    },
    { skipValidation: true },
  );
const feed = (events: FeedEvent[]) => buildFeed({ name: "Test", description: "Test feed", publicUrl: "https://example.org", events });

describe("the structural check", () => {
  const good = feed([{ event: event(1), chapter: chapter() }]);
  it("passes a generated feed", () => {
    expect(icalProblems(good)).toEqual([]);
  });
  it.each([
    ["bare LF line ends", good.replace(/\r\n/g, "\n"), "a line ends without CRLF"],
    ["an unfolded long line", good.replace("SUMMARY:", "SUMMARY:" + "x".repeat(80)), "octets"],
    ["a VEVENT without UID", good.replace(/UID:[^\r]+\r\n/, ""), "a VEVENT has no UID"],
    ["a VEVENT without DTSTAMP", good.replace(/DTSTAMP:[^\r]+\r\n/, ""), "a VEVENT has no DTSTAMP"],
    ["no VERSION", good.replace("VERSION:2.0\r\n", ""), "no VERSION"],
    ["no PRODID", good.replace(/PRODID:[^\r]+\r\n/, ""), "no PRODID"],
    ["a TZID without VTIMEZONE", good.replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/, ""), "no VTIMEZONE for TZID America/New_York"],
    ["a calendar property after a component", good.replace("END:VCALENDAR", "X-LATE:1\r\nEND:VCALENDAR"), "calendar property X-LATE after a component"],
  ])("catches %s", (_name, text, problem) => {
    expect(icalProblems(text).join("\n")).toContain(problem);
  });
});

describe("buildFeed", () => {
  it("folds long UTF-8 lines at 75 octets and keeps CRLF", () => {
    const text = feed([{ event: event(1, { name: "Café ☕ Ümlaut ".repeat(10), description: "Línea uno\nLínea dos ".repeat(20) }), chapter: chapter() }]);
    expect(icalProblems(text)).toEqual([]);
    expect(text).toMatch(/\r\n [^\r]/);
  });

  it("writes local times with TZID, one VTIMEZONE per zone, and UTC times with Z", () => {
    const text = feed([
      { event: event(1), chapter: chapter() },
      { event: event(2), chapter: chapter({ id: 2, slug: "b", timeZone: "America/New_York" }) },
      { event: event(3, { dayOfWeekIndex: 4 }), chapter: chapter({ id: 3, slug: "l", timeZone: "Europe/London" }) },
      {
        event: event(4, { isSingleDate: true, singleDate: "2026-07-04", dayOfWeekIndex: null, weeksOfMonthIndexes: "" }),
        chapter: chapter({ id: 4, slug: "u", timeZone: "UTC" }),
      },
    ]);
    expect(icalProblems(text)).toEqual([]);
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(2);
    expect(text).toContain("DTSTART;TZID=America/New_York:20260120T190000\r\n");
    expect(text).toContain("DTSTART;TZID=Europe/London:20260115T190000\r\n");
    expect(text).toContain("DTSTART:20260704T190000Z\r\n");
    expect(countEvents(text)).toBe(4);
  });

  it("writes GEO when the event has coordinates, and the chapter page as URL", () => {
    const text = feed([{ event: event(1, { lat: 40.76, lng: -73.99 }), chapter: chapter() }]);
    expect(text).toContain("GEO:40.76;-73.99\r\n");
    expect(text).toContain("URL;VALUE=URI:https://example.org/chapter/ny/nyc\r\n");
  });

  it("renders the same bytes for the same rows (no clock in the output)", () => {
    const rows = () => [{ event: event(1), chapter: chapter() }];
    expect(feed(rows())).toBe(feed(rows()));
  });

  it("writes each cancelled meetup as an EXDATE on every VEVENT of the event, in DTSTART's zone, and ical.js skips it", () => {
    const cancelledDates = [{ date: "2026-03-10", note: "Closed" }];
    const text = feed([
      { event: event(1, { cancelledDates }), chapter: chapter() },
      { event: event(2, { cancelledDates }), chapter: chapter({ id: 2, slug: "u", timeZone: "UTC" }) },
      { event: event(3, { weeksOfMonthIndexes: "6,2", cancelledDates }), chapter: chapter({ id: 3, slug: "p" }) },
    ]);
    expect(icalProblems(text)).toEqual([]);
    expect(text).toContain("EXDATE;TZID=America/New_York:20260310T190000\r\n");
    expect(text).toContain("EXDATE:20260310T190000Z\r\n");
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown as any[]);
    for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents.filter((v) => v.getFirstPropertyValue("exdate"))).toHaveLength(vevents.length);
    for (const vevent of vevents) {
      const iterator = new ICAL.Event(vevent).iterator();
      const dates: string[] = [];
      for (let next = iterator.next(); next && next.toString() < "2026-04-01"; next = iterator.next()) dates.push(next.toString().slice(0, 10));
      expect(dates).not.toContain("2026-03-10");
      if (!vevent.getFirstPropertyValue("uid")!.toString().includes("-2@")) expect(dates).toContain("2026-03-03");
    }
  });

  it("skips events that cannot meet (no week checked)", () => {
    expect(countEvents(feed([{ event: event(1, { weeksOfMonthIndexes: "" }), chapter: chapter() }]))).toBe(0);
  });
});

describe("feedPiecesInSlices", () => {
  it("builds pieces that join into the same bytes as buildFeed", async () => {
    const { feedPiecesInSlices } = await import("./feed");
    const events = [
      { event: event(1), chapter: chapter() },
      {
        event: event(2, { isSingleDate: true, singleDate: "2026-05-01", dayOfWeekIndex: null, weeksOfMonthIndexes: "" }),
        chapter: chapter({ id: 2, slug: "la", title: "Los Angeles", timeZone: "America/Los_Angeles" }),
      },
      { event: event(3, { description: "é".repeat(100) }), chapter: chapter({ id: 3, slug: "utc", title: "Utc", timeZone: "UTC" }) },
    ];
    const opts = { name: "Test", description: "Test feed", publicUrl: "https://example.org", events };
    const sliced = (await feedPiecesInSlices(opts)).join("");
    expect(sliced).toBe(buildFeed(opts));
    expect(sliced).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles");
    expect(icalProblems(sliced)).toEqual([]);
  });
});

describe("storedInstant", () => {
  it.each([
    "2026-01-15T12:00:00.000Z",
    "2026-01-15T12:00:00Z",
    "1999-12-31T23:59:59.999Z",
    "2024-02-29T00:00:00.000Z",
    // Not as Date.toISOString writes it: read by luxon, as before.
    "2026-01-15T12:00:00.000+02:00",
    "2026-01-15T12:00:00",
    "2026-01-15",
    // No such time: invalid either way.
    "2023-02-29T00:00:00.000Z",
    "2026-01-15T24:00:00.000Z",
    "yesterday",
  ])("reads %s as luxon reads it in UTC", (iso) => {
    expect(storedInstant(iso).getTime()).toEqual(DateTime.fromISO(iso, { zone: "utc" }).toMillis());
  });
});

describe("event stamps", () => {
  it("writes DTSTAMP, CREATED and LAST-MODIFIED in UTC, to the second", () => {
    const text = feed([{ event: event(1, { createdAt: "2026-01-15T12:34:56.789Z", updatedAt: "2026-02-01T00:00:00Z" }), chapter: chapter() }]);
    expect(text).toContain("DTSTAMP:20260201T000000Z\r\n");
    expect(text).toContain("CREATED:20260115T123456Z\r\n");
    expect(text).toContain("LAST-MODIFIED:20260201T000000Z\r\n");
  });

  it("places a repeating event's first date from the day it was created in the chapter's zone", () => {
    // 01:30 UTC on a Wednesday is still Tuesday evening in New York: that Tuesday is the first date.
    const text = feed([{ event: event(1, { createdAt: "2026-01-14T01:30:00.000Z", dayOfWeekIndex: 2 }), chapter: chapter() }]);
    expect(text).toContain("DTSTART;TZID=America/New_York:20260113T190000\r\n");
  });
});

describe("events written once", () => {
  /** Builds a feed, counting the events it wrote and the ones it took as already written. */
  const counted = (events: FeedEvent[]) => {
    const before = { ...pieceStats };
    const text = feed(events);
    return { text, made: pieceStats.made - before.made, kept: pieceStats.kept - before.kept };
  };
  /** The same feed written from nothing, as a new process writes it. */
  const cold = (events: FeedEvent[]) => {
    forgetRenderedEvents();
    return feed(events);
  };
  const nyc = chapter({ id: 7, slug: "nyc-once" });
  const austin = chapter({ id: 8, slug: "austin-once", title: "Austin", city: "Austin", state: "tx", timeZone: "America/Chicago" });
  const rows = () => [
    { event: event(701, { chapterId: 7 }), chapter: nyc },
    { event: event(702, { chapterId: 7, name: "The Other Bar", dayOfWeekIndex: 3 }), chapter: nyc },
    { event: event(801, { chapterId: 8, name: "Scholz Garten" }), chapter: austin },
  ];

  it("a feed built again writes only the event that changed, and the same bytes as a feed written from nothing", () => {
    forgetRenderedEvents();
    expect(counted(rows())).toMatchObject({ made: 3, kept: 0 });
    const changed = rows();
    changed[1].event = event(702, { chapterId: 7, name: "The New Bar", dayOfWeekIndex: 3, sequence: 1 });
    const again = counted(changed);
    expect(again).toMatchObject({ made: 1, kept: 2 });
    expect(again.text).toContain("The New Bar");
    expect(again.text).not.toContain("The Other Bar");
    expect(again.text).toBe(cold(changed));
  });

  it("writes a chapter's events again when the chapter or its type is renamed, and a changed address again everywhere", () => {
    forgetRenderedEvents();
    counted(rows());
    const renamed = chapter({ id: 7, slug: "nyc-once", title: "Gotham" });
    const after = counted(rows().map((r) => (r.chapter === nyc ? { ...r, chapter: renamed } : r)));
    expect(after).toMatchObject({ made: 2, kept: 1 });
    expect(after.text).toContain("SUMMARY:Gotham Drinking Liberally at Rudy's Bar");
    const retyped = chapter({ id: 7, slug: "nyc-once", title: "Gotham", typeName: "laughing" });
    const laughing = counted(rows().map((r) => (r.chapter === nyc ? { ...r, chapter: retyped } : r)));
    expect(laughing).toMatchObject({ made: 2, kept: 1 });
    expect(laughing.text).toContain("SUMMARY:Gotham Laughing Liberally at Rudy's Bar");
    const elsewhere = buildFeed({ name: "Test", description: "Test feed", publicUrl: "https://chapters.example.net", events: rows() });
    expect(elsewhere).toContain("https://chapters.example.net/chapter/tx/austin-once");
    expect(elsewhere).not.toContain("https://example.org/");
  });

  it("a cancelled meetup changes the event's text (its EXDATE), so it is written again", () => {
    forgetRenderedEvents();
    counted(rows());
    const cancelled = rows();
    cancelled[0].event = event(701, { chapterId: 7, cancelledDates: [{ date: "2026-03-03", note: "" }] });
    const after = counted(cancelled);
    expect(after).toMatchObject({ made: 1, kept: 2 });
    expect(after.text).toContain("EXDATE;TZID=America/New_York:20260303T190000");
  });
});

describe("warming up the writer", () => {
  it("writes a whole feed of one repeating event with a cancelled date, and keeps and counts nothing", () => {
    forgetRenderedEvents();
    const before = { ...pieceStats };
    const text = warmUpFeedWriter();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
    expect(text).toContain("RRULE:FREQ=MONTHLY;BYDAY=1TU,3TU");
    expect(text).toContain("EXDATE;TZID=America/New_York:20260106T190000");
    expect(text).toMatch(/END:VCALENDAR\r\n$/);
    expect(pieceStats).toEqual(before);
    // Nothing kept: the same event written into a feed is written, not taken as kept.
    expect(warmUpFeedWriter()).toBe(text);
    expect(pieceStats).toEqual(before);
  });
});
