import crypto from "node:crypto";
import http from "node:http";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser } from "../test/factories";
import { Chapter, Page, Permission, User } from "../models";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { MAX_PAGE_BYTES, PAGE_KEEP_MS, PageCache } from "./pageCache";
import { MAX_KEPT_BYTES } from "../lib/readCache";
import { revokeSession } from "../auth/session";
import * as ssr from "./ssr";

const INDEX = `<!doctype html><html lang="en"><head><title>Living Liberally</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let chapter: Chapter;

const get = (p: string, headers: Record<string, string> = {}) =>
  t.request("GET", p, { headers: { accept: "text/html", "accept-encoding": "identity", ...headers } });

/** A GET with headers that fetch will not send (Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: "text/html", "accept-encoding": "identity", ...headers } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "1" }, { uiIndex: INDEX });
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

  it("keeps pages within its byte limit, and never keeps a page over the page limit", async () => {
    const limits = { maxBytes: 64 * 1024, maxPageBytes: 8 * 1024 };
    const cache = new PageCache(t.services.knex, limits);
    let renders = 0;
    const sized = (bytes: number) => async () => {
      renders++;
      return { html: `<p>${crypto.randomBytes(bytes / 2).toString("hex")}</p>`, status: 200, keep: true };
    };
    await cache.page("huge", sized(limits.maxPageBytes + 2));
    await cache.page("huge", sized(limits.maxPageBytes + 2));
    expect(renders).toBe(2);
    expect(cache.size().pages).toBe(0);
    expect(MAX_PAGE_BYTES).toBeLessThan(MAX_KEPT_BYTES / 8);

    // Random text does not compress: each page takes about three times its HTML with its two compressed forms.
    const page = 4 * 1024;
    for (let i = 0; i < 40; i++) await cache.page(`p${i}`, sized(page));
    expect(cache.size().bytes).toBeLessThanOrEqual(limits.maxBytes);
    expect(cache.size().pages).toBeLessThan(40);
    expect(cache.size().pages).toBeGreaterThan(4);
    // The most recent stay; the oldest went first.
    renders = 0;
    await cache.page("p39", sized(page));
    await cache.page("p0", sized(page));
    expect(renders).toBe(1);
  }, 60_000);

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
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=2, stale-while-revalidate=30");
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
    expect(page.headers.get("cache-control")).toBe("no-cache");
    // The anonymous page is not the signed-in one.
    expect((await get("/chapter/nv/reno")).text).not.toContain("Rita Reader");
  }, 60_000);

  it("keep one page per colour mode: none chosen (the device decides), light, dark", async () => {
    const device = await get("/chapter/nv/reno");
    const light = await get("/chapter/nv/reno", { cookie: "ch_color_mode=light" });
    const dark = await get("/chapter/nv/reno", { cookie: "ch_color_mode=dark" });
    expect(device.text).toMatch(/<html lang="en">/);
    expect(light.text).toMatch(/<html[^>]*class="light"/);
    expect(dark.text).toMatch(/<html[^>]*class="dark"/);
    expect(new Set([device, light, dark].map((p) => p.headers.get("etag"))).size).toBe(3);
    expect((await get("/chapter/nv/reno", { cookie: "ch_color_mode=dark", "if-none-match": dark.headers.get("etag")! })).status).toBe(304);
  }, 60_000);

  it("are kept per path: unknown query strings and made-up or ended sessions get the kept page, not a render of their own", async () => {
    const ended = await t.tokenFor(await buildUser());
    await revokeSession((jwt.decode(ended) as { sid: string }).sid);
    await get("/chapter/nv/reno");
    const renders = vi.spyOn(ssr, "renderPublicPage");
    try {
      const kept = await get("/chapter/nv/reno");
      for (const variant of [
        get("/chapter/nv/reno?utm_source=x"),
        get("/chapter/nv/reno?r=1&r=2"),
        get("/chapter/nv/reno", { cookie: "ch_session=made-up" }),
        get("/chapter/nv/reno", { cookie: `ch_session=${ended}` }),
      ]) {
        const res = await variant;
        expect(res.status).toBe(200);
        expect(res.headers.get("etag")).toBe(kept.headers.get("etag"));
      }
      expect(renders).not.toHaveBeenCalled();
    } finally {
      renders.mockRestore();
    }
  }, 60_000);

  it("stay kept when an anonymous visitor creates an account, which changes no public page", async () => {
    await get("/chapter/nv/reno");
    const renders = vi.spyOn(ssr, "renderPublicPage");
    try {
      const signup = await t.request("POST", "/api/auth/signup", {
        body: { name: "New Person", email: `new${Date.now()}@example.test`, password: "a long enough password" },
      });
      expect(signup.status).toBe(201);
      expect((await get("/chapter/nv/reno")).status).toBe(200);
      expect(renders).not.toHaveBeenCalled();
      // A change of a host's name does change the page.
      const host = await buildUser({ name: "Henry Host" });
      await Permission.query().insert({ userId: host.id, roleId: ROLE_CHAPTER_HOST, chapterId: chapter.id });
      await User.query().patch({ name: "Henrietta Host" }).findById(host.id);
      expect((await get("/chapter/nv/reno")).text).toContain("Henrietta Host");
      expect(renders).toHaveBeenCalledTimes(1);
    } finally {
      renders.mockRestore();
    }
  }, 60_000);

  it("make absolute links from PUBLIC_URL, whatever the Host or X-Forwarded-Host header says", async () => {
    // The app trusts one proxy (TRUST_PROXY), so X-Forwarded-Host is what Koa takes as the host.
    const tries: Record<string, string>[] = [{ host: "evil.example" }, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }];
    for (const headers of tries) {
      const page = await rawGet(`${t.baseUrl}/chapter/nv/reno`, headers);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`webcal://${new URL(t.config.publicUrl).host}/api/chapter_calendar/reno/events.ics`);
      expect(page.text).not.toContain("evil.example");
    }
  }, 60_000);

  it("leave the admin areas and unknown paths to the browser", async () => {
    const admin = await get("/admin/users");
    expect(admin.text).toContain('<div id="root"></div>');
    expect(admin.headers.get("etag")).toBeNull();
  });
});
