import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildChapter } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { recordActivity } from "../commands/activity";
import { ActivityFeedItem } from "../models";
import type { Chapter } from "../models";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ title: "Feed Town", city: "Feed Town" }));
});
afterAll(async () => t.close());

describe("GET /api/activity_feed_item/chapter/{id}", () => {
  it("is for host access only", async () => {
    await expectAccess(t, p, { method: "GET", path: `/api/activity_feed_item/chapter/${chapter.id}` }, WHO.hostAccess);
  });

  it("lists the chapter's items newest first with their authors; hosts never receive admin-only items, admins do", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    await ActivityFeedItem.query().insert({
      type: "chapter_note",
      title: "older",
      note: "n1",
      adminOnly: false,
      userId: p.host.id,
      chapterId: chapter.id,
      objectId: null,
      createdAt: new Date(base).toISOString(),
    });
    await ActivityFeedItem.query().insert({
      type: "chapter_note",
      title: "secret",
      note: "n2",
      adminOnly: true,
      userId: p.admin.id,
      chapterId: chapter.id,
      objectId: "7",
      createdAt: new Date(base + 1000).toISOString(),
    });
    await ActivityFeedItem.query().insert({
      type: "press_mention",
      title: "newer",
      note: "",
      adminOnly: false,
      userId: p.fieldOrganizer.id,
      chapterId: chapter.id,
      objectId: null,
      createdAt: new Date(base + 2000).toISOString(),
    });
    await recordActivity({ type: "chapter_note", title: "elsewhere", userId: p.otherHost.id, chapterId: p.otherChapter.id });

    for (const who of [p.host, p.fieldOrganizer]) {
      const res = await t.request("GET", `/api/activity_feed_item/chapter/${chapter.id}`, { as: who });
      expect(res.status).toBe(200);
      expect(res.body.map((i: { title: string }) => i.title)).toEqual(["newer", "older"]);
      expect(res.text).not.toContain("secret");
    }
    const asAdmin = await t.request("GET", `/api/activity_feed_item/chapter/${chapter.id}`, { as: p.admin });
    expect(asAdmin.body.map((i: { title: string }) => i.title)).toEqual(["newer", "secret", "older"]);
    expect(asAdmin.body[1]).toMatchObject({
      adminOnly: true,
      objectId: "7",
      type: "chapter_note",
      user: { id: p.admin.id, name: p.admin.name, email: p.admin.email },
    });
    expect(asAdmin.body[0].chapter).toMatchObject({ id: chapter.id, slug: chapter.slug, state: "il" });
  });

  it("keeps to the most recent 50", async () => {
    const busy = await buildChapter();
    const rows = Array.from({ length: 55 }, (_, i) => ({
      type: "chapter_link",
      title: `item ${i}`,
      note: "",
      admin_only: false,
      user_id: null,
      chapter_id: busy.id,
      object_id: null,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      updated_at: new Date().toISOString(),
    }));
    await t.services.knex("activity_feed_items").insert(rows);
    const res = await t.request("GET", `/api/activity_feed_item/chapter/${busy.id}`, { as: p.admin });
    expect(res.body).toHaveLength(50);
    expect(res.body[0].title).toBe("item 54");
  });

  it("answers 404 for an unknown chapter and 400 for a bad id", async () => {
    expect((await t.request("GET", "/api/activity_feed_item/chapter/999999", { as: p.admin })).status).toBe(404);
    expect((await t.request("GET", "/api/activity_feed_item/chapter/x", { as: p.admin })).status).toBe(400);
  });
});

describe("GET /api/activity_feed_item/all", () => {
  it("is for admins only", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/activity_feed_item/all" }, WHO.admin);
  });

  it("lists the whole network's items, admin-only ones included, with their chapter", async () => {
    await recordActivity({ type: "user_note", title: "about a user", adminOnly: true, userId: p.admin.id, objectId: p.user.id });
    const res = await t.request("GET", "/api/activity_feed_item/all", { as: p.admin });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ title: "about a user", adminOnly: true, chapter: null, objectId: String(p.user.id) });
    const elsewhere = res.body.find((i: { title: string }) => i.title === "elsewhere");
    expect(elsewhere.chapter).toMatchObject({ id: p.otherChapter.id, slug: p.otherChapter.slug });
    expect(res.body.length).toBeLessThanOrEqual(100);
  });
});
