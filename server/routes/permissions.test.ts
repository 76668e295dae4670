import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildUser, grant } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, Permission } from "../models";
import type { Chapter } from "../models";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ title: "Hosts Town", city: "Hosts Town" }));
});
afterAll(async () => t.close());

describe("GET /api/permission/{chapterId}", () => {
  it("is for host access only", async () => {
    await expectAccess(t, p, { method: "GET", path: `/api/permission/${chapter.id}` }, WHO.hostAccess);
  });

  it("lists the chapter's hosts and field organizers with user, role name and date, oldest first", async () => {
    const res = await t.request("GET", `/api/permission/${chapter.id}`, { as: p.host });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      roleId: 3,
      role: { id: 3, name: "Chapter Host" },
      chapterId: chapter.id,
      user: { id: p.host.id, name: p.host.name, email: p.host.email },
    });
    expect(res.body[1]).toMatchObject({ roleId: 2, role: { name: "Field Organizer" }, user: { id: p.fieldOrganizer.id } });
    expect(typeof res.body[0].createdAt).toBe("string");
    // Never the password hash, never the admin's own permission.
    expect(res.text).not.toMatch(/passwordHash|password_hash|\$2b\$/);
    expect(res.body.find((x: { user: { id: number } }) => x.user.id === p.admin.id)).toBeUndefined();
  });
});

describe("POST /api/permission/{chapterId}", () => {
  it("is for admins only", async () => {
    const newcomer = await buildUser();
    await expectAccess(t, p, { method: "POST", path: `/api/permission/${chapter.id}`, body: { userId: newcomer.id, roleId: 3 } }, WHO.admin);
  });

  it("grants a host or field organizer role once and records it in the feed; granting it again changes nothing", async () => {
    const u = await buildUser({ name: "New Person" });
    const res = await t.request("POST", `/api/permission/${chapter.id}`, { as: p.admin, body: { userId: u.id, roleId: 2 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ roleId: 2, role: { name: "Field Organizer" }, user: { id: u.id, name: "New Person" }, chapterId: chapter.id });
    expect(await Permission.query().findOne({ userId: u.id, roleId: 2, chapterId: chapter.id })).toBeTruthy();
    const item = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "permission" }).orderBy("id", "desc").first();
    expect(item).toMatchObject({ title: "New Person is now Field Organizer of Hosts Town", userId: p.admin.id, objectId: String(u.id) });

    const again = await t.request("POST", `/api/permission/${chapter.id}`, { as: p.admin, body: { userId: u.id, roleId: 2 } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(await Permission.query().where({ userId: u.id, chapterId: chapter.id })).toHaveLength(1);
    expect(await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "permission", objectId: String(u.id) })).toHaveLength(1);
  });

  it("refuses the admin role, unknown users and unknown chapters", async () => {
    const u = await buildUser();
    const admin = await t.request("POST", `/api/permission/${chapter.id}`, { as: p.admin, body: { userId: u.id, roleId: 1 } });
    expect(admin.status).toBe(400);
    expect(admin.body.field).toBe("roleId");
    expect((await t.request("POST", `/api/permission/${chapter.id}`, { as: p.admin, body: { userId: 999999, roleId: 3 } })).status).toBe(404);
    expect((await t.request("POST", `/api/permission/999999`, { as: p.admin, body: { userId: u.id, roleId: 3 } })).status).toBe(404);
  });
});

describe("POST /api/permission/delete", () => {
  it("is for admins only", async () => {
    const u = await grant(await buildUser(), 3, chapter);
    const perm = await Permission.query().findOne({ userId: u.id });
    await expectAccess(t, p, { method: "POST", path: "/api/permission/delete", body: { id: perm!.id } }, WHO.admin);
    expect(await Permission.query().findById(perm!.id)).toBeUndefined();
  });

  it("removes a chapter permission, accepting the whole permission object, and records it", async () => {
    const u = await grant(await buildUser({ name: "Leaving Host" }), 3, chapter);
    const listed = (await t.request("GET", `/api/permission/${chapter.id}`, { as: p.admin })).body.find((x: { user: { id: number } }) => x.user.id === u.id);
    const res = await t.request("POST", "/api/permission/delete", { as: p.admin, body: listed });
    expect(res.status).toBe(200);
    expect(await Permission.query().findOne({ userId: u.id })).toBeUndefined();
    const item = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "permission" }).orderBy("id", "desc").first();
    expect(item!.title).toBe("Leaving Host is no longer Chapter Host of Hosts Town");
  });

  it("will not remove an admin's rights, and answers 404 for unknown ids", async () => {
    const adminPerm = await Permission.query().findOne({ userId: p.admin.id, roleId: 1 });
    const res = await t.request("POST", "/api/permission/delete", { as: p.admin, body: { id: adminPerm!.id } });
    expect(res.status).toBe(400);
    expect(await Permission.query().findById(adminPerm!.id)).toBeTruthy();
    expect((await t.request("POST", "/api/permission/delete", { as: p.admin, body: { id: 999999 } })).status).toBe(404);
    expect((await t.request("POST", "/api/permission/delete", { as: p.admin, body: {} })).body.field).toBe("id");
  });
});
