import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { buildChapter } from "../test/factories";
import { BlogPost, ChapterBlogPost } from "../models";
import { BLOG_PAGE_SIZE } from "../contracts/content";
import { CHAPTER_POSTS_PAGE_SIZE } from "../contracts/mailingList";

let t: TestApp;

/** A page as a browser with JavaScript off gets it. */
async function page(location: string) {
  const res = await t.request("GET", location, { headers: { accept: "text/html" } });
  const root = res.text.slice(res.text.indexOf('<div id="root">'));
  const loadMore = /<a[^>]*href="([^"]*)"[^>]*>Load More<\/a>/.exec(root)?.[1]?.replace(/&amp;/g, "&") ?? null;
  return { res, root, loadMore };
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const emailsOf = (root: string) => root.slice(root.indexOf('data-testid="chapter-emails"'));

beforeAll(async () => {
  t = await startTestApp({}, { uiIndex: TEST_INDEX_HTML });
  for (let i = 1; i <= BLOG_PAGE_SIZE + 1; i++) {
    await BlogPost.query().insert({ userId: null, title: `News ${i}`, slug: `news_${i}`, body: `Body ${i}`, isPublic: true });
  }
  const chapter = await buildChapter({ slug: "boise", title: "Drinking Liberally", city: "Boise", state: "id" });
  for (let i = 1; i <= CHAPTER_POSTS_PAGE_SIZE + 1; i++) {
    await ChapterBlogPost.query().insert({ chapterId: chapter.id, userId: null, title: `Email ${i}`, slug: `email_${i}`, body: `Sent ${i}` });
  }
}, 120_000);
afterAll(async () => t.close());

describe("Load More without JavaScript: a link to the page with one more page of the list", () => {
  it("the home page's news: /?page=2 shows the second page too, and scrolls to its first post", async () => {
    const first = await page("/");
    expect(count(first.root, /data-testid="blog-post"/g)).toBe(BLOG_PAGE_SIZE);
    expect(first.loadMore).toBe("/?page=2#news-2");

    const second = await page("/?page=2");
    expect(second.res.status).toBe(200);
    expect(count(second.root, /data-testid="blog-post"/g)).toBe(BLOG_PAGE_SIZE + 1);
    expect(second.root).toMatch(/<article id="news-2"[^>]*>[\s\S]*?News 1</);
    // The last page: no Load More.
    expect(second.loadMore).toBeNull();
    // With JavaScript the browser goes on from the pages it was given.
    expect(second.res.text).toMatch(/"queryKey":\["content","blog","public"\]/);
  }, 60_000);

  it("a chapter's emails: ?page=2 on its page (a parameter pages do not read changes nothing)", async () => {
    const first = await page("/chapter/id/boise");
    expect(count(emailsOf(first.root), /<article/g)).toBe(CHAPTER_POSTS_PAGE_SIZE);
    expect(first.loadMore).toBe("/chapter/id/boise?page=2#emails-2");

    const second = await page("/chapter/id/boise?page=2&utm_source=x");
    expect(count(emailsOf(second.root), /<article/g)).toBe(CHAPTER_POSTS_PAGE_SIZE + 1);
    expect(second.root).toContain('<article id="emails-2">');
    expect(second.loadMore).toBeNull();
  }, 60_000);

  it("an address asking for more pages than there are shows them all; anything but a number above 1 is the first page", async () => {
    expect(count((await page("/?page=100000")).root, /data-testid="blog-post"/g)).toBe(BLOG_PAGE_SIZE + 1);
    for (const odd of ["0", "-3", "two", "1.5"]) {
      const shown = await page(`/?page=${odd}`);
      expect(shown.res.status).toBe(200);
      expect(count(shown.root, /data-testid="blog-post"/g)).toBe(BLOG_PAGE_SIZE);
    }
  }, 60_000);
});
