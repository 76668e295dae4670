import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAsAdmin, type TestApp } from "../test/harness";
import { buildChapter, buildUser, grant } from "../test/factories";
import { buildChapterPost } from "../test/siteAdminFactories";
import { ActivityFeedItem, Permission, User } from "../models";

let t: TestApp;
let admin: User;
beforeAll(async () => {
  ({ t, admin } = await startAsAdmin());
});
afterAll(async () => t.close());

describe("users (admin)", () => {
  it("counts users", async () => {
    await buildUser();
    const res = await t.request("GET", "/api/user/count", { as: admin });
    expect(res.body).toEqual({ count: await User.query().resultSize() });
  });

  it("lists at most 300 users, newest first, without secrets", async () => {
    const rows = Array.from({ length: 305 }, (_, i) => ({
      name: `Bulk ${i}`,
      email: `bulk${i}@example.test`,
      username: `bulk${i}@example.test`,
      passwordHash: "x",
      createdAt: new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString(),
      updatedAt: new Date().toISOString(),
    }));
    await User.knex().batchInsert("users", rows, 100);
    const res = await t.request("GET", "/api/user/all", { as: admin });
    expect(res.body).toHaveLength(300);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      "chapterHostChapters",
      "createdAt",
      "email",
      "fieldOrganizerChapters",
      "id",
      "isAdmin",
      "isChapterHost",
      "isFieldOrganizer",
      "name",
    ]);
    const bulk = res.body.filter((u: { name: string }) => u.name.startsWith("Bulk "));
    expect(bulk[0].name).toBe("Bulk 304");
    expect(res.body.find((u: { id: number }) => u.id === admin.id)).toMatchObject({ isAdmin: true });
  });

  it("searches by name or email, case-insensitively, from 2 characters", async () => {
    const zed = await buildUser({ name: "Zelda Quartz", email: "zq@example.test" });
    const byName = await t.request("POST", "/api/user/search", { as: admin, body: { search: "quaRTZ" } });
    expect(byName.body.map((u: { id: number }) => u.id)).toEqual([zed.id]);
    const byEmail = await t.request("POST", "/api/user/search", { as: admin, body: { search: "zq@ex" } });
    expect(byEmail.body.map((u: { id: number }) => u.id)).toEqual([zed.id]);
    const literal = await t.request("POST", "/api/user/search", { as: admin, body: { search: "%%" } });
    expect(literal.body).toEqual([]);
    const short = await t.request("POST", "/api/user/search", { as: admin, body: { search: " z " } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: "Please enter at least 2 characters to search", field: "search" });
  });

  it("shows a user with the chapters they host and organize, each with its last post date", async () => {
    const user = await buildUser({ name: "Hana Host" });
    const hosted = await buildChapter({ title: "Bozeman", city: "Bozeman", state: "mt" });
    const quiet = await buildChapter({ title: "Aspen", city: "Aspen", state: "co" });
    const organized = await buildChapter({ title: "Reno", city: "Reno", state: "nv" });
    await grant(user, 3, hosted);
    await grant(user, 3, quiet);
    await grant(user, 2, organized);
    await buildChapterPost(hosted, "2026-01-01T10:00:00.000Z");
    await buildChapterPost(hosted, "2026-03-05T10:00:00.000Z");
    await buildChapterPost(organized, "2025-12-24T10:00:00.000Z");
    const res = await t.request("GET", `/api/user/user/${user.id}`, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: "Hana Host", email: user.email, isAdmin: false, isChapterHost: true, isFieldOrganizer: true });
    expect(res.body.createdAt).toBeTruthy();
    expect(res.body.chapterHostChapters).toEqual([
      expect.objectContaining({ id: quiet.id, slug: quiet.slug, state: "co", lastBlogPostDate: null }),
      expect.objectContaining({ id: hosted.id, state: "mt", lastBlogPostDate: "2026-03-05T10:00:00.000Z" }),
    ]);
    expect(res.body.fieldOrganizerChapters).toEqual([expect.objectContaining({ id: organized.id, lastBlogPostDate: "2025-12-24T10:00:00.000Z" })]);
    expect((await t.request("GET", "/api/user/user/999999", { as: admin })).status).toBe(404);
  });
});

describe("user notes (admin)", () => {
  it("saves a note about a user and lists them newest first", async () => {
    const about = await buildUser();
    const first = await t.request("POST", "/api/user_note", { as: admin, body: { note: "Met at the convention", aboutUserId: about.id } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ note: "Met at the convention", aboutUserId: about.id, user: { id: admin.id, name: admin.name, email: admin.email } });
    await t.request("POST", "/api/user_note", { as: admin, body: { note: "Wants to host", aboutUserId: about.id } });
    const list = await t.request("GET", `/api/user_note/user/${about.id}`, { as: admin });
    expect(list.body.map((n: { note: string }) => n.note)).toEqual(["Wants to host", "Met at the convention"]);
    const feed = await ActivityFeedItem.query().where({ type: "user_note", objectId: String(about.id) });
    expect(feed).toHaveLength(2);
    expect(feed[0].adminOnly).toBe(true);
  });

  it("refuses an empty note and an unknown user", async () => {
    const about = await buildUser();
    expect((await t.request("POST", "/api/user_note", { as: admin, body: { note: "", aboutUserId: about.id } })).body).toMatchObject({ field: "note" });
    expect((await t.request("POST", "/api/user_note", { as: admin, body: { note: "hi", aboutUserId: 999999 } })).status).toBe(404);
  });
});

describe("POST /api/permission/{chapterId}", () => {
  it("makes a user chapter host or field organizer, once", async () => {
    const chapter = await buildChapter();
    const user = await buildUser({ name: "Newly Made" });
    const host = await t.request("POST", `/api/permission/${chapter.id}`, { as: admin, body: { userId: user.id, roleId: 3 } });
    expect(host.status).toBe(201);
    expect(host.body).toMatchObject({ user: { id: user.id, name: "Newly Made" }, chapterId: chapter.id, roleId: 3, role: { name: "Chapter Host" } });
    const again = await t.request("POST", `/api/permission/${chapter.id}`, { as: admin, body: { userId: user.id, roleId: 3 } });
    expect(again.body.id).toBe(host.body.id);
    await t.request("POST", `/api/permission/${chapter.id}`, { as: admin, body: { userId: user.id, roleId: 2 } });
    const perms = await Permission.query().where({ userId: user.id }).orderBy("roleId");
    expect(perms.map((p) => [p.roleId, p.chapterId])).toEqual([
      [2, chapter.id],
      [3, chapter.id],
    ]);
    const me = await t.request("GET", "/api/chapters/my", { as: user });
    expect(me.body[0].roleIds).toEqual([2, 3]);
  });

  it("refuses admin grants, unknown users and chapters", async () => {
    const chapter = await buildChapter();
    const user = await buildUser();
    expect((await t.request("POST", `/api/permission/${chapter.id}`, { as: admin, body: { userId: user.id, roleId: 1 } })).body.field).toBe("roleId");
    expect((await t.request("POST", `/api/permission/${chapter.id}`, { as: admin, body: { userId: 999999, roleId: 3 } })).status).toBe(404);
    expect((await t.request("POST", `/api/permission/999999`, { as: admin, body: { userId: user.id, roleId: 3 } })).status).toBe(404);
  });
});
