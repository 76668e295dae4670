/**
 * Hidden stays hidden: every public read that could carry a hidden chapter's content (status other than 1)
 * leaves it out or refuses it, while the chapter's hosts and admins still see it. State pages list hidden
 * chapters dimmed (spec 000), so those answers keep the chapter's summary and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChapterBlogPost, PressMention, type Chapter, type User } from "../models";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildEvent, buildHost, buildUser } from "../test/factories";

let t: TestApp;
let hidden: Chapter;
let active: Chapter;
let host: User;
let admin: User;
let stranger: User;
const mentions: Record<string, PressMention> = {};

let n = 0;
async function mention(chapter: Chapter | null, title: string) {
  n += 1;
  return PressMention.query().insertAndFetch({
    chapterId: chapter?.id ?? null,
    title,
    url: `https://example.com/hidden-test-${n}`,
    notes: "",
    slug: `hidden_test_${n}`,
    isVisible: true,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  // Both in Vermont, so the state lists would carry both.
  hidden = await buildChapter({ state: "vt", city: "Montpelier", title: "Montpelier", status: 0 });
  active = await buildChapter({ state: "vt", city: "Burlington", title: "Burlington" });
  host = await buildHost(hidden);
  admin = await buildAdmin();
  stranger = await buildUser();
  mentions.hidden = await mention(hidden, "Hidden chapter in the news");
  mentions.active = await mention(active, "Active chapter in the news");
  mentions.national = await mention(null, "The whole network in the news");
  await buildEvent(hidden, { name: "Secret Tavern" });
  await buildEvent(active, { name: "Open Tavern" });
  await ChapterBlogPost.query().insert({ chapterId: hidden.id, title: "Hidden email", slug: "hidden_email", body: "Psst" });
});
afterAll(async () => t.close());

const titles = (body: { title: string }[]) => body.map((m) => m.title);

describe("press mentions of a hidden chapter", () => {
  it.each(["/api/press_mention/public/all", "/api/press_mention/public", "/api/press_mention/public/100", "/api/press_mention/public/state/vt"])(
    "%s leaves them out, for everyone",
    async (path) => {
      for (const as of [null, stranger, host, admin]) {
        const res = await t.request("GET", path, { as });
        expect(res.status, path).toBe(200);
        expect(titles(res.body), path).not.toContain("Hidden chapter in the news");
        expect(titles(res.body), path).toContain("Active chapter in the news");
        if (!path.includes("/state/")) expect(titles(res.body), path).toContain("The whole network in the news");
      }
    },
  );

  it("the chapter's own list is empty for the public and complete for its hosts", async () => {
    const path = `/api/press_mention/chapter/${hidden.id}/public`;
    expect((await t.request("GET", path)).body).toEqual([]);
    expect((await t.request("GET", path, { as: stranger })).body).toEqual([]);
    expect(titles((await t.request("GET", path, { as: host })).body)).toEqual(["Hidden chapter in the news"]);
  });

  it("by slug: not found signed out or for others, shown to its hosts and admins", async () => {
    const path = `/api/press_mention/slug/${mentions.hidden.slug}`;
    expect((await t.request("GET", path)).status).toBe(404);
    expect((await t.request("GET", path, { as: stranger })).status).toBe(404);
    expect((await t.request("GET", path, { as: host })).body.title).toBe("Hidden chapter in the news");
    expect((await t.request("GET", path, { as: admin })).body.title).toBe("Hidden chapter in the news");
    expect((await t.request("GET", `/api/press_mention/slug/${mentions.active.slug}`)).status).toBe(200);
    expect((await t.request("GET", `/api/press_mention/slug/${mentions.national.slug}`)).status).toBe(200);
  });

  it("a mention shows again once its chapter is active again", async () => {
    await hidden.$query().patch({ status: 1 });
    try {
      expect(titles((await t.request("GET", "/api/press_mention/public/all")).body)).toContain("Hidden chapter in the news");
      expect((await t.request("GET", `/api/press_mention/slug/${mentions.hidden.slug}`)).status).toBe(200);
    } finally {
      await hidden.$query().patch({ status: 0 });
    }
  });
});

describe("other public reads of a hidden chapter", () => {
  it("its emails (chapter posts) are not found for the public", async () => {
    expect((await t.request("GET", `/api/chapter_blog_post/public/${hidden.id}/0`)).status).toBe(404);
    expect((await t.request("GET", "/api/chapter_blog_post/slug/hidden_email")).status).toBe(404);
    expect((await t.request("GET", `/api/chapter_blog_post/public/${hidden.id}/0`, { as: host })).body.map((p: { title: string }) => p.title)).toEqual([
      "Hidden email",
    ]);
  });

  it("its calendar feed needs host access; the state and network feeds leave it out", async () => {
    expect((await t.request("GET", `/api/chapter_calendar/${hidden.slug}/events.ics`)).status).toBe(401);
    for (const path of ["/api/chapter_calendar/all/events.ics", "/api/chapter_calendar/state/vt/events.ics"]) {
      const res = await t.request("GET", path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain("Open Tavern");
      expect(res.text, path).not.toContain("Secret Tavern");
      expect(res.text, path).not.toContain("Montpelier");
    }
  });

  it("its page is restricted, its events are not served, and the maps leave it out", async () => {
    const page = await t.request("GET", `/api/chapter/slug/${hidden.slug}`);
    expect(page.body).toMatchObject({ restricted: true, about: "", chapterEvents: [] });
    const event = (await t.request("GET", `/api/chapter/slug/${hidden.slug}`, { as: host })).body.chapterEvents[0];
    expect((await t.request("GET", `/api/chapter_event/slug/${event.slug}`)).status).toBe(404);
    const activeList = await t.request("GET", "/api/chapters/active");
    expect(activeList.body.map((c: { id: number }) => c.id)).not.toContain(hidden.id);
    // The state page lists it dimmed (spec 000), without its events.
    const state = await t.request("GET", "/api/chapters/state/vt");
    expect(state.body.find((c: { id: number }) => c.id === hidden.id)).toMatchObject({ status: 0, chapterEvents: [] });
  });
});
