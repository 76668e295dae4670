import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp, type TestResponse } from "../test/harness";
import { LogCapture } from "../test/logCapture";
import { buildChapter, buildEvent, buildHost } from "../test/factories";
import { Chapter } from "../models";
import { CHAPTER_HIDDEN } from "../models/Chapter";

const log = new LogCapture();
let t: TestApp;
let chapter: Chapter;
beforeAll(async () => {
  t = await startTestApp({}, { logTo: log });
  chapter = await buildChapter({ title: "Lane Town", city: "Lane Town" });
});
afterAll(async () => t.close());
beforeEach(() => log.clear());

/** Which requests the lane answered, in order, once every line is written. */
async function laneFlags(count: number): Promise<boolean[]> {
  await vi.waitFor(() => expect(log.entries()).toHaveLength(count));
  return log.entries().map((e) => e.lane === true);
}

/** The headers of an answer that belong to the answer, not to the one response. */
const answerHeaders = (res: TestResponse) =>
  Object.fromEntries([...res.headers.entries()].filter(([name]) => !["x-request-id", "date", "connection", "keep-alive"].includes(name)));

describe("the kept-answer lane", () => {
  it("answers the next anonymous GET of a kept answer with the same bytes and headers, and its own id and log line", async () => {
    const first = await t.request("GET", "/api/chapters");
    const second = await t.request("GET", "/api/chapters");
    const third = await t.request("GET", "/api/chapters", { headers: { "x-request-id": "lane-check-1" } });
    expect(await laneFlags(3)).toEqual([false, true, true]);
    expect(second.text).toBe(first.text);
    expect(answerHeaders(second)).toEqual(answerHeaders(first));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(third.headers.get("x-request-id")).toBe("lane-check-1");
    expect(log.entries()[1]).toMatchObject({ method: "GET", route: "/api/chapters", status: 200, lane: true });
  });

  it("answers 304 to If-None-Match", async () => {
    const first = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    const again = await t.request("GET", `/api/chapter/slug/${chapter.slug}`, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await laneFlags(2)).toEqual([false, true]);
  });

  it("never gives an answer older than the last write: the next read goes to the app and the lane follows", async () => {
    await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    await Chapter.query().findById(chapter.id).patch({ title: "Lane City" });
    const afterWrite = await t.request<{ title: string }>("GET", `/api/chapter/slug/${chapter.slug}`);
    const next = await t.request<{ title: string }>("GET", `/api/chapter/slug/${chapter.slug}`);
    expect([afterWrite.body.title, next.body.title]).toEqual(["Lane City", "Lane City"]);
    expect((await laneFlags(4)).slice(1)).toEqual([true, false, true]);
  });

  it("leaves signed-in callers, cross-origin callers and other methods to the app", async () => {
    const host = await buildHost(chapter);
    await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    const anonymous = await t.request<{ abilities: Record<string, boolean> }>("GET", `/api/chapter/slug/${chapter.slug}`);
    const signedIn = await t.request<{ abilities: Record<string, boolean> }>("GET", `/api/chapter/slug/${chapter.slug}`, { as: host });
    const withCookie = await t.request("GET", `/api/chapter/slug/${chapter.slug}`, { headers: { cookie: "ch_session=whatever" } });
    const crossOrigin = await t.request("GET", `/api/chapter/slug/${chapter.slug}`, { headers: { origin: "app://chapterhouse" } });
    const head = await t.request("HEAD", `/api/chapter/slug/${chapter.slug}`);
    expect([withCookie.status, crossOrigin.status, head.status]).toEqual([200, 200, 200]);
    expect((await laneFlags(6)).slice(1)).toEqual([true, false, false, false, false]);
    expect(signedIn.body.abilities).not.toEqual(anonymous.body.abilities);
  });

  it("sends the compressed form a client accepts, as the app does", async () => {
    // Enough chapters for the list to be worth compressing.
    for (let i = 0; i < 12; i++) await buildChapter({ title: `Lane Suburb ${i}`, city: `Lane Suburb ${i}` });
    await t.request("GET", "/api/chapters/active");
    const viaLane = await fetch(`${t.baseUrl}/api/chapters/active`, { headers: { "accept-encoding": "br" } });
    expect(viaLane.headers.get("content-encoding")).toBe("br");
    expect(await viaLane.json()).toEqual((await t.request("GET", "/api/chapters/active")).body);
    expect(await laneFlags(3)).toEqual([false, true, true]);
  });

  describe("calendar feeds", () => {
    const feedPath = (slug: string) => `/api/chapter_calendar/${slug}/events.ics`;

    it("sends a feed again from the lane, with its headers, and answers 304 there", async () => {
      const feedChapter = await buildChapter({ title: "Lane Feeds", city: "Lane Feeds" });
      await buildEvent(feedChapter, { name: "The Lane Tavern" });
      const first = await t.request("GET", feedPath(feedChapter.slug));
      const second = await t.request("GET", feedPath(feedChapter.slug));
      const download = await t.request("GET", `${feedPath(feedChapter.slug)}?download`);
      const downloadAgain = await t.request("GET", `${feedPath(feedChapter.slug)}?download`);
      const conditional = await t.request("GET", feedPath(feedChapter.slug), { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(await laneFlags(5)).toEqual([false, true, false, true, true]);
      expect(second.text).toBe(first.text);
      expect(answerHeaders(second)).toEqual(answerHeaders(first));
      expect(second.headers.get("content-disposition")).toBe(`inline; filename="${feedChapter.slug}.ics"`);
      expect(downloadAgain.headers.get("content-disposition")).toBe(download.headers.get("content-disposition"));
      expect(downloadAgain.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(conditional.status).toBe(304);
    });

    it("stops when the feed's tables change: a new event, a renamed chapter (another process's write), a chapter made inactive", async () => {
      const feedChapter = await buildChapter({ title: "Lane Changes", city: "Lane Changes" });
      await buildEvent(feedChapter, { name: "First Bar" });
      await t.request("GET", feedPath(feedChapter.slug));
      await t.request("GET", feedPath(feedChapter.slug));

      // An event added (the events' read version moves in the same transaction) is seen by the next read.
      await buildEvent(feedChapter, { name: "Second Bar" });
      const afterEvent = await t.request("GET", feedPath(feedChapter.slug));
      expect(afterEvent.text).toContain("Second Bar");

      // A rename written elsewhere is seen by the next read, with no wait.
      await Chapter.query().findById(feedChapter.id).patch({ title: "Lane Renamed" });
      const afterRename = await t.request("GET", feedPath(feedChapter.slug));
      expect(afterRename.text).toContain("Lane Renamed");
      await t.request("GET", feedPath(feedChapter.slug));

      await Chapter.query().findById(feedChapter.id).patch({ status: CHAPTER_HIDDEN });
      const afterHiding = await t.request("GET", feedPath(feedChapter.slug));
      expect(afterHiding.status).toBe(401);
      expect(await laneFlags(6)).toEqual([false, true, false, false, true, false]);
    });
  });
});
