import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser } from "../test/factories";
import { Chapter, Page } from "../models";
import { PAGE_KEEP_MS, PageCache } from "./pageCache";

const INDEX = `<!doctype html><html lang="en"><head><title>Living Liberally</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let chapter: Chapter;

const get = (p: string, headers: Record<string, string> = {}) =>
  t.request("GET", p, { headers: { accept: "text/html", "accept-encoding": "identity", ...headers } });

beforeAll(async () => {
  t = await startTestApp({}, { uiIndex: INDEX });
  chapter = await buildChapter({ slug: "reno", title: "Drinking Liberally", city: "Reno", state: "nv" });
}, 120_000);
afterAll(async () => t.close());

describe("PageCache", () => {
  const counted = () => {
    let renders = 0;
    const render = async () => ({ html: `<p>render ${++renders}</p>`, status: 200, keep: true });
    return { render, renders: () => renders };
  };

  it("renders a page once, again after any write to a versioned table, and again once it is older than PAGE_KEEP_MS", async () => {
    const cache = new PageCache(t.services.knex);
    let now = Date.now();
    cache.now = () => now;
    const r = counted();
    const first = await cache.page("k", r.render);
    expect((await cache.page("k", r.render)).etag).toBe(first.etag);
    expect(r.renders()).toBe(1);
    expect(first.gzip.length).toBeGreaterThan(0);
    expect(first.br.length).toBeGreaterThan(0);

    await Page.query().insert({ slug: `p${Date.now()}`, title: "A page", body: "x", isPublic: true });
    expect((await cache.page("k", r.render)).html.toString()).toBe("<p>render 2</p>");
    now += PAGE_KEEP_MS + 1;
    expect((await cache.page("k", r.render)).html.toString()).toBe("<p>render 3</p>");
    expect(r.renders()).toBe(3);
  });

  it("shares one render among requests that arrive together, and keeps no page whose rendering failed", async () => {
    const cache = new PageCache(t.services.knex);
    const r = counted();
    await Promise.all(Array.from({ length: 5 }, () => cache.page("together", r.render)));
    expect(r.renders()).toBe(1);

    let fallbacks = 0;
    const failing = async () => ({ html: `<div id="root"></div> ${++fallbacks}`, status: 200, keep: false });
    await cache.page("failing", failing);
    await cache.page("failing", failing);
    expect(fallbacks).toBe(2);
  });
});

describe("public pages kept for anonymous visitors", () => {
  it("answer with an ETag and 304 to If-None-Match, and show a rename on the next request", async () => {
    const first = await get("/chapter/nv/reno");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    expect((await get("/chapter/nv/reno", { "if-none-match": etag })).status).toBe(304);

    await Chapter.query().patch({ city: "Sparks" }).findById(chapter.id);
    const renamed = await get("/chapter/nv/reno", { "if-none-match": etag });
    expect(renamed.status).toBe(200);
    expect(renamed.text).toContain("Sparks");
    expect(renamed.headers.get("etag")).not.toBe(etag);
  }, 60_000);

  it("render a signed-in visitor's page for them, with no ETag", async () => {
    const user = await buildUser({ name: "Rita Reader" });
    const page = await get("/chapter/nv/reno", { cookie: `ch_session=${await t.tokenFor(user)}` });
    expect(page.text).toContain("Hi, Rita Reader!");
    expect(page.headers.get("etag")).toBeNull();
    // The anonymous page is not the signed-in one.
    expect((await get("/chapter/nv/reno")).text).not.toContain("Rita Reader");
  }, 60_000);

  it("keep one page per colour mode", async () => {
    const light = await get("/chapter/nv/reno");
    const dark = await get("/chapter/nv/reno", { cookie: "ch_color_mode=dark" });
    expect(light.text).toMatch(/<html[^>]*class="light"/);
    expect(dark.text).toMatch(/<html[^>]*class="dark"/);
    expect(dark.headers.get("etag")).not.toBe(light.headers.get("etag"));
    expect((await get("/chapter/nv/reno", { cookie: "ch_color_mode=dark", "if-none-match": dark.headers.get("etag")! })).status).toBe(304);
  }, 60_000);

  it("leave the admin areas and unknown paths to the browser", async () => {
    const admin = await get("/admin/users");
    expect(admin.text).toContain('<div id="root"></div>');
    expect(admin.headers.get("etag")).toBeNull();
  });
});
