import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost } from "../test/factories";
import { Chapter } from "../models/Chapter";
import { PressMention } from "../models/PressMention";
import { bytesInSlices, etagOf, ReadCache, readCacheOf, STALE_AFTER_MS } from "./readCache";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  readCacheOf(t.services.knex).now = () => new Date();
});

type Listed = { id: number; displayTitle: string; status: number; chapterEvents: { id: number; nextDates: { date: string }[] }[] };
const active = async () => (await t.request<Listed[]>("GET", "/api/chapters/active")).body;
const listed = (list: Listed[], id: number) => list.find((c) => c.id === id);

describe("public reads kept ready", () => {
  it("answer with an ETag and no-cache, 304 to If-None-Match, and the same bytes until a write", async () => {
    await buildChapter();
    for (const path of [
      "/api/chapters/active",
      "/api/chapters",
      "/api/chapters/state/il",
      "/api/press_mention/public/8",
      "/api/press_mention/public/all",
      "/api/blog_post/public/0",
    ]) {
      const first = await t.request("GET", path);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]{32}"$/);
      expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=2, stale-while-revalidate=30");
      expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const again = await t.request("GET", path, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      const other = await t.request("GET", path, { headers: { "if-none-match": '"something-else"' } });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
    }
  });

  it("show a new event, a renamed chapter and a status change on the next read", async () => {
    const chapter = await buildChapter({ title: "Before" });
    const host = await buildHost(chapter);
    const before = await t.request("GET", "/api/chapters/active");
    expect(listed(before.body, chapter.id)).toMatchObject({ displayTitle: "Springfield: Before", chapterEvents: [] });
    const detail = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    expect(detail.body.chapterEvents).toEqual([]);

    const saved = await t.request("POST", "/api/chapter_event", {
      as: host,
      body: {
        chapterId: chapter.id,
        name: "New",
        address1: "1 Main St",
        city: "Springfield",
        startTime: "19:00",
        endTime: "20:00",
        dayOfWeekIndex: 1,
        weeksOfMonthIndexesArray: [0],
      },
    });
    expect(saved.status).toBe(201);
    const withEvent = await t.request("GET", "/api/chapters/active", { headers: { "if-none-match": before.headers.get("etag")! } });
    expect(withEvent.status).toBe(200);
    expect(listed(withEvent.body, chapter.id)!.chapterEvents.map((e) => e.id)).toEqual([saved.body.id]);
    expect((await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body.chapterEvents).toHaveLength(1);

    await Chapter.query().patch({ title: "After" }).where({ id: chapter.id });
    expect(listed(await active(), chapter.id)!.displayTitle).toBe("Springfield: After");
    expect((await t.request("GET", "/api/chapters")).body.find((c: Listed) => c.id === chapter.id).displayTitle).toBe("Springfield: After");
    expect((await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body.displayTitle).toBe("Springfield: After");

    await Chapter.query().patch({ status: 0 }).where({ id: chapter.id });
    expect(listed(await active(), chapter.id)).toBeUndefined();
    const state = (await t.request<Listed[]>("GET", "/api/chapters/state/il")).body;
    expect(listed(state, chapter.id)).toMatchObject({ status: 0, chapterEvents: [] });
    expect((await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body.restricted).toBe(true);
  });

  it("show a hidden mention's disappearance on the next read of the press lists", async () => {
    const mention = await PressMention.query().insertAndFetch({
      slug: "kept-mention",
      title: "Kept mention",
      url: "https://example.com/a",
      isVisible: true,
      chapterId: null,
      notes: "",
    } as Partial<PressMention>);
    const titles = async () => (await t.request("GET", "/api/press_mention/public/8")).body.map((m: { title: string }) => m.title);
    expect(await titles()).toContain("Kept mention");
    await PressMention.query().patch({ isVisible: false }).where({ id: mention.id });
    expect(await titles()).not.toContain("Kept mention");
  });

  it("give a signed-in host their own view of a chapter, not the visitors' one", async () => {
    const chapter = await buildChapter({ status: 0 });
    const host = await buildHost(chapter);
    expect((await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body.restricted).toBe(true);
    const asHost = await t.request("GET", `/api/chapter/slug/${chapter.slug}`, { as: host });
    expect(asHost.body.restricted).toBe(false);
    expect(asHost.body.hosts[0].user.email).toBe(host.email);
    expect((await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body.restricted).toBe(true);
  });

  it("roll next dates over by themselves when an occurrence passes", async () => {
    const clock = { at: new Date("2031-03-04T12:00:00Z") };
    readCacheOf(t.services.knex).now = () => clock.at;
    const chapter = await buildChapter({ title: "Rollover" });
    // Tuesdays at 19:00 in Chicago (first week and every week after: "0" is every week).
    const weekly = await buildEvent(chapter, { dayOfWeekIndex: 2, weeksOfMonthIndexes: "0" });
    const single = await buildEvent(chapter, { isSingleDate: true, singleDate: "2031-03-05", dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
    const events = async () => listed(await active(), chapter.id)!.chapterEvents;

    const first = await t.request("GET", "/api/chapters/active");
    const at = (list: Listed[], id: number) => listed(list, chapter.id)!.chapterEvents.find((e) => e.id === id);
    expect(at(first.body, weekly.id)!.nextDates[0].date).toBe("2031-03-04");
    expect(at(first.body, single.id)!.nextDates[0].date).toBe("2031-03-05");

    // Still the same answer until the Tuesday meeting ends (19:00 to 21:00 CST is 01:00 to 03:00 UTC the next day).
    clock.at = new Date("2031-03-05T02:59:00Z");
    const same = await t.request("GET", "/api/chapters/active", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(same.status).toBe(304);

    clock.at = new Date("2031-03-05T03:01:00Z");
    const rolled = await events();
    expect(rolled.find((e) => e.id === weekly.id)!.nextDates[0].date).toBe("2031-03-11");
    expect(rolled.find((e) => e.id === single.id)!.nextDates[0].date).toBe("2031-03-05");

    // The single date leaves the list when it ends, with no write in between.
    clock.at = new Date("2031-03-06T02:59:00Z");
    expect((await events()).map((e) => e.id)).toEqual([weekly.id, single.id]);
    clock.at = new Date("2031-03-06T03:01:00Z");
    expect((await events()).map((e) => e.id)).toEqual([weekly.id]);
    const page = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    expect(page.body.chapterEvents.map((e: { id: number }) => e.id)).toEqual([weekly.id]);
  });

  it("answer requests that arrive together from one build, reading the versions at most once each", async () => {
    const sql: string[] = [];
    const listener = (q: { sql: string }) => sql.push(q.sql);
    await active();
    t.services.knex.on("query", listener);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.request("GET", "/api/chapters/active")));
      expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
      const versionReads = sql.filter((q) => q.includes("from read_versions")).length;
      expect(versionReads).toBeGreaterThanOrEqual(1);
      // Requests that overlap share one read; how many overlap depends on the machine's load, so only the bound is fixed.
      expect(versionReads).toBeLessThanOrEqual(20);
      expect(sql.filter((q) => q.includes("from `chapters`") || q.includes('from "chapters"'))).toEqual([]);
    } finally {
      t.services.knex.removeListener("query", listener);
    }
  });
});

describe("ReadCache", () => {
  it("builds once for requests that wait together, and again after a write to a table it is made of", async () => {
    const cache = new ReadCache(t.services.knex);
    let builds = 0;
    const build = async () => ({ value: { build: ++builds } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.answer("k", ["press_mentions"], build)));
    expect(new Set(answers.map((a) => a.body.toString()))).toEqual(new Set(['{"build":1}']));
    expect(builds).toBe(1);
    expect((await cache.answer("k", ["press_mentions"], build)).body.toString()).toBe('{"build":1}');
    await PressMention.query().insert({
      slug: "another",
      title: "Another",
      url: "https://example.com/b",
      isVisible: false,
      chapterId: null,
      notes: "",
    } as Partial<PressMention>);
    expect((await cache.answer("k", ["press_mentions"], build)).body.toString()).toBe('{"build":2}');
    // A write to another table changes nothing here.
    await buildChapter();
    expect((await cache.answer("k", ["press_mentions"], build)).body.toString()).toBe('{"build":2}');
  });

  it("keeps everything in one bound of bytes, the least recently used going first, and a thing never kept (keep: false)", async () => {
    const cache = new ReadCache(t.services.knex, 64 * 1024);
    let builds = 0;
    const sized = (key: string) => cache.answer(key, ["chapters"], async () => ({ value: [++builds, "x".repeat(8 * 1024)] }));
    for (let i = 0; i < 12; i++) await sized(`a${i}`);
    expect(builds).toBe(12);
    const { entries, bytes } = cache.size();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(3);
    expect(entries).toBeLessThan(12);
    // The most recent stays; the oldest went first.
    await sized("a11");
    expect(builds).toBe(12);
    await sized("a0");
    expect(builds).toBe(13);
    // Other kinds of things share the bound: a kept value whose build gives its size, and one built but never kept.
    const other = await cache.kept("other", ["chapters"], async () => ({ kept: { rows: 1 }, bytes: 60 * 1024 }));
    expect(await cache.isCurrent(other)).toBe(true);
    expect(cache.size().bytes).toBeLessThanOrEqual(64 * 1024);
    let unkept = 0;
    const once = () => cache.kept("unkept", ["chapters"], async () => ({ kept: { n: ++unkept }, keep: false }));
    await once();
    await once();
    expect(unkept).toBe(2);
    expect(cache.size("unkept").entries).toBe(0);
  });

  it("gives the expired answer while a slow rebuild after a rollover runs, then the new one", async () => {
    const cache = new ReadCache(t.services.knex);
    const clock = { at: 1_000_000 };
    cache.now = () => new Date(clock.at);
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    let builds = 0;
    const build = async (now: Date) => {
      builds++;
      if (builds === 2) await slow;
      return { value: builds, expiresAt: now.getTime() + 1000 };
    };
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("1");
    clock.at += 2000;
    const started = Date.now();
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALE_AFTER_MS - 50);
    expect(builds).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("2");
    expect(builds).toBe(2);
  });

  it("does not wait at all for the rebuild of an answer whose last build was slow, and waits again once it is fast", async () => {
    const cache = new ReadCache(t.services.knex);
    cache.staleAfterMs = 100;
    const clock = { at: 1_000_000 };
    cache.now = () => new Date(clock.at);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let builds = 0;
    // The first two builds take longer than the wait; the later ones are quick.
    const build = async (now: Date) => {
      builds++;
      if (builds <= 2) await pause(150);
      return { value: builds, expiresAt: now.getTime() + 1000 };
    };
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("1");
    clock.at += 2000;
    const started = performance.now();
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("1");
    expect(performance.now() - started).toBeLessThan(100);
    expect(builds).toBe(2);
    await pause(200);
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("2");
    // Build 2 was slow too: the next rollover is not waited for either, and its build (3) is quick.
    clock.at += 2000;
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("2");
    await pause(20);
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("3");
    // Build 3 was quick: a rollover now waits for its rebuild and gives the new answer.
    clock.at += 2000;
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("4");
  });

  it("after a slow answer's rebuild fails in the background, the next request waits for its own and gets its failure", async () => {
    const cache = new ReadCache(t.services.knex);
    cache.staleAfterMs = 50;
    const clock = { at: 1_000_000 };
    cache.now = () => new Date(clock.at);
    let builds = 0;
    const build = async (now: Date) => {
      builds++;
      if (builds === 1) await new Promise((resolve) => setTimeout(resolve, 80));
      if (builds > 1) throw new Error(`build ${builds} failed`);
      return { value: builds, expiresAt: now.getTime() + 1000 };
    };
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("1");
    clock.at += 2000;
    // The expired answer at once; its rebuild (2) fails behind it.
    expect((await cache.answer("k", ["chapters"], build)).body.toString()).toBe("1");
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(cache.answer("k", ["chapters"], build)).rejects.toThrow("build 3 failed");
  });
});

describe("bytes in slices", () => {
  it("are the joined text's UTF-8 bytes with the same ETag as etagOf gives them", async () => {
    const pieces = ["BEGIN:VCALENDAR\r\n", "SUMMARY:Zürich ✓ 🍺\r\n", "", "x".repeat(100_000), "END:VCALENDAR\r\n"];
    const { body, etag } = await bytesInSlices(pieces);
    const joined = Buffer.from(pieces.join(""), "utf8");
    expect(body.equals(joined)).toBe(true);
    expect(etag).toBe(etagOf(joined));
    expect(await bytesInSlices([])).toEqual({ body: Buffer.alloc(0), etag: etagOf(Buffer.alloc(0)) });
  });
});
