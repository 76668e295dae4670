import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, PressMention } from "../models";
import type { Chapter } from "../models";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas());
});
afterAll(async () => t.close());

const mention = (overrides: Partial<PressMention> = {}) =>
  PressMention.query().insertAndFetch({
    title: "In the news",
    url: "https://news.example/a",
    notes: "",
    slug: `pm_${Math.random().toString(36).slice(2, 8)}`,
    isVisible: true,
    chapterId: chapter.id,
    ...overrides,
  });

describe("press mentions of a chapter", () => {
  it("GET /all needs host access", async () => {
    await expectAccess(t, p, { method: "GET", path: `/api/press_mention/chapter/${chapter.id}/all` }, WHO.hostAccess);
  });

  it("POST for a chapter needs host access on it; site-wide ones need an admin", async () => {
    await expectAccess(
      t,
      p,
      { method: "POST", path: "/api/press_mention/", body: { title: "T", url: "https://x.example", chapterId: chapter.id } },
      WHO.hostAccess,
    );
    await expectAccess(t, p, { method: "POST", path: "/api/press_mention/", body: { title: "T", url: "https://x.example", chapterId: -1 } }, WHO.admin);
    await expectAccess(t, p, { method: "POST", path: "/api/press_mention/", body: { title: "T", url: "https://x.example", chapterId: null } }, WHO.admin);
  });

  it("a host cannot edit another chapter's mention, nor move their own to another chapter", async () => {
    const theirs = await mention({ chapterId: p.otherChapter.id });
    const res = await t.request("POST", "/api/press_mention", {
      as: p.host,
      body: { slug: theirs.slug, title: "Hijacked", url: "https://x.example", chapterId: chapter.id },
    });
    expect(res.status).toBe(403);
    expect((await PressMention.query().findById(theirs.id))!.title).toBe("In the news");
    const mine = await mention();
    const move = await t.request("POST", "/api/press_mention", {
      as: p.host,
      body: { slug: mine.slug, title: "Moved", url: "https://x.example", chapterId: p.otherChapter.id },
    });
    expect(move.status).toBe(403);
    const siteWide = await mention({ chapterId: null });
    const edit = await t.request("POST", "/api/press_mention", {
      as: p.fieldOrganizer,
      body: { slug: siteWide.slug, title: "Mine now", url: "https://x.example", chapterId: chapter.id },
    });
    expect(edit.status).toBe(403);
  });

  it("DELETE needs host access on the mention's chapter (admin for site-wide ones)", async () => {
    const rows = await Promise.all([mention(), mention({ chapterId: null })]);
    await expectAccess(t, p, { method: "DELETE", path: `/api/press_mention/slug/${rows[0].slug}` }, WHO.hostAccess);
    await expectAccess(t, p, { method: "DELETE", path: `/api/press_mention/slug/${rows[1].slug}` }, WHO.admin);
  });

  it("creates with a generated slug, visible by default, then updates by slug; both recorded in the feed", async () => {
    const created = await t.request("POST", "/api/press_mention/", {
      as: p.host,
      body: { title: "Local paper loves us", url: "https://paper.example/story", notes: "Page 3", chapterId: chapter.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Local paper loves us",
      url: "https://paper.example/story",
      notes: "Page 3",
      isVisible: true,
      chapterId: chapter.id,
    });
    expect(created.body.slug).toMatch(/^local_paper_loves_us_[0-9a-f]{6}$/);
    const updated = await t.request("POST", "/api/press_mention/", {
      as: p.host,
      body: { slug: created.body.slug, title: "Local paper really loves us", url: "https://paper.example/story", isVisible: false, chapterId: chapter.id },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, title: "Local paper really loves us", isVisible: false, notes: "" });
    const items = await ActivityFeedItem.query().where({ objectId: created.body.slug, type: "press_mention" }).orderBy("id");
    expect(items.map((i) => i.title)).toEqual(["Press mention added: Local paper loves us", "Press mention updated: Local paper really loves us"]);
    expect(items[0].userId).toBe(p.host.id);

    const list = await t.request("GET", `/api/press_mention/chapter/${chapter.id}/all`, { as: p.host });
    expect(list.body.find((m: { slug: string }) => m.slug === created.body.slug)).toMatchObject({ isVisible: false });
    expect(list.body.every((m: { chapterId: number }) => m.chapterId === chapter.id)).toBe(true);
  });

  it("validates title and URL with the spec's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "", url: "https://x.example" }, "title", "Title is Required"],
      [{ url: "https://x.example" }, "title", "Title is Required"],
      [{ title: "T", url: " " }, "url", "URL is Required"],
      [{ title: "T", url: "javascript:window.__xss=1" }, "url", "URL must start with http:// or https://"],
      [{ title: "T", url: "https://x.example", slug: "Bad Slug" }, "slug", "Slug may only contain lowercase letters, numbers and underscores"],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.request("POST", "/api/press_mention", { as: p.host, body: { chapterId: chapter.id, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field, error: message });
    }
  });

  it("deletes by slug and records it; unknown slugs are 404", async () => {
    const m = await mention({ title: "Going away" });
    const res = await t.request("DELETE", `/api/press_mention/slug/${m.slug}`, { as: p.fieldOrganizer });
    expect(res.body).toEqual({ result: "success" });
    expect(await PressMention.query().findById(m.id)).toBeUndefined();
    expect(await ActivityFeedItem.query().findOne({ title: "Press mention deleted: Going away" })).toBeTruthy();
    expect((await t.request("DELETE", "/api/press_mention/slug/nope", { as: p.admin })).status).toBe(404);
  });
});
