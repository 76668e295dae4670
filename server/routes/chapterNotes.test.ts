import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, ChapterNote } from "../models";
import type { Chapter } from "../models";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ title: "Notes Town", city: "Notes Town" }));
});
afterAll(async () => t.close());

describe("chapter notes", () => {
  it("GET and POST need host access on the note's chapter", async () => {
    await expectAccess(t, p, { method: "GET", path: `/api/chapter_note/chapter/${chapter.id}` }, WHO.hostAccess);
    await expectAccess(t, p, { method: "POST", path: "/api/chapter_note", body: { chapterId: chapter.id, note: "hello" } }, WHO.hostAccess);
  });

  it("only admins may write admin-only notes", async () => {
    await expectAccess(t, p, { method: "POST", path: "/api/chapter_note", body: { chapterId: chapter.id, note: "secret", adminOnly: true } }, WHO.admin);
    expect(await ChapterNote.query().where({ adminOnly: true })).toHaveLength(1);
  });

  it("saves a note with its author and records it in the feed with the same adminOnly flag", async () => {
    const res = await t.request("POST", "/api/chapter_note", { as: p.host, body: { chapterId: chapter.id, note: "  Venue confirmed  " } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      note: "Venue confirmed",
      adminOnly: false,
      chapterId: chapter.id,
      user: { id: p.host.id, name: p.host.name, email: p.host.email },
    });
    const item = await ActivityFeedItem.query()
      .where({ objectId: String(res.body.id), type: "chapter_note" })
      .first();
    expect(item).toMatchObject({ adminOnly: false, userId: p.host.id, chapterId: chapter.id, title: "Note on Notes Town", note: "Venue confirmed" });
    const secret = await t.request("POST", "/api/chapter_note", { as: p.admin, body: { chapterId: chapter.id, note: "Admin eyes only", adminOnly: true } });
    const secretItem = await ActivityFeedItem.query()
      .where({ objectId: String(secret.body.id), type: "chapter_note" })
      .first();
    expect(secretItem!.adminOnly).toBe(true);
  });

  it("never sends admin-only notes to hosts or field organizers; admins get them; newest first", async () => {
    for (const who of [p.host, p.fieldOrganizer]) {
      const res = await t.request("GET", `/api/chapter_note/chapter/${chapter.id}`, { as: who });
      expect(res.status).toBe(200);
      expect(res.body.every((n: { adminOnly: boolean }) => !n.adminOnly)).toBe(true);
      expect(res.text).not.toContain("Admin eyes only");
      expect(res.text).not.toContain("secret");
    }
    const asAdmin = await t.request("GET", `/api/chapter_note/chapter/${chapter.id}`, { as: p.admin });
    expect(asAdmin.body[0].note).toBe("Admin eyes only");
    const times = asAdmin.body.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Nor do admin-only notes reach hosts through the activity feed.
    const feed = await t.request("GET", `/api/activity_feed_item/chapter/${chapter.id}`, { as: p.host });
    expect(feed.text).not.toContain("Admin eyes only");
  });

  it("requires the note text and a known chapter", async () => {
    const empty = await t.request("POST", "/api/chapter_note", { as: p.host, body: { chapterId: chapter.id, note: "   " } });
    expect(empty.body).toMatchObject({ error: "Note is Required", field: "note" });
    expect((await t.request("POST", "/api/chapter_note", { as: p.admin, body: { chapterId: 999999, note: "x" } })).status).toBe(404);
    expect((await t.request("POST", "/api/chapter_note", { as: p.admin, body: { note: "x" } })).body.field).toBe("chapterId");
    expect((await t.request("POST", "/api/chapter_note", { as: p.admin, body: { chapterId: chapter.id, note: "x", adminOnly: "yes" } })).body.field).toBe(
      "adminOnly",
    );
  });
});
