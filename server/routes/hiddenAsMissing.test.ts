/**
 * Hidden content is not told apart from missing content: a draft blog post, page or wiki page, a hidden press
 * mention, an event or an email of a hidden chapter answers a visitor, signed out or signed in without the right to
 * see it, exactly as a slug that names nothing does (the same status, body and headers). Those who may see it still
 * get it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestResponse } from "../test/harness";
import { buildAdmin, buildChapter, buildEvent, buildHost, buildUser } from "../test/factories";
import { buildBlogPost, buildPage, buildPressMention, buildWikiPage } from "../test/siteAdminFactories";
import { ChapterBlogPost, type Chapter, type User } from "../models";
import { CHAPTER_HIDDEN } from "../models/Chapter";

let t: TestApp;
let hiddenChapter: Chapter;
let activeChapter: Chapter;
let hiddenHost: User;
let activeHost: User;
let admin: User;
let stranger: User;

/** Each public-by-slug read: a slug the caller may not see, one that names nothing, and who may see it. */
let cases: { name: string; path: (slug: string) => string; hidden: string; mayRead: () => User[]; title: string }[];

beforeAll(async () => {
  t = await startTestApp();
  hiddenChapter = await buildChapter({ status: CHAPTER_HIDDEN, title: "Quiet" });
  activeChapter = await buildChapter({ title: "Loud" });
  hiddenHost = await buildHost(hiddenChapter);
  activeHost = await buildHost(activeChapter);
  admin = await buildAdmin();
  stranger = await buildUser();
  const post = await buildBlogPost({ title: "Draft announcement", isPublic: false });
  const page = await buildPage({ title: "Draft page", isPublic: false });
  const wiki = await buildWikiPage({ title: "Internal playbook", isPublic: false });
  const siteMention = await buildPressMention({ title: "Unpublished clipping", isVisible: false });
  const chapterMention = await buildPressMention({ title: "Hidden chapter clipping", chapterId: activeChapter.id, isVisible: false });
  const hiddenChapterMention = await buildPressMention({ title: "Quiet chapter clipping", chapterId: hiddenChapter.id });
  const event = await buildEvent(hiddenChapter, { name: "Secret Tavern" });
  const email = await ChapterBlogPost.query().insertAndFetch({
    chapterId: hiddenChapter.id,
    title: "Quiet email",
    slug: `quiet_${hiddenChapter.id}`,
    body: "",
  });
  cases = [
    { name: "a draft blog post", path: (s) => `/api/blog_post/slug/${s}`, hidden: post.slug, mayRead: () => [admin], title: post.title },
    { name: "a draft page", path: (s) => `/api/page/slug/${s}`, hidden: page.slug, mayRead: () => [admin], title: page.title },
    { name: "a non-public wiki page", path: (s) => `/api/wiki_page/slug/${s}`, hidden: wiki.slug, mayRead: () => [admin], title: wiki.title },
    {
      name: "a hidden site-wide press mention",
      path: (s) => `/api/press_mention/slug/${s}`,
      hidden: siteMention.slug,
      mayRead: () => [admin],
      title: siteMention.title,
    },
    {
      name: "a hidden press mention of a chapter",
      path: (s) => `/api/press_mention/slug/${s}`,
      hidden: chapterMention.slug,
      mayRead: () => [admin, activeHost],
      title: chapterMention.title,
    },
    {
      name: "a press mention of a hidden chapter",
      path: (s) => `/api/press_mention/slug/${s}`,
      hidden: hiddenChapterMention.slug,
      mayRead: () => [admin, hiddenHost],
      title: hiddenChapterMention.title,
    },
    { name: "an event of a hidden chapter", path: (s) => `/api/chapter_event/slug/${s}`, hidden: event.slug, mayRead: () => [admin, hiddenHost], title: "" },
    {
      name: "an email of a hidden chapter",
      path: (s) => `/api/chapter_blog_post/slug/${s}`,
      hidden: email.slug,
      mayRead: () => [admin, hiddenHost],
      title: email.title,
    },
  ];
});
afterAll(async () => t.close());

/** What a caller could compare between two answers: status, body and the headers that describe them. */
const seen = (res: TestResponse) => ({
  status: res.status,
  body: res.body,
  type: res.headers.get("content-type"),
  cache: res.headers.get("cache-control"),
  etag: res.headers.get("etag"),
  vary: res.headers.get("vary"),
});

describe("a slug the caller may not see answers as one that names nothing", () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])("case %i: signed out, signed in, or hosting another chapter: the same 404", async (i) => {
    const c = cases[i];
    for (const as of [null, stranger, c.mayRead().includes(activeHost) ? hiddenHost : activeHost]) {
      const hidden = await t.request("GET", c.path(c.hidden), { as });
      const missing = await t.request("GET", c.path(`no_such_${c.hidden}`), { as });
      expect(missing.status, c.name).toBe(404);
      expect(seen(hidden), `${c.name} as ${as?.name ?? "a visitor"}`).toEqual(seen(missing));
      if (c.title) expect(hidden.text, c.name).not.toContain(c.title);
    }
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7])("case %i: those who may see it still get it", async (i) => {
    const c = cases[i];
    for (const as of c.mayRead()) {
      const res = await t.request("GET", c.path(c.hidden), { as });
      expect(res.status, `${c.name} as ${as.name}`).toBe(200);
      expect(res.body.slug, c.name).toBe(c.hidden);
    }
  });

  it("keeps the messages of a slug that names nothing", async () => {
    const messages = await Promise.all(cases.map(async (c) => (await t.request("GET", c.path(c.hidden))).body));
    expect(messages).toEqual([
      { error: "Blog post not found", errorId: "not_found" },
      { error: "Page not found", errorId: "not_found" },
      { error: "Wiki page not found", errorId: "not_found" },
      { error: "Press mention not found", errorId: "not_found" },
      { error: "Press mention not found", errorId: "not_found" },
      { error: "Press mention not found", errorId: "not_found" },
      { error: "Event not found", errorId: "not_found" },
      { error: "Post not found", errorId: "not_found" },
    ]);
  });
});
