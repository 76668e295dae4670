/**
 * The feeds and the site agree: every feed (each chapter, each state, the network) is parsed with an
 * independent parser (ical.js), expanded for 12 months, and must give exactly the dates and times the schedule
 * engine gives: every week code and the usual combinations, on every weekday, for chapters in eight zones,
 * across daylight-saving changes (both hemispheres) and a year end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent } from "../test/factories";
import { Chapter } from "../models/Chapter";
import { occurrencesBetween } from "../schedule/engine";
import { scheduleOf } from "../presenters/schedule";
import { icalProblems } from "./structure";

const ZONES: [string, string][] = [
  ["America/New_York", "ny"],
  ["America/Los_Angeles", "ca"],
  ["America/Phoenix", "az"],
  ["Pacific/Honolulu", "hi"],
  ["Europe/London", "int"],
  ["Australia/Sydney", "int"],
  ["Asia/Tokyo", "int"],
  ["UTC", "int"],
];
// Every code, and every kind of combination the API accepts (Even/Odd Weeks with Last Week is refused).
const WEEK_CODES = [
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "2,4",
  "1,3",
  "1,5",
  "4,5",
  "6,7",
  "0,3",
  "6,2",
  "7,4",
  "6,1,3",
  "7,1,2,3,4",
  "1,2,3,4,5",
  "6,7,5",
  "0,6,5",
];
const TIMES: [string, string][] = [
  ["19:00", "21:00"],
  ["12:00", "13:30"],
  ["23:00", "23:30"],
  ["06:30", "08:00"],
  ["18:30", "20:30"],
  ["00:00", "00:30"],
];
// DST days in the US, Europe and Australia, a year end and the day after.
const SINGLE_DATES = ["2026-03-08", "2026-03-29", "2026-04-05", "2026-11-01", "2026-12-31", "2027-01-01"];

interface Occ {
  date: string;
  start: number;
  end: number;
}

let t: TestApp;
const scenarios = [
  { name: "created 2026-01-10", createdAt: "2026-01-10T12:00:00.000Z" },
  { name: "created today", createdAt: new Date().toISOString() },
];

beforeAll(async () => {
  t = await startTestApp();
  for (const [i, scenario] of scenarios.entries()) {
    for (const [zone, state] of ZONES) {
      const chapter = await buildChapter({ state, timeZone: zone, title: `${zone} ${i}`, city: zone.split("/").pop()!.replace("_", " ") });
      for (const [n, codes] of WEEK_CODES.entries()) {
        const [startTime, endTime] = TIMES[n % TIMES.length];
        await buildEvent(chapter, { weeksOfMonthIndexes: codes, dayOfWeekIndex: n % 7, startTime, endTime, createdAt: scenario.createdAt });
      }
      for (const [n, singleDate] of SINGLE_DATES.entries()) {
        const [startTime, endTime] = TIMES[n % TIMES.length];
        await buildEvent(chapter, {
          isSingleDate: true,
          singleDate,
          dayOfWeekIndex: null,
          weeksOfMonthIndexes: "",
          startTime,
          endTime,
          createdAt: scenario.createdAt,
        });
      }
    }
  }
  // An inactive chapter, whose events no group feed may show.
  const hidden = await buildChapter({ state: "ny", status: 0, timeZone: "America/New_York" });
  await buildEvent(hidden, { weeksOfMonthIndexes: "0" });
}, 120_000);
afterAll(async () => t.close());

/** A feed's occurrences by event id, for local dates in [from, to] of each event's own zone. */
function expandFeed(text: string, windowOf: (eventId: number) => { from: string; to: string }): Map<number, Occ[]> {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown as any[]);
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const byEvent = new Map<number, Occ[]>();
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(vevent);
    const id = Number(/^event-(\d+)(?:-\d+)*@chapterhouse$/.exec(event.uid)![1]);
    const { from, to } = windowOf(id);
    const list = byEvent.get(id) ?? [];
    byEvent.set(id, list);
    const add = (start: ICAL.Time) => {
      const date = `${start.year}-${String(start.month).padStart(2, "0")}-${String(start.day).padStart(2, "0")}`;
      if (date < from || date > to) return;
      const details = event.getOccurrenceDetails(start);
      list.push({ date, start: details.startDate.toJSDate().getTime(), end: details.endDate.toJSDate().getTime() });
    };
    if (!event.isRecurring()) {
      add(event.startDate);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(), guard = 0; next && guard < 2000; next = iterator.next(), guard++) {
      if (`${next.year}-${String(next.month).padStart(2, "0")}` > to.slice(0, 7)) break;
      add(next);
    }
  }
  for (const list of byEvent.values()) list.sort((a, b) => a.start - b.start);
  return byEvent;
}

async function expectFeedAgrees(path: string, chapters: Chapter[]) {
  const res = await t.request("GET", path);
  expect(res.status, path).toBe(200);
  expect(icalProblems(res.text), path).toEqual([]);
  const windows = new Map<number, { from: string; to: string; zone: string }>();
  for (const c of chapters) {
    for (const e of c.chapterEvents ?? []) {
      const from = DateTime.fromISO(e.createdAt!, { zone: c.timeZone }).toISODate()!;
      windows.set(e.id, { from, to: DateTime.fromISO(from).plus({ months: 12 }).toISODate()!, zone: c.timeZone });
    }
  }
  const feed = expandFeed(res.text, (id) => windows.get(id) ?? { from: "0000-00-00", to: "0000-00-00" });
  expect(
    [...feed.keys()].sort((a, b) => a - b),
    `${path}: the events in the feed`,
  ).toEqual([...windows.keys()].sort((a, b) => a - b));
  let compared = 0;
  for (const c of chapters) {
    for (const e of c.chapterEvents ?? []) {
      const { from, to } = windows.get(e.id)!;
      const engine: Occ[] = occurrencesBetween(scheduleOf(e, c.timeZone), from, to).map((o) => ({
        date: o.date,
        start: o.start.toMillis(),
        end: o.end.toMillis(),
      }));
      const label = `${path}: event ${e.id} (${c.timeZone}, ${e.isSingleDate ? e.singleDate : `day ${e.dayOfWeekIndex} weeks ${e.weeksOfMonthIndexes}`}, ${e.startTime})`;
      expect(feed.get(e.id), label).toEqual(engine);
      compared += engine.length;
    }
  }
  return compared;
}

const activeChapters = async (where: (q: ReturnType<typeof Chapter.query>) => void = () => {}) => {
  const q = Chapter.query().where({ status: 1 }).withGraphFetched("chapterEvents");
  where(q);
  return q;
};

describe("feeds agree with the schedule engine for 12 months", () => {
  it("each chapter's feed", async () => {
    let total = 0;
    for (const chapter of await activeChapters()) total += await expectFeedAgrees(`/api/chapter_calendar/${chapter.slug}/events.ics`, [chapter]);
    // 16 chapters x (19 repeating rules over a year + the single dates inside their window).
    expect(total).toBeGreaterThan(16 * 19 * 12);
  }, 180_000);

  it.each(["ny", "ca", "az", "hi", "int"])(
    "the %s state feed",
    async (state) => {
      const chapters = await activeChapters((q) => (state === "int" ? q.where((w) => w.where({ state: "int" }).orWhere({ state: "" })) : q.where({ state })));
      expect(chapters.length).toBeGreaterThan(0);
      await expectFeedAgrees(`/api/chapter_calendar/state/${state}/events.ics`, chapters);
    },
    120_000,
  );

  it("the network feed", async () => {
    const compared = await expectFeedAgrees("/api/chapter_calendar/all/events.ics", await activeChapters());
    expect(compared).toBeGreaterThan(3000);
  }, 120_000);

  it("a 7pm meeting stays at 7pm local while its UTC time moves with daylight saving", async () => {
    const [chapter] = await activeChapters((q) => q.where({ timeZone: "America/New_York", title: "America/New_York 0" }));
    const weekly = chapter.chapterEvents!.find((e) => e.weeksOfMonthIndexes === "0")!;
    const res = await t.request("GET", `/api/chapter_calendar/${chapter.slug}/events.ics`);
    const occ = expandFeed(res.text, () => ({ from: "2026-01-10", to: "2027-01-10" })).get(weekly.id)!;
    const local = new Set(occ.map((o) => DateTime.fromMillis(o.start, { zone: "America/New_York" }).toFormat("HH:mm")));
    const utc = new Set(occ.map((o) => DateTime.fromMillis(o.start, { zone: "utc" }).toFormat("HH:mm")));
    expect([...local]).toEqual(["19:00"]);
    expect([...utc].sort()).toEqual(["23:00", "00:00"].sort());
    expect(occ.some((o) => o.date.startsWith("2027-01"))).toBe(true);
  });
});
