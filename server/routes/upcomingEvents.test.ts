/**
 * Unbounded growth: past single-date events leave the hot public reads (chapter lists, state pages, the chapter
 * page, the feeds keep only a short tail). Asserted on the answers and on the rows the database hands back,
 * never on timings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas, eventRow } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { ChapterEvent, type Chapter, type User } from "../models";
import { countEvents } from "../calendar/structure";
import { FEED_PAST_SINGLE_DATES } from "../calendar/feedCache";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const day = (offset: number) => DateTime.utc().plus({ days: offset }).toISODate()!;

/** Inserts single-date events straight into the table (the API would geocode each); answers their ids, newest date first. */
async function insertSingleDates(chapter: Chapter, dates: string[], name = "Old meetup"): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = dates.map((singleDate) => ({
    ...eventRow(chapter, { name: `${name} ${singleDate}`, isSingleDate: true, singleDate, dayOfWeekIndex: null, weeksOfMonthIndexes: "" }),
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 50) await t.services.knex("chapterEvents").insert(rows.slice(i, i + 50));
  const stored = await ChapterEvent.query().where({ chapterId: chapter.id }).whereIn("singleDate", dates).select("id").orderBy("singleDate", "desc");
  return stored.map((e) => e.id);
}

/** Ids of every chapter_events row the database handed back while `work` ran. */
async function eventRowsLoaded(work: () => Promise<unknown>): Promise<Set<number>> {
  const seen = new Set<number>();
  const listener = (response: unknown, query: { sql?: string }) => {
    if (!/from [`"]chapter_events[`"]/i.test(query.sql ?? "")) return;
    const rows = Array.isArray(response) ? response : ((response as { rows?: unknown[] })?.rows ?? []);
    for (const row of rows as { id?: number }[]) if (row && row.id != null) seen.add(Number(row.id));
  };
  t.services.knex.on("query-response", listener);
  try {
    await work();
  } finally {
    t.services.knex.off("query-response", listener);
  }
  return seen;
}

describe("a chapter with 800 past single-date events", () => {
  let chapter: Chapter;
  let host: User;
  let past: number[];
  let weekly: ChapterEvent;
  let soon: ChapterEvent;

  beforeAll(async () => {
    chapter = await buildChapter({ state: "wy", city: "Laramie", title: "Laramie", timeZone: "America/Denver" });
    host = await buildHost(chapter);
    // Three days to about two and a half years ago.
    past = await insertSingleDates(chapter, Array.from({ length: 800 }, (_, i) => day(-3 - i)));
    weekly = await buildEvent(chapter, { name: "Weekly Tavern", weeksOfMonthIndexes: "0" });
    soon = await buildEvent(chapter, { name: "Next Picnic", isSingleDate: true, singleDate: day(5), dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
  }, 60_000);

  it.each([
    ["/api/chapters/active", (body: any) => body.find((c: { id: number }) => c.id === chapter.id).chapterEvents],
    ["/api/chapters/state/wy", (body: any) => body.find((c: { id: number }) => c.id === chapter.id).chapterEvents],
    ["/api/chapter/slug/{slug}", (body: any) => body.chapterEvents],
    ["/api/chapter/id/{id}", (body: any) => body.chapterEvents],
  ])("%s answers only the upcoming events and loads none of the past ones", async (template, eventsOf) => {
    const path = template.replace("{slug}", chapter.slug).replace("{id}", String(chapter.id));
    for (const as of [null, host]) {
      let res: Awaited<ReturnType<TestApp["request"]>> | undefined;
      const loaded = await eventRowsLoaded(async () => (res = await t.request("GET", path, { as })));
      expect(res!.status, path).toBe(200);
      expect(eventsOf(res!.body).map((e: { id: number }) => e.id).sort(), path).toEqual([weekly.id, soon.id].sort());
      expect(past.filter((id) => loaded.has(id)), `${path}: past rows loaded`).toEqual([]);
    }
  });

  it(`the feeds keep only the newest ${FEED_PAST_SINGLE_DATES} past dates as history, and load no others`, async () => {
    for (const path of [`/api/chapter_calendar/${chapter.slug}/events.ics`, "/api/chapter_calendar/state/wy/events.ics", "/api/chapter_calendar/all/events.ics"]) {
      let text = "";
      const loaded = await eventRowsLoaded(async () => (text = (await t.request("GET", path)).text));
      expect(text, path).toContain(`UID:event-${weekly.id}@chapterhouse`);
      expect(text, path).toContain(`UID:event-${soon.id}@chapterhouse`);
      const kept = past.filter((id) => text.includes(`UID:event-${id}@chapterhouse\r\n`));
      const newest = past.slice(0, FEED_PAST_SINGLE_DATES);
      expect(kept.sort(), path).toEqual([...newest].sort());
      expect(past.filter((id) => loaded.has(id) && !newest.includes(id)), `${path}: old rows loaded`).toEqual([]);
    }
    expect(countEvents((await t.request("GET", `/api/chapter_calendar/${chapter.slug}/events.ics`)).text)).toBe(2 + FEED_PAST_SINGLE_DATES);
  });

  it("a single date stays on the page until 12 hours after it starts, even when that is the next day in UTC", async () => {
    const honolulu = await buildChapter({ state: "hi", timeZone: "Pacific/Honolulu" });
    // 23:00 yesterday in Honolulu is 09:00 today in UTC: still upcoming until 21:00 UTC today.
    const now = DateTime.now().setZone("Pacific/Honolulu");
    const late = await buildEvent(honolulu, { isSingleDate: true, singleDate: now.minus({ days: 1 }).toISODate()!, startTime: "23:00", endTime: "23:30", dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
    const stillOn = now.minus({ days: 1 }).set({ hour: 23, minute: 0 }).plus({ hours: 12 }) > DateTime.now();
    const page = await t.request("GET", `/api/chapter/slug/${honolulu.slug}`);
    expect(page.body.chapterEvents.map((e: { id: number }) => e.id)).toEqual(stillOn ? [late.id] : []);
  });

  it("the chapter admin's list still shows every event, to host access only", async () => {
    const res = await t.request("GET", `/api/chapter_event/chapter/${chapter.id}/all`, { as: host });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(802);
    const names = res.body.map((e: { name: string }) => e.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    const personas = await buildPersonas(chapter);
    await expectAccess(t, personas, { method: "GET", path: `/api/chapter_event/chapter/${chapter.id}/all` }, WHO.hostAccess);
    expect((await t.request("GET", "/api/chapter_event/chapter/999999/all", { as: host })).status).toBe(404);
  });
});
