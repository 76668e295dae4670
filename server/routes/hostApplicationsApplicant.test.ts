import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivityFeedItem, AdminEvent, ChapterHostApplication } from "../models";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildPersonas, buildUser } from "../test/factories";
import { expectAccess, WHO } from "../test/access";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const valid = { city: "Burlington", state: "VT", type: "dining", reason: "We need a dinner club." };

describe("host applications, applicant side", () => {
  it("files an open application with a slug, and tells the admins in the same transaction", async () => {
    const applicant = await buildUser({ name: "Andy Applicant" });
    const res = await t.request("POST", "/api/chapter_host_application", { as: applicant, body: { ...valid, city: "  Burlington ", user: { id: 999 } } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ city: "Burlington", state: "vt", type: "dining", reason: "We need a dinner club.", status: "open", statusLabel: "Open" });
    expect(res.body.slug).toMatch(/^burlington_vt_[0-9a-f]{6}$/);
    const row = await ChapterHostApplication.query().findOne({ slug: res.body.slug });
    expect(row!.userId).toBe(applicant.id);

    const event = await AdminEvent.query().where({ type: "host_application_created" }).orderBy("id", "desc").first();
    expect(event!.payload).toEqual({
      title: "New host application",
      body: "Andy Applicant wants to start a chapter in Burlington, VT",
      path: `/admin/chapter_host_applications/${res.body.slug}`,
      city: "Burlington",
      applicationSlug: res.body.slug,
    });
    const activity = await ActivityFeedItem.query().where({ type: "host_application", objectId: res.body.slug }).first();
    expect(activity).toMatchObject({ adminOnly: true, userId: applicant.id });
  });

  it("rejects missing or bad fields with clear 400s and writes nothing", async () => {
    const applicant = await buildUser();
    const before = await ChapterHostApplication.query().resultSize();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, city: "   " }, "city", "City is Required"],
      [{ ...valid, city: undefined }, "city", "City is Required"],
      [{ ...valid, state: "" }, "state", "State is Required"],
      [{ ...valid, state: "zz" }, "state", "State must be one of the listed states"],
      [{ ...valid, type: "screening" }, "type", "Type must be drinking, dining or laughing"],
      [{ ...valid, type: undefined }, "type", "Type must be drinking, dining or laughing"],
      [{ ...valid, reason: "" }, "reason", "Reason is Required"],
      [{ ...valid, reason: "x".repeat(5001) }, "reason", "Reason must be at most 5000 characters"],
    ];
    for (const [body, field, error] of cases) {
      const res = await t.request("POST", "/api/chapter_host_application", { as: applicant, body });
      expect(res.status, error).toBe(400);
      expect(res.body).toMatchObject({ field, error, errorId: "validation_failed" });
    }
    expect(await ChapterHostApplication.query().resultSize()).toBe(before);
    expect(await AdminEvent.query().where({ type: "host_application_created" }).resultSize()).toBe(1);
  });

  it("accepts International and every listed type", async () => {
    const applicant = await buildUser();
    for (const type of ["drinking", "dining", "laughing"]) {
      const res = await t.request("POST", "/api/chapter_host_application", { as: applicant, body: { ...valid, type, state: "int", city: "Paris" } });
      expect(res.status).toBe(201);
      expect(res.body.state).toBe("int");
    }
  });

  it("needs a signed-in caller to apply", async () => {
    const personas = await buildPersonas(await buildChapter());
    await expectAccess(t, personas, { method: "POST", path: "/api/chapter_host_application", body: valid }, WHO.signedIn);
  });

  it("lists only my applications, newest first", async () => {
    const me = await buildUser();
    const other = await buildUser();
    await t.request("POST", "/api/chapter_host_application", { as: me, body: { ...valid, city: "First" } });
    await t.request("POST", "/api/chapter_host_application", { as: other, body: { ...valid, city: "Theirs" } });
    await t.request("POST", "/api/chapter_host_application", { as: me, body: { ...valid, city: "Second" } });
    const res = await t.request("GET", "/api/chapter_host_application/my", { as: me });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { city: string }) => a.city)).toEqual(["Second", "First"]);
    expect(res.body[0]).not.toHaveProperty("isArchived");
    expect(res.body[0]).not.toHaveProperty("didHavePhoneCall");
    const personas = await buildPersonas(await buildChapter());
    await expectAccess(t, personas, { method: "GET", path: "/api/chapter_host_application/my" }, WHO.signedIn);
  });

  it("shows one application to its applicant and admins only, with the status label", async () => {
    const chapter = await buildChapter();
    const personas = await buildPersonas(chapter);
    const created = await t.request("POST", "/api/chapter_host_application", { as: personas.user, body: valid });
    const path = `/api/chapter_host_application/slug/${created.body.slug}`;
    await expectAccess(t, personas, { method: "GET", path }, ["user", "admin"]);
    await ChapterHostApplication.query().patch({ status: "approved_without_creation" }).where({ slug: created.body.slug });
    const res = await t.request("GET", path, { as: personas.user });
    expect(res.body).toMatchObject({
      city: "Burlington",
      state: "vt",
      status: "approved_without_creation",
      statusLabel: "Approved, No Chapter Created",
      user: { id: personas.user.id, name: personas.user.name },
    });
    expect((await t.request("GET", "/api/chapter_host_application/slug/none_such", { as: await buildAdmin() })).status).toBe(404);
    expect((await t.request("GET", "/api/chapter_host_application/slug/none_such")).status).toBe(401);
  });
});
