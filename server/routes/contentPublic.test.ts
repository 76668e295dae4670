import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlogPost, FrontPage, Page, WikiPage } from "../models";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildPersonas, buildUser } from "../test/factories";
import { expectShownOnlyTo, WHO } from "../test/access";
import { BLOG_PAGE_SIZE } from "../contracts/content";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

describe("front page", () => {
  it("answers the link URL, whether an image exists and where it lives", async () => {
    const empty = await t.request("GET", "/api/front_page");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ imageLinkURL: "", hasImage: false, imageUrl: null });
    await FrontPage.query().patch({ imageLinkUrl: "https://example.com/rally", hasImage: true }).where({ id: 1 });
    const res = await t.request("GET", "/api/front_page");
    expect(res.body).toMatchObject({ imageLinkURL: "https://example.com/rally", hasImage: true });
    expect(res.body.imageUrl).toMatch(/^\/assets\/images\/uploads\/front_page\.jpg\?v=/);
    expect(res.headers.get("cache-control")).toMatch(/^public/);
  });
});

describe("blog posts", () => {
  it("pages public posts newest first from page 0, with safe HTML", async () => {
    const author = await buildUser({ name: "Blog Author" });
    for (let i = 0; i < BLOG_PAGE_SIZE + 2; i++) {
      await BlogPost.query().insert({
        slug: `post_${i}`,
        title: `Post ${i}`,
        body: i === 0 ? "**bold** <img src=x onerror=alert(1)>" : `Body ${i}`,
        isPublic: true,
        userId: author.id,
        createdAt: daysAgo(i),
      });
    }
    await BlogPost.query().insert({ slug: "draft_post", title: "Draft", body: "secret", isPublic: false, userId: author.id, createdAt: daysAgo(0.1) });
    const first = await t.request("GET", "/api/blog_post/public/0");
    expect(first.status).toBe(200);
    expect(first.body.map((p: { title: string }) => p.title)).toEqual(Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => `Post ${i}`));
    expect(first.body[0].bodyHtml).toBe('<p><strong>bold</strong> <img src="x" /></p>\n');
    expect(first.body[0].body).toContain("**bold**");
    expect(first.body[0].user).toEqual({ id: author.id, name: "Blog Author" });
    const second = await t.request("GET", "/api/blog_post/public/1");
    expect(second.body.map((p: { title: string }) => p.title)).toEqual([`Post ${BLOG_PAGE_SIZE}`, `Post ${BLOG_PAGE_SIZE + 1}`]);
    expect((await t.request("GET", "/api/blog_post/public/9")).body).toEqual([]);
    const bad = await t.request("GET", "/api/blog_post/public/-1");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("page must be a whole number from 0");
  });

  it("shows a public post by slug to anyone and a non-public one only to admins (not found for others)", async () => {
    const res = await t.request("GET", "/api/blog_post/slug/post_1");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Post 1", bodyHtml: "<p>Body 1</p>\n", isPublic: true });
    const personas = await buildPersonas(await buildChapter());
    await expectShownOnlyTo(t, personas, "/api/blog_post/slug/draft_post", "/api/blog_post/slug/none_such", WHO.admin);
    expect((await t.request("GET", "/api/blog_post/slug/draft_post", { as: personas.admin })).body.body).toBe("secret");
    expect((await t.request("GET", "/api/blog_post/slug/none_such")).status).toBe(404);
  });
});

describe("pages and wiki pages", () => {
  it("shows a public page by slug with safe HTML; non-public pages only to admins (not found for others)", async () => {
    await Page.query().insert({ slug: "about", title: "About Us", body: "Hello <script>alert(1)</script>[x](javascript:alert(1))", isPublic: true });
    await Page.query().insert({ slug: "hidden_page", title: "Hidden", body: "draft", isPublic: false });
    const res = await t.request("GET", "/api/page/slug/about");
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("About Us");
    expect(res.body.bodyHtml).not.toMatch(/script|javascript:/);
    expect(res.body.bodyHtml).toContain("Hello");
    const personas = await buildPersonas(await buildChapter());
    await expectShownOnlyTo(t, personas, "/api/page/slug/hidden_page", "/api/page/slug/nope", WHO.admin);
    expect((await t.request("GET", "/api/page/slug/nope")).status).toBe(404);
  });

  it("shows a non-public wiki page only to admins: to everyone else it is not found, title and all", async () => {
    await WikiPage.query().insert({ slug: "playbook", title: "Playbook", body: "internal notes", isPublic: false, isEditable: true });
    await WikiPage.query().insert({ slug: "handbook", title: "Handbook", body: "*public* notes", isPublic: true, isEditable: true });
    const personas = await buildPersonas(await buildChapter());
    await expectShownOnlyTo(t, personas, "/api/wiki_page/slug/playbook", "/api/wiki_page/slug/none", WHO.admin);
    const admin = await t.request("GET", "/api/wiki_page/slug/playbook", { as: await buildAdmin() });
    expect(admin.body).toMatchObject({ title: "Playbook", isPublic: false, body: "internal notes", bodyHtml: "<p>internal notes</p>\n" });
    const pub = await t.request("GET", "/api/wiki_page/slug/handbook");
    expect(pub.body).toMatchObject({ isPublic: true, bodyHtml: "<p><em>public</em> notes</p>\n" });
    expect((await t.request("GET", "/api/wiki_page/slug/none")).status).toBe(404);
  });
});

describe("what the public site holds, with dates", () => {
  it("lists public pages and wiki pages by slug, and public posts newest first, with their last change; never non-public ones", async () => {
    const knex = t.services.knex;
    await Page.query().insert({ slug: "aa_dates", title: "A", body: "", isPublic: true });
    await Page.query().insert({ slug: "ab_draft", title: "B", body: "", isPublic: false });
    await knex("pages").where({ slug: "aa_dates" }).update({ updatedAt: "2030-01-01T00:00:00.000Z" });
    await WikiPage.query().insert({ slug: "aa_wiki", title: "W", body: "", isPublic: true, isEditable: false });
    await WikiPage.query().insert({ slug: "ab_wiki_draft", title: "W", body: "", isPublic: false, isEditable: false });
    await BlogPost.query().insert({ slug: "dated_post", title: "P", body: "", isPublic: true, createdAt: daysAgo(-1) });
    await BlogPost.query().insert({ slug: "dated_draft", title: "P", body: "", isPublic: false, createdAt: daysAgo(-2) });

    const pages = await t.request("GET", "/api/page/public/dates");
    expect(pages.status).toBe(200);
    expect(pages.headers.get("cache-control")).toMatch(/^public/);
    expect(pages.body[0]).toEqual({ slug: "aa_dates", updatedAt: "2030-01-01T00:00:00.000Z" });
    const pageSlugs = pages.body.map((p: { slug: string }) => p.slug);
    expect(pageSlugs).toEqual([...pageSlugs].sort());
    expect(pageSlugs).not.toContain("ab_draft");
    expect(pageSlugs).not.toContain("hidden_page");

    const wikis = (await t.request("GET", "/api/wiki_page/public/dates")).body.map((w: { slug: string }) => w.slug);
    expect(wikis).toContain("aa_wiki");
    expect(wikis).not.toContain("ab_wiki_draft");
    expect(wikis).not.toContain("playbook");

    const posts = await t.request("GET", "/api/blog_post/public/dates");
    expect(posts.body[0]).toEqual({ slug: "dated_post", updatedAt: expect.stringMatching(/^20\d\d-\d\d-\d\dT[\d:.]+Z$/) });
    expect(posts.body.map((p: { slug: string }) => p.slug)).not.toContain("dated_draft");
    expect(posts.body.map((p: { slug: string }) => p.slug)).toContain("post_0");
  });
});
