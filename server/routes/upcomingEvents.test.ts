/**
 * Unbounded growth: past single-date events leave the hot public reads (chapter lists, state pages, the chapter
 * page, the feeds keep only a short tail), and a chapter holds at most 100 upcoming events. Asserted on the
 * answers and on the rows the database hands back, never on timings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { startTestApp, onPostgres, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas, eventRow } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { ChapterEvent, type Chapter, type User } from "../models";
import { countEvents } from "../calendar/structure";
import { MAX_UPCOMING_EVENTS, TOO_MANY_EVENTS } from "../commands/chapterEvents";
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
    past = await insertSingleDates(
      chapter,
      Array.from({ length: 800 }, (_, i) => day(-3 - i)),
    );
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
      expect(
        eventsOf(res!.body)
          .map((e: { id: number }) => e.id)
          .sort(),
        path,
      ).toEqual([weekly.id, soon.id].sort());
      expect(
        past.filter((id) => loaded.has(id)),
        `${path}: past rows loaded`,
      ).toEqual([]);
    }
  });

  it(`the feeds keep only the newest ${FEED_PAST_SINGLE_DATES} past dates as history, and load no others`, async () => {
    for (const path of [
      `/api/chapter_calendar/${chapter.slug}/events.ics`,
      "/api/chapter_calendar/state/wy/events.ics",
      "/api/chapter_calendar/all/events.ics",
    ]) {
      let text = "";
      const loaded = await eventRowsLoaded(async () => (text = (await t.request("GET", path)).text));
      expect(text, path).toContain(`UID:event-${weekly.id}@chapterhouse`);
      expect(text, path).toContain(`UID:event-${soon.id}@chapterhouse`);
      const kept = past.filter((id) => text.includes(`UID:event-${id}@chapterhouse\r\n`));
      const newest = past.slice(0, FEED_PAST_SINGLE_DATES);
      expect(kept.sort(), path).toEqual([...newest].sort());
      expect(
        past.filter((id) => loaded.has(id) && !newest.includes(id)),
        `${path}: old rows loaded`,
      ).toEqual([]);
    }
    expect(countEvents((await t.request("GET", `/api/chapter_calendar/${chapter.slug}/events.ics`)).text)).toBe(2 + FEED_PAST_SINGLE_DATES);
  });

  it("a single date stays on the page until it ends, even when that is the next day in UTC, and not after", async () => {
    const honolulu = await buildChapter({ state: "hi", timeZone: "Pacific/Honolulu" });
    // Yesterday in Honolulu, from 23:00 to 22:59 today (it runs past midnight; 23:00 there is 09:00 UTC): upcoming
    // until it ends. One that ended at 23:30 yesterday is not.
    const now = DateTime.now().setZone("Pacific/Honolulu");
    const yesterday = {
      isSingleDate: true,
      singleDate: now.minus({ days: 1 }).toISODate()!,
      dayOfWeekIndex: null,
      weeksOfMonthIndexes: "",
      startTime: "23:00",
    };
    const overnight = await buildEvent(honolulu, { ...yesterday, name: "Overnight", endTime: "22:59" });
    await buildEvent(honolulu, { ...yesterday, name: "Ended", endTime: "23:30" });
    const stillOn = now.set({ hour: 22, minute: 59, second: 0, millisecond: 0 }) > DateTime.now();
    const page = await t.request("GET", `/api/chapter/slug/${honolulu.slug}`);
    expect(page.body.chapterEvents.map((e: { id: number }) => e.id)).toEqual(stillOn ? [overnight.id] : []);
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

describe(`at most ${MAX_UPCOMING_EVENTS} upcoming events per chapter`, () => {
  const body = (chapter: Chapter, overrides: Record<string, unknown> = {}) => ({
    chapterId: chapter.id,
    name: "Trivia",
    address1: "1 Main St",
    city: "Springfield",
    startTime: "19:00",
    endTime: "21:00",
    isSingleDate: false,
    dayOfWeekIndex: 3,
    weeksOfMonthIndexesArray: [1],
    ...overrides,
  });

  /** A chapter with `repeating` repeating events and `single` future single dates, plus 50 past ones. */
  async function chapterWith(repeating: number, single: number) {
    const chapter = await buildChapter();
    for (let i = 0; i < repeating; i++) await buildEvent(chapter, { name: `Repeat ${i}` });
    await insertSingleDates(
      chapter,
      Array.from({ length: single }, (_, i) => day(10 + i)),
      "Future",
    );
    await insertSingleDates(
      chapter,
      Array.from({ length: 50 }, (_, i) => day(-3 - i)),
      "Past",
    );
    return { chapter, host: await buildHost(chapter) };
  }

  it("refuses the 101st with a 400 saying what to do; past events do not count", async () => {
    const { chapter, host } = await chapterWith(60, 40);
    for (const overrides of [{}, { isSingleDate: true, singleDate: day(30), dayOfWeekIndex: null, weeksOfMonthIndexesArray: [] }]) {
      const res = await t.request("POST", "/api/chapter_event", { as: host, body: body(chapter, overrides) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: TOO_MANY_EVENTS, errorId: "validation_failed" });
    }
    expect(TOO_MANY_EVENTS).toBe("A chapter can have at most 100 upcoming events. Delete past or unused events first.");
    expect(await ChapterEvent.query().where({ chapterId: chapter.id }).resultSize()).toBe(150);
    // A date already past adds nothing upcoming, so it is accepted (a host may record a past meeting).
    const pastOne = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: body(chapter, { isSingleDate: true, singleDate: day(-10), dayOfWeekIndex: null, weeksOfMonthIndexesArray: [] }),
    });
    expect(pastOne.status).toBe(201);

    // Deleting one makes room for one.
    const victim = await ChapterEvent.query().findOne({ chapterId: chapter.id, name: "Repeat 0" });
    expect((await t.request("DELETE", `/api/chapter_event/slug/${victim!.slug}`, { as: host })).status).toBe(200);
    expect((await t.request("POST", "/api/chapter_event", { as: host, body: body(chapter) })).status).toBe(201);
    expect((await t.request("POST", "/api/chapter_event", { as: host, body: body(chapter) })).status).toBe(400);
  });

  it("lets hosts edit their events at the limit, but not bring a past one back beyond it", async () => {
    const { chapter, host } = await chapterWith(100, 0);
    const upcoming = await ChapterEvent.query().findOne({ chapterId: chapter.id, name: "Repeat 5" });
    const edit = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: body(chapter, {
        slug: upcoming!.slug,
        name: "Renamed",
        isSingleDate: true,
        singleDate: day(3),
        dayOfWeekIndex: null,
        weeksOfMonthIndexesArray: [],
      }),
    });
    expect(edit.status).toBe(200);
    const old = await ChapterEvent.query().where({ chapterId: chapter.id }).where("singleDate", "<", day(-2)).first();
    const revive = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: body(chapter, { slug: old!.slug, isSingleDate: true, singleDate: day(20), dayOfWeekIndex: null, weeksOfMonthIndexesArray: [] }),
    });
    expect(revive.status).toBe(400);
    expect(revive.body.error).toBe(TOO_MANY_EVENTS);
    const pastEdit = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: body(chapter, {
        slug: old!.slug,
        name: "Still past",
        isSingleDate: true,
        singleDate: day(-40),
        dayOfWeekIndex: null,
        weeksOfMonthIndexesArray: [],
      }),
    });
    expect(pastEdit.status).toBe(200);
  });

  it(
    "holds when several hosts add events at the same moment",
    async () => {
      const { chapter, host } = await chapterWith(95, 0);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => t.request("POST", "/api/chapter_event", { as: host, body: body(chapter, { name: `Race ${i}` }) })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
      expect(await ChapterEvent.query().where({ chapterId: chapter.id, isSingleDate: false }).resultSize()).toBe(100);
    },
    onPostgres ? 60_000 : 30_000,
  );
});
