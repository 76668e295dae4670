import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAsAdmin, type TestApp } from "../test/harness";
import { buildChapter } from "../test/factories";
import { buildPressMention, buildWikiPage } from "../test/siteAdminFactories";
import { BlogPost, FrontPage, Page, UploadedImage, WikiPage, type User } from "../models";
import { WIKI_NOT_EDITABLE_MESSAGE } from "../contracts/siteAdmin";

let t: TestApp;
let admin: User;
beforeAll(async () => {
  ({ t, admin } = await startAsAdmin());
});
afterAll(async () => t.close());

const SLUG_ERROR = "Slug may only contain lowercase letters, numbers and underscores";

describe("front page", () => {
  it("saves the image link URL (required) and shows it to everyone", async () => {
    const empty = await t.request("POST", "/api/front_page", { as: admin, body: { imageLinkURL: "" } });
    expect(empty.body).toMatchObject({ error: "Image Link URL is Required", field: "imageLinkURL" });
    expect((await t.request("POST", "/api/front_page", { as: admin, body: { imageLinkURL: "javascript:alert(1)" } })).status).toBe(400);
    const saved = await t.request("POST", "/api/front_page", { as: admin, body: { imageLinkURL: "https://livingliberally.org/donate" } });
    expect(saved.status).toBe(200);
    const pub = await t.request("GET", "/api/front_page");
    expect(pub.body).toMatchObject({ imageLinkURL: "https://livingliberally.org/donate", hasImage: false, imageUrl: null });
  });

  it("stores an uploaded image as front_page.jpg and answers success", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "callout.png");
    const res = await t.request("POST", "/api/front_page_image", { as: admin, raw: form });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "success" });
    const image = await UploadedImage.query().findOne({ name: "front_page.jpg" });
    expect(image!.contentType).toBe("image/jpeg");
    const meta = await sharp(image!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 40, 20]);
    expect((await FrontPage.query().findById(1))!.hasImage).toBe(true);
    expect((await t.request("GET", "/api/front_page")).body.imageUrl).toMatch(/^\/assets\/images\/uploads\/front_page\.jpg\?v=/);

    const notImage = new FormData();
    notImage.append("file", new Blob(["hello"], { type: "image/png" }), "fake.png");
    const bad = await t.request("POST", "/api/front_page_image", { as: admin, raw: notImage });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The file is not an image we can read; please upload a JPEG, PNG, GIF or WebP image");
    expect((await t.request("POST", "/api/front_page_image", { as: admin, raw: new FormData() })).status).toBe(400);
  });
});

describe("blog posts", () => {
  it("creates a public post by default, normalising non-breaking spaces, then updates it", async () => {
    const created = await t.request("POST", "/api/blog_post", {
      as: admin,
      body: { title: "Spring news", slug: "spring_news", body: "Hello\u00a0world&nbsp;again" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Spring news", slug: "spring_news", body: "Hello world again", isPublic: true, user: { id: admin.id } });
    const updated = await t.request("POST", "/api/blog_post", {
      as: admin,
      body: { id: created.body.id, title: "Spring news!", slug: "spring_news_2026", body: "New", isPublic: false },
    });
    expect(updated.status).toBe(200);
    expect(await BlogPost.query().findById(created.body.id)).toMatchObject({ title: "Spring news!", slug: "spring_news_2026", isPublic: false });
    const list = await t.request("GET", "/api/blog_post", { as: admin });
    expect(list.body.find((p: { id: number }) => p.id === created.body.id)).toMatchObject({ isPublic: false, body: "New" });
  });

  it("checks titles and slugs", async () => {
    expect((await t.request("POST", "/api/blog_post", { as: admin, body: { title: "", slug: "x" } })).body).toMatchObject({
      error: "Title is Required",
      field: "title",
    });
    expect((await t.request("POST", "/api/blog_post", { as: admin, body: { title: "A", slug: "Has Spaces" } })).body).toMatchObject({
      error: SLUG_ERROR,
      field: "slug",
    });
    expect((await t.request("POST", "/api/blog_post", { as: admin, body: { title: "A", slug: "dash-es" } })).body.error).toBe(SLUG_ERROR);
    await t.request("POST", "/api/blog_post", { as: admin, body: { title: "A", slug: "taken_slug" } });
    const dup = await t.request("POST", "/api/blog_post", { as: admin, body: { title: "B", slug: "taken_slug" } });
    expect(dup.status).toBe(409);
    expect((await t.request("POST", "/api/blog_post", { as: admin, body: { id: 999999, title: "B", slug: "nope" } })).status).toBe(404);
  });
});

describe("pages", () => {
  it("creates public pages, requires a title and keeps the slug of an existing page", async () => {
    expect((await t.request("POST", "/api/page", { as: admin, body: { title: " ", slug: "about" } })).body).toMatchObject({
      error: "Title is Required",
      field: "title",
    });
    const created = await t.request("POST", "/api/page", { as: admin, body: { title: "About", slug: "about", body: "We\u00a0meet" } });
    expect(created.body).toMatchObject({ slug: "about", isPublic: true, body: "We meet" });
    const renamed = await t.request("POST", "/api/page", { as: admin, body: { id: created.body.id, title: "About us", slug: "about_us" } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.field).toBe("slug");
    const ok = await t.request("POST", "/api/page", {
      as: admin,
      body: { id: created.body.id, title: "About us", slug: "about", body: "Hi", isPublic: false },
    });
    expect(ok.body).toMatchObject({ title: "About us", isPublic: false });
    expect((await Page.query().findById(created.body.id))!.title).toBe("About us");
    const list = await t.request("GET", "/api/page", { as: admin });
    expect(list.body.map((p: { slug: string }) => p.slug)).toContain("about");
  });

  it("refuses a new page whose slug is the address of another screen (pages are served at /{slug})", async () => {
    const res = await t.request("POST", "/api/page", { as: admin, body: { title: "Sign in", slug: "signin" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "That slug is the address of another part of the site. Please choose another.", field: "slug" });
    expect(await Page.query().findOne({ slug: "signin" })).toBeUndefined();
  });
});

describe("wiki pages", () => {
  it("creates pages public and editable by default", async () => {
    const res = await t.request("POST", "/api/wiki_page", { as: admin, body: { title: "Host handbook", slug: "host_handbook", body: "Welcome" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isPublic: true, isEditable: true });
  });

  it("never replaces the body of a non-editable page", async () => {
    const locked = await buildWikiPage({ isEditable: false, body: "<table>hand made</table>" });
    const res = await t.request("POST", "/api/wiki_page", { as: admin, body: { id: locked.id, title: locked.title, slug: locked.slug, body: "flattened" } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: WIKI_NOT_EDITABLE_MESSAGE, errorId: "not_editable" });
    expect((await WikiPage.query().findById(locked.id))!.body).toBe("<table>hand made</table>");
    const list = await t.request("GET", "/api/wiki_page", { as: admin });
    expect(list.body.find((p: { id: number }) => p.id === locked.id)).toMatchObject({ isEditable: false, body: "<table>hand made</table>" });
  });
});

describe("press mentions (admin list)", () => {
  it("lists every mention, visible or not, with its chapter or -1", async () => {
    const chapter = await buildChapter();
    const withChapter = await buildPressMention({ chapterId: chapter.id, isVisible: false });
    const without = await buildPressMention();
    const res = await t.request("GET", "/api/press_mention/all", { as: admin });
    const byId = (id: number) => res.body.find((m: { id: number }) => m.id === id);
    expect(byId(withChapter.id)).toMatchObject({ chapterId: chapter.id, isVisible: false, chapter: { id: chapter.id, slug: chapter.slug } });
    expect(byId(without.id)).toMatchObject({ chapterId: -1, chapter: null });
  });
});
