/**
 * Every chapter has a mailing list from the first minute: a chapter created from a host application accepts a
 * signup on its public page the moment it is enabled, with the built-in provider and against the Brevo and
 * Bronto fakes, also when the provider is down while the chapter is created and comes back later.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { startAppWithFakeProviders } from "../test/fakeProviders";
import { buildAdmin, buildChapter, buildUser } from "../test/factories";
import { buildApplication } from "../test/siteAdminFactories";
import { Chapter, EmailSettings, Job, MailingListContact, type User } from "../models";
import type { FakeBrevo } from "../integrations/listProviders/fakes/brevo";
import type { FakeBronto } from "../integrations/listProviders/fakes/bronto";
import { BREVO_FOLDER_NAME } from "../integrations/listProviders/brevo";
import { JOB_CREATE_LIST } from "./jobNames";
import { providerListName } from "./chapterLists";

const listNameOf = async (chapterId: number) => providerListName((await Chapter.query().findById(chapterId))!);

const newChapter = { title: "Bozeman", city: "Bozeman", state: "mt", postalCode: "59715", country: "USA" };

/** What an admin does: create the chapter from an open application; answers the chapter and its new host. */
async function createFromApplication(t: TestApp, admin: User, title = `Bozeman ${Math.random().toString(36).slice(2, 8)}`) {
  const host = await buildUser({ name: "Casey Applicant" });
  const application = await buildApplication({ user: host });
  const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, title, chapterHostApplicationSlug: application.slug } });
  expect(res.status).toBe(201);
  return { chapterId: res.body.chapter.id as number, host };
}

/** Enables the chapter in its settings, then does what its public page does: read the list id, sign up. */
async function enableAndSignUp(t: TestApp, admin: User, chapterId: number, email: string) {
  expect((await t.request("POST", "/api/chapter", { as: admin, body: { id: chapterId, status: 1 } })).status).toBe(200);
  const list = await t.request("GET", `/api/mailing_list/list_id/${chapterId}`);
  expect(list.status).toBe(200);
  expect(list.body.listStatus).toBe("ready");
  expect(list.body.listId).toBeTruthy();
  const signUp = await t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: list.body.listId } });
  expect(signUp.status, signUp.text).toBe(200);
  expect(await MailingListContact.query().where({ chapterId, email }).resultSize()).toBe(1);
  return list.body.listId as string;
}

describe("with the built-in provider", () => {
  let t: TestApp;
  let admin: User;
  beforeAll(async () => {
    [t, admin] = [await startTestApp(), await buildAdmin()];
  });
  afterAll(() => t.close());

  it("a chapter created from an application has its list at once and takes a signup as soon as it is enabled", async () => {
    const { chapterId } = await createFromApplication(t, admin);
    const stored = await Chapter.query().findById(chapterId);
    expect(stored!.sendInBlueListId).toBe(`chapter-${chapterId}`);
    expect(await Job.query().where({ type: JOB_CREATE_LIST }).resultSize()).toBe(0);
    expect(await enableAndSignUp(t, admin, chapterId, "first@example.org")).toBe(`chapter-${chapterId}`);
  });

  it("Add Chapter gives a list too, and switching the service gives every chapter a list there", async () => {
    const res = await t.request("POST", "/api/chapter/new", { as: admin, body: { ...newChapter, title: "Helena", city: "Helena" } });
    const id = res.body.chapter.id;
    expect((await Chapter.query().findById(id))!.sendInBlueListId).toBe(`chapter-${id}`);
    const typed = await buildChapter({ sendInBlueListId: "77", brontoListId: "typed-by-an-admin" });
    expect((await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "bronto" } })).status).toBe(200);
    expect((await Chapter.query().findById(id))!.brontoListId).toBe(`chapter-${id}`);
    expect((await Chapter.query().findById(typed.id))!.brontoListId).toBe("typed-by-an-admin");
    await EmailSettings.query().findById(1).patch({ serviceName: "sendInBlue" });
  });
});

describe("with Brevo and Bronto (local fakes)", () => {
  let t: TestApp;
  let brevo: FakeBrevo;
  let bronto: FakeBronto;
  let close: () => Promise<void>;
  let admin: User;
  let now: Date;
  beforeAll(async () => {
    ({ t, brevo, bronto, close } = await startAppWithFakeProviders());
    admin = await buildAdmin();
  });
  afterAll(async () => close());
  beforeEach(async () => {
    now = new Date();
    t.services.jobs.clock = () => now;
    brevo.failures.recover();
    bronto.failures.recover();
    await EmailSettings.query().findById(1).patch({ serviceName: "sendInBlue" });
  });

  it("Brevo: the list is made in the Chapterhouse folder by a job, and the chapter takes a signup that reaches it", async () => {
    const { chapterId, host } = await createFromApplication(t, admin, "Missoula");
    const before = await t.request("GET", `/api/mailing_list/list_id/${chapterId}`, { as: host });
    expect(before.body).toMatchObject({ listId: null, listStatus: "creating" });
    await t.services.jobs.runDueJobs();
    const listId = await enableAndSignUp(t, admin, chapterId, "fan@example.org");
    expect(await listNameOf(chapterId)).toBe("Bozeman: Missoula (missoula)");
    expect(brevo.lists.get(Number(listId))).toEqual({
      name: "Bozeman: Missoula (missoula)",
      folderId: [...brevo.folders].find(([, n]) => n === BREVO_FOLDER_NAME)![0],
    });
    const create = brevo.requests.find((r) => r.method === "POST" && r.path === "/v3/contacts/lists");
    expect(create!.body).toEqual({ name: "Bozeman: Missoula (missoula)", folderId: expect.any(Number) });
    await t.services.jobs.runDueJobs();
    expect(brevo.listMembers(Number(listId))).toEqual(["fan@example.org"]);
  });

  it("Brevo down when the chapter is created: the job retries, and the list arrives when Brevo is back", async () => {
    brevo.failures.fail({ kind: "status", status: 503 });
    const { chapterId, host } = await createFromApplication(t, admin);
    const counts = await t.services.jobs.runDueJobs();
    expect(counts.retried).toBeGreaterThan(0);
    expect((await t.request("GET", `/api/mailing_list/list_id/${chapterId}`, { as: host })).body).toMatchObject({ listId: null, listStatus: "creating" });
    brevo.failures.recover();
    now = new Date(now.getTime() + 3600_000);
    await t.services.jobs.runDueJobs();
    const listId = await enableAndSignUp(t, admin, chapterId, "late@example.org");
    expect(brevo.lists.has(Number(listId))).toBe(true);
    const { slug } = (await Chapter.query().findById(chapterId))!;
    expect([...brevo.lists.values()].filter((l) => l.name.endsWith(`(${slug})`))).toHaveLength(1);
  });

  it("Bronto (down at creation, then back): addLists makes the list, and the signup reaches it", async () => {
    expect((await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "bronto" } })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    bronto.failures.fail({ kind: "fault", code: 108, message: "The API is down for maintenance." });
    const { chapterId } = await createFromApplication(t, admin, "Butte");
    expect((await t.services.jobs.runDueJobs()).retried).toBeGreaterThan(0);
    expect((await Chapter.query().findById(chapterId))!.brontoListId).toBe("");
    bronto.failures.recover();
    now = new Date(now.getTime() + 3600_000);
    await t.services.jobs.runDueJobs();
    const listId = await enableAndSignUp(t, admin, chapterId, "miner@example.org");
    expect(bronto.lists.get(listId)).toBe(await listNameOf(chapterId));
    await t.services.jobs.runDueJobs();
    expect(bronto.listMembers(listId)).toEqual(["miner@example.org"]);
  });

  it("Bronto: a retry whose first addLists went through (answer lost) finds the list by name instead of failing", async () => {
    await EmailSettings.query().findById(1).patch({ serviceName: "bronto" });
    const chapter = await buildChapter({ title: "Billings", brontoListId: "" });
    bronto.lists.set("0bbb03ec-already", providerListName(chapter));
    await t.services.knex.transaction((trx) => t.services.jobs.enqueue(JOB_CREATE_LIST, { chapterId: chapter.id, serviceName: "bronto" }, { trx }));
    await t.services.jobs.runDueJobs();
    expect((await Chapter.query().findById(chapter.id))!.brontoListId).toBe("0bbb03ec-already");
  });

  it("switching the email service makes the missing lists at the other provider; ids typed by an admin stay", async () => {
    const { chapterId } = await createFromApplication(t, admin, "Great Falls");
    await t.services.jobs.runDueJobs();
    const typed = await buildChapter({ brontoListId: "typed-by-an-admin" });
    expect((await Chapter.query().findById(chapterId))!.brontoListId).toBe("");
    expect((await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "bronto" } })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    const stored = await Chapter.query().findById(chapterId);
    expect(bronto.lists.get(stored!.brontoListId)).toBe(providerListName(stored!));
    expect(stored!.sendInBlueListId).toMatch(/^\d+$/);
    expect((await Chapter.query().findById(typed.id))!.brontoListId).toBe("typed-by-an-admin");
  });

  it("an id an admin types while the list is being made is kept", async () => {
    brevo.failures.fail({ kind: "status", status: 503 });
    const { chapterId } = await createFromApplication(t, admin);
    await t.services.jobs.runDueJobs();
    expect((await t.request("POST", "/api/chapter", { as: admin, body: { id: chapterId, sendInBlueListId: "4242" } })).status).toBe(200);
    brevo.failures.recover();
    now = new Date(now.getTime() + 3600_000);
    await t.services.jobs.runDueJobs();
    expect((await Chapter.query().findById(chapterId))!.sendInBlueListId).toBe("4242");
  });
});
