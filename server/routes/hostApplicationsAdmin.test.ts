import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAsAdmin, type TestApp } from "../test/harness";
import { buildUser } from "../test/factories";
import { buildApplication } from "../test/siteAdminFactories";
import { ActivityFeedItem, Chapter, ChapterHostApplication, Permission } from "../models";
import type { User } from "../models/User";

let t: TestApp;
let admin: User;
beforeAll(async () => {
  ({ t, admin } = await startAsAdmin());
});
afterAll(async () => t.close());

const newChapter = { title: "Bozeman Dining", city: "Bozeman", state: "MT", postalCode: "59715", country: "USA", about: "Dinner\u00a0and talk" };

describe("host applications (admin)", () => {
  it("lists every application newest first with the applicant's name and email", async () => {
    const applicant = await buildUser({ name: "Lee Lister", email: "lee.lister@example.test" });
    const older = await buildApplication({ user: applicant, createdAt: "2026-01-01T00:00:00.000Z" });
    const newer = await buildApplication({ isArchived: true, status: "denied" });
    const res = await t.request("GET", "/api/chapter_host_application", { as: admin });
    expect(res.status).toBe(200);
    const slugs = res.body.map((a: { slug: string }) => a.slug);
    expect(slugs.indexOf(newer.slug)).toBeLessThan(slugs.indexOf(older.slug));
    const row = res.body.find((a: { slug: string }) => a.slug === older.slug);
    expect(row).toMatchObject({
      user: { id: applicant.id, name: "Lee Lister", email: "lee.lister@example.test" },
      status: "open",
      isArchived: false,
      city: "Bozeman",
      state: "mt",
      type: "dining",
      didHavePhoneCall: false,
      chapter: null,
    });
    expect(row.user).not.toHaveProperty("passwordHash");
    expect(res.body.find((a: { slug: string }) => a.slug === newer.slug)).toMatchObject({ status: "denied", isArchived: true });
  });

  it("lists one user's applications", async () => {
    const applicant = await buildUser();
    const a = await buildApplication({ user: applicant });
    await buildApplication();
    const res = await t.request("GET", `/api/chapter_host_application/user/${applicant.id}`, { as: admin });
    expect(res.body.map((x: { slug: string }) => x.slug)).toEqual([a.slug]);
    expect((await t.request("GET", "/api/chapter_host_application/user/999999", { as: admin })).status).toBe(404);
    expect((await t.request("GET", "/api/chapter_host_application/user/abc", { as: admin })).body.field).toBe("userId");
  });

  it("saves each flag and the archive toggle at once, independent of status", async () => {
    const a = await buildApplication();
    const put = (body: object) => t.request("PUT", `/api/chapter_host_application/slug/${a.slug}`, { as: admin, body });
    expect((await put({ didHavePhoneCall: true })).body).toMatchObject({ didHavePhoneCall: true, didSignAgreement: false, status: "open" });
    expect((await put({ didSignAgreement: true })).body).toMatchObject({ didHavePhoneCall: true, didSignAgreement: true });
    expect((await put({ didGiveAdditionalInfo: true, isArchived: true })).body).toMatchObject({
      didGiveAdditionalInfo: true,
      isArchived: true,
      status: "open",
    });
    const stored = await ChapterHostApplication.query().findById(a.id);
    expect(stored).toMatchObject({ didHavePhoneCall: true, didSignAgreement: true, didGiveAdditionalInfo: true, isArchived: true });
    expect((await put({})).status).toBe(400);
    expect((await put({ didHavePhoneCall: "yes" })).body.field).toBe("didHavePhoneCall");
    expect((await t.request("PUT", "/api/chapter_host_application/slug/nope", { as: admin, body: { isArchived: true } })).status).toBe(404);
  });

  it("follows the status transitions: deny, reopen, approve without creation; approve only by creating a chapter", async () => {
    const a = await buildApplication();
    const put = (status: string) => t.request("PUT", `/api/chapter_host_application/slug/${a.slug}`, { as: admin, body: { status } });
    const approve = await put("approved");
    expect(approve.status).toBe(400);
    expect(approve.body.error).toMatch(/Create a chapter/);
    expect((await put("denied")).body.status).toBe("denied");
    const twice = await put("approved_without_creation");
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This application is Denied; reopen it first.");
    expect((await put("open")).body.status).toBe("open");
    expect((await put("approved_without_creation")).body.status).toBe("approved_without_creation");
    expect((await put("open")).body.status).toBe("open");
    expect((await put("bogus")).status).toBe(400);
    const feed = await ActivityFeedItem.query().where({ objectId: a.slug, type: "host_application" });
    expect(feed.map((f) => f.title.split(":")[0]).sort()).toEqual([
      "Host application approved without creating a chapter",
      "Host application denied",
      "Host application reopened",
      "Host application reopened",
    ]);
    expect(feed.every((f) => f.adminOnly)).toBe(true);
  });

  it("shows one application to admins with the chapter created from it", async () => {
    const a = await buildApplication();
    const res = await t.request("GET", `/api/chapter_host_application/slug/${a.slug}/admin`, { as: admin });
    expect(res.body).toMatchObject({ slug: a.slug, reason: a.reason, chapter: null, user: { name: "Casey Applicant" } });
    expect((await t.request("GET", "/api/chapter_host_application/slug/none/admin", { as: admin })).status).toBe(404);
  });

  it("keeps application notes newest first; an empty note is refused with 'Note is Required'", async () => {
    const a = await buildApplication();
    const path = `/api/chapter_host_application/slug/${a.slug}/notes`;
    const empty = await t.request("POST", path, { as: admin, body: { note: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: "Note is Required", field: "note" });
    const first = await t.request("POST", path, { as: admin, body: { note: "Called them" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ note: "Called them", user: { id: admin.id, name: admin.name } });
    await t.request("POST", path, { as: admin, body: { note: "Sent the agreement" } });
    const list = await t.request("GET", path, { as: admin });
    expect(list.body.map((n: { note: string }) => n.note)).toEqual(["Sent the agreement", "Called them"]);
  });
});

describe("POST /api/chapter/new", () => {
  it("adds a hidden chapter with a slug from the title and the state's time zone", async () => {
    const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, title: "Helena", city: "Helena" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      chapter: { slug: "helena", title: "Helena", displayTitle: "Helena", state: "mt", status: 0, chapterTypeId: 1 },
      application: null,
    });
    const stored = await Chapter.query().findById(res.body.chapter.id);
    expect(stored).toMatchObject({ status: 0, timeZone: "America/Denver", about: "Dinner and talk", postalCode: "59715", country: "USA" });
    const again = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, title: "Helena", city: "Helena" } });
    expect(again.body.chapter.slug).toBe("helena_2");
  });

  it("refuses missing fields with the spec's messages", async () => {
    for (const [field, message] of [
      ["title", "Title is Required"],
      ["city", "City is Required"],
      ["postalCode", "Postal Code is Required"],
      ["country", "Country is Required"],
    ]) {
      const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, [field]: " " } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, field });
    }
    const badState = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, state: "zz" } });
    expect(badState.body).toMatchObject({ field: "state" });
  });

  it("creates the chapter from an open application in one go: approved, linked, applicant made chapter host", async () => {
    const applicant = await buildUser({ name: "Dana Diner" });
    const a = await buildApplication({ user: applicant, type: "dining" });
    const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, chapterHostApplicationSlug: a.slug } });
    expect(res.status).toBe(201);
    const chapterId = res.body.chapter.id;
    expect(res.body.chapter).toMatchObject({ status: 0, chapterTypeId: 5 });
    expect(res.body.application).toMatchObject({ slug: a.slug, status: "approved", chapterId, chapter: { id: chapterId } });
    const perms = await Permission.query().where({ userId: applicant.id });
    expect(perms.map((p) => [p.roleId, p.chapterId])).toEqual([[3, chapterId]]);
    const mine = await t.request("GET", "/api/chapters/my", { as: applicant });
    expect(mine.body).toEqual([expect.objectContaining({ id: chapterId, roleIds: [3] })]);
    const asHost = await t.request("GET", `/api/chapter/id/${chapterId}`, { as: applicant });
    expect(asHost.body).toMatchObject({ restricted: false, abilities: { host: true } });
    const feed = await ActivityFeedItem.query().where({ chapterId });
    expect(feed.map((f) => f.type).sort()).toEqual(["chapter_created", "host_application"]);

    const again = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, chapterHostApplicationSlug: a.slug } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This Chapter Host Application has already been approved and added.");
  });

  it("leaves nothing behind when the application cannot be used", async () => {
    const before = await Chapter.query().resultSize();
    const denied = await buildApplication({ status: "denied" });
    const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, chapterHostApplicationSlug: denied.slug } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("This Chapter Host Application has already been denied.");
    const missing = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, chapterHostApplicationSlug: "no_such_app" } });
    expect(missing.status).toBe(404);
    expect(await Chapter.query().resultSize()).toBe(before);
  });

  it("rolls the whole creation back when granting the host role fails", async () => {
    const applicant = await buildUser();
    const a = await buildApplication({ user: applicant });
    const before = await Chapter.query().resultSize();
    const original = Permission.query.bind(Permission);
    // Fail the permission insert inside the command's transaction, after the chapter and the application were written.
    const spy = vi.spyOn(Permission, "query").mockImplementation(((trx?: unknown) => {
      if (trx) throw new Error("permission insert failed");
      return original();
    }) as typeof Permission.query);
    try {
      const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, chapterHostApplicationSlug: a.slug } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "Something went wrong", errorId: "internal_error" });
    } finally {
      spy.mockRestore();
    }
    expect(await Chapter.query().resultSize()).toBe(before);
    expect((await ChapterHostApplication.query().findById(a.id))!).toMatchObject({ status: "open", chapterId: null });
    expect(await Permission.query().where({ userId: applicant.id }).resultSize()).toBe(0);
    const unknownType = await t.request("POST", "/api/chapter/new", {
      as: admin,
      body: { ...newChapter, chapterTypeId: 77, chapterHostApplicationSlug: a.slug },
    });
    expect(unknownType.status).toBe(404);
  });
});

describe("the applicant hears what happened (issue 29)", () => {
  const mailsTo = (email: string) => t.mail.sent.filter((m) => m.to === email);
  const notes = async (slug: string) =>
    (await t.request("GET", `/api/chapter_host_application/slug/${slug}/notes`, { as: admin })).body.map((n: { note: string }) => n.note);

  it("approved with a chapter: the link to the new chapter's admin and the first steps, listed in the history", async () => {
    const applicant = await buildUser({ name: "Robin Reader", email: "robin.reader@example.test" });
    const a = await buildApplication({ user: applicant, type: "dining" });
    const res = await t.request("POST", "/api/chapter/new", {
      as: admin,
      body: { ...newChapter, title: "Bozeman", city: "Bozeman", chapterHostApplicationSlug: a.slug },
    });
    expect(res.status).toBe(201);
    expect(mailsTo(applicant.email)).toHaveLength(0); // sent by the job queue, after the change is committed
    await t.services.jobs.runDueJobs();
    const [mail] = mailsTo(applicant.email);
    expect(mail.subject).toBe("Your Dining Liberally chapter in Bozeman is approved");
    expect(mail.text).toContain("Hi Robin Reader,");
    expect(mail.text).toContain(`${t.config.publicUrl}/chapter/mt/${res.body.chapter.slug}/admin`);
    expect(mail.text).toContain("Your chapter is hidden until a field organizer or admin switches it on.");
    for (const step of ["About this Chapter", "first event", "header image", "first email"]) expect(mail.text).toContain(step);
    expect(mail.idempotencyKey).toMatch(/^host-application-\d+-approved-\d+$/);
    expect(await notes(a.slug)).toEqual([`Emailed ${applicant.email}: "Your Dining Liberally chapter in Bozeman is approved"`]);
    // Running the queue again sends nothing more.
    await t.services.jobs.runDueJobs();
    expect(mailsTo(applicant.email)).toHaveLength(1);
  });

  it("approved without a chapter, and denied with the admin's note; reopening sends nothing", async () => {
    const applicant = await buildUser({ name: "Sam Sipper", email: "sam.sipper@example.test" });
    const a = await buildApplication({ user: applicant, type: "drinking" });
    const put = (body: object) => t.request("PUT", `/api/chapter_host_application/slug/${a.slug}`, { as: admin, body });
    expect((await put({ status: "approved_without_creation" })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    expect(mailsTo(applicant.email).map((m) => m.subject)).toEqual(["Your host application is approved"]);
    expect(mailsTo(applicant.email)[0].text).toContain("a field organizer or admin will add you as a host of an existing chapter");

    expect((await put({ status: "open" })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    expect(mailsTo(applicant.email)).toHaveLength(1);

    const denied = await put({ status: "denied", note: "There is already a chapter in Bozeman:\nplease join it." });
    expect(denied.body.status).toBe("denied");
    await t.services.jobs.runDueJobs();
    const mail = mailsTo(applicant.email)[1];
    expect(mail.subject).toBe("About your host application");
    expect(mail.text).toContain("we are not able to approve your application to host a Drinking Liberally chapter in Bozeman");
    expect(mail.text).toContain("There is already a chapter in Bozeman:\nplease join it.");
    expect(await notes(a.slug)).toEqual([
      `Emailed ${applicant.email}: "About your host application"`,
      "There is already a chapter in Bozeman:\nplease join it.",
      `Emailed ${applicant.email}: "Your host application is approved"`,
    ]);
  });

  it("takes a note only with a decision, and refuses a bad one", async () => {
    const a = await buildApplication();
    const put = (body: object) => t.request("PUT", `/api/chapter_host_application/slug/${a.slug}`, { as: admin, body });
    const alone = await put({ note: "Hello" });
    expect([alone.status, alone.body.error, alone.body.field]).toEqual([400, "A note goes with Deny or Approve Without Creating Chapter", "note"]);
    const long = await put({ status: "denied", note: "x".repeat(2001) });
    expect([long.status, long.body.error, long.body.field]).toEqual([400, "Note must be at most 2000 characters", "note"]);
    expect((await ChapterHostApplication.query().findById(a.id))!.status).toBe("open");
    // An empty note is no note.
    expect((await put({ status: "denied", note: "  " })).status).toBe(200);
    expect(await notes(a.slug)).toEqual([]);
  });
});
