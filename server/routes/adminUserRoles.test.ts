/** Roles from the Users screens: PUT /api/user/admin/{id} and the role filter of the user lists. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildPersonas, buildUser, grant } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { setAdminRole } from "../commands/adminRole";
import { ActivityFeedItem, Permission, User } from "../models";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { viewerFromUser } from "../policies/viewer";

let t: TestApp;
let who: Personas;

beforeAll(async () => {
  t = await startTestApp();
  who = await buildPersonas(await buildChapter());
});
afterAll(async () => t.close());

const setAdmin = (as: { id: number } | null, user: { id: number }, isAdmin: unknown) =>
  t.request("PUT", `/api/user/admin/${user.id}`, { as, body: { isAdmin } });

/** The ids of the users holding the admin role. */
const adminIds = async () =>
  (await Permission.query().where({ roleId: ROLE_ADMIN }).orderBy("userId")).map((p) => p.userId).filter((id, i, all) => all.indexOf(id) === i);

/** Leaves exactly these users admins (other tests' admins lose the role directly, not through the rule). */
async function onlyAdmins(...users: User[]) {
  await Permission.query().where({ roleId: ROLE_ADMIN }).delete();
  for (const u of users) await grant(u, ROLE_ADMIN);
}

describe("PUT /api/user/admin/{id}", () => {
  it("is for admins only", async () => {
    const someone = await buildUser();
    await expectAccess(t, who, { method: "PUT", path: `/api/user/admin/${someone.id}`, body: { isAdmin: true } }, WHO.admin);
  });

  it("refuses bad input naming the problem", async () => {
    const someone = await buildUser();
    const missing = await t.request("PUT", `/api/user/admin/${someone.id}`, { as: who.admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: "isAdmin must be true or false", errorId: "validation_failed", field: "isAdmin" });
    expect((await setAdmin(who.admin, someone, "yes")).body).toMatchObject({ error: "isAdmin must be true or false", field: "isAdmin" });
    const badId = await t.request("PUT", "/api/user/admin/abc", { as: who.admin, body: { isAdmin: true } });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe("id");
    const unknown = await setAdmin(who.admin, { id: 999999 }, true);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "User not found", errorId: "not_found" });
  });

  it("makes a user an admin and back, once each, and records both in the activity feed", async () => {
    const user = await buildUser({ name: "Rosa Rolled" });
    const made = await setAdmin(who.admin, user, true);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: user.id, name: "Rosa Rolled", isAdmin: true });
    expect((await setAdmin(who.admin, user, true)).body.isAdmin).toBe(true);
    expect(await Permission.query().where({ userId: user.id, roleId: ROLE_ADMIN }).resultSize()).toBe(1);
    // The new admin can use the site admin API at once.
    expect((await t.request("GET", "/api/user/count", { as: user })).status).toBe(200);

    const removed = await setAdmin(who.admin, user, false);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: user.id, isAdmin: false });
    expect((await setAdmin(who.admin, user, false)).status).toBe(200);
    expect(await Permission.query().where({ userId: user.id, roleId: ROLE_ADMIN }).resultSize()).toBe(0);
    expect((await t.request("GET", "/api/user/count", { as: user })).status).toBe(403);

    const feed = await ActivityFeedItem.query()
      .where({ type: "permission", objectId: String(user.id) })
      .orderBy("id");
    expect(feed.map((f) => [f.title, f.userId, f.adminOnly, f.chapterId])).toEqual([
      ["Rosa Rolled is now an Admin", who.admin.id, true, null],
      ["Rosa Rolled is no longer an Admin", who.admin.id, true, null],
    ]);
  });

  it("keeps the last admin, and lets an admin step down while another remains", async () => {
    const ada = await buildAdmin();
    const bea = await buildUser({ name: "Bea Backup" });
    await onlyAdmins(ada);

    const alone = await setAdmin(ada, ada, false);
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({
      error: "Ada Admin is the only admin: the network must keep at least one admin, so make someone else an admin first",
      errorId: "last_admin",
      field: "isAdmin",
    });
    expect(await adminIds()).toEqual([ada.id]);

    expect((await setAdmin(ada, bea, true)).status).toBe(200);
    const steppedDown = await setAdmin(ada, ada, false);
    expect(steppedDown.status).toBe(200);
    expect(steppedDown.body.isAdmin).toBe(false);
    expect(await adminIds()).toEqual([bea.id]);
    expect((await setAdmin(ada, bea, false)).status).toBe(403);
    expect((await setAdmin(bea, bea, false)).status).toBe(409);
    expect(await adminIds()).toEqual([bea.id]);
  });

  it("leaves one admin when the last two are removed at the same time", async () => {
    for (let round = 0; round < 8; round++) {
      const a = await buildAdmin();
      const b = await buildAdmin();
      await onlyAdmins(a, b);
      const viewer = viewerFromUser((await User.query().findById(a.id).withGraphFetched("permissions"))!);
      const results = await Promise.allSettled([setAdminRole(viewer, a, false), setAdminRole(viewer, b, false)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 409, errorId: "last_admin" });
      expect(await adminIds()).toHaveLength(1);
    }
  });

  it("leaves one admin when two admins remove each other at the same time", async () => {
    const a = await buildAdmin();
    const b = await buildAdmin();
    await onlyAdmins(a, b);
    const answers = await Promise.all([setAdmin(a, b, false), setAdmin(b, a, false)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    // The other is refused: the last admin stays (409), or its caller was no longer an admin when it arrived (403).
    expect([403, 409]).toContain(statuses[1]);
    expect(await adminIds()).toHaveLength(1);
  });
});

describe("the user lists' role filter", () => {
  let admin: User;
  let host: User;
  let organizer: User;
  let plain: User;
  beforeAll(async () => {
    const chapter = await buildChapter();
    admin = await buildAdmin();
    host = await grant(await buildUser({ name: "Filter Host" }), ROLE_CHAPTER_HOST, chapter);
    organizer = await grant(await buildUser({ name: "Filter Organizer" }), ROLE_FIELD_ORGANIZER, chapter);
    plain = await buildUser({ name: "Filter Plain" });
  });

  const idsOf = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

  it("lists the users holding a role, or none, with their roles", async () => {
    const admins = await t.request("GET", "/api/user/all?role=admin", { as: admin });
    expect(admins.status).toBe(200);
    expect(admins.body.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    expect(idsOf(admins.body)).toContain(admin.id);
    expect(idsOf(admins.body)).not.toContain(host.id);

    const hosts = await t.request("GET", "/api/user/all?role=host", { as: admin });
    expect(hosts.body.every((u: { isChapterHost: boolean }) => u.isChapterHost)).toBe(true);
    expect(hosts.body.find((u: { id: number }) => u.id === host.id)).toMatchObject({ isAdmin: false, isChapterHost: true, isFieldOrganizer: false });
    expect(idsOf(hosts.body)).not.toContain(organizer.id);

    const organizers = await t.request("GET", "/api/user/all?role=fieldOrganizer", { as: admin });
    expect(idsOf(organizers.body)).toContain(organizer.id);
    expect(idsOf(organizers.body)).not.toContain(host.id);

    const none = await t.request("GET", "/api/user/all?role=none", { as: admin });
    expect(idsOf(none.body)).toContain(plain.id);
    expect(idsOf(none.body)).not.toContain(admin.id);
    expect(idsOf(none.body)).not.toContain(host.id);
    expect(
      none.body.every((u: { isAdmin: boolean; isChapterHost: boolean; isFieldOrganizer: boolean }) => !u.isAdmin && !u.isChapterHost && !u.isFieldOrganizer),
    ).toBe(true);

    const everyone = await t.request("GET", "/api/user/all?role=", { as: admin });
    expect(idsOf(everyone.body)).toEqual(expect.arrayContaining([admin.id, host.id, organizer.id, plain.id]));
  });

  it("filters a search too", async () => {
    const hosts = await t.request("POST", "/api/user/search?role=host", { as: admin, body: { search: "Filter" } });
    expect(idsOf(hosts.body)).toEqual([host.id]);
    const none = await t.request("POST", "/api/user/search?role=none", { as: admin, body: { search: "Filter" } });
    expect(idsOf(none.body)).toEqual([plain.id]);
  });

  it("refuses an unknown role naming the parameter", async () => {
    const message = "role must be one of admin, host, fieldOrganizer, none";
    for (const query of ["role=owner", "role=admin&role=host", "role=ADMIN"]) {
      const res = await t.request("GET", `/api/user/all?${query}`, { as: admin });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error: message, errorId: "validation_failed", field: "role" });
    }
    const search = await t.request("POST", "/api/user/search?role=owner", { as: admin, body: { search: "Filter" } });
    expect(search.body).toMatchObject({ error: message, field: "role" });
  });
});
