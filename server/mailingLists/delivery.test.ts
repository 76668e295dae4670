import os from "node:os";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { openDatabase } from "../db";
import { onPostgres, type TestApp } from "../test/harness";
import { startAppWithFakeProviders } from "../test/fakeProviders";
import { buildAdmin, buildChapter } from "../test/factories";
import type { FakeBrevo } from "../integrations/listProviders/fakes/brevo";
import type { FakeBronto } from "../integrations/listProviders/fakes/bronto";
import { Chapter, EmailSettings, Job, ListMessage, MailingListContact, User } from "../models";
import { createServices } from "../services";
import { silentLogger } from "../lib/log";
import { JobQueue } from "../jobs/queue";
import type { ListMessageInfo } from "../contracts/mailingList";
import { enqueueChapterResync } from "./contacts";

/**
 * The list providers end to end: signups and list emails go through the job queue to the fake Brevo and
 * Bronto servers, which fail and rate-limit on demand. The queue's clock is ours, so backoffs are instant.
 */
let t: TestApp;
let brevo: FakeBrevo;
let bronto: FakeBronto;
let admin: User;
let now: Date;
const extraPools: Knex[] = [];

let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ t, brevo, bronto, close: closeApp } = await startAppWithFakeProviders());
  admin = await buildAdmin();
});
afterAll(async () => {
  await Promise.all(extraPools.map((k) => k.destroy()));
  await closeApp();
});
beforeEach(async () => {
  now = new Date("2030-06-01T10:00:00.000Z");
  t.services.jobs.clock = () => now;
  brevo.failures.recover();
  bronto.failures.recover();
  await EmailSettings.query().findById(1).patch({ serviceName: "sendInBlue" });
});

/** Several workers, as several app processes would run them: each with its own queue (and pool on Postgres). */
function workers(n: number): JobQueue[] {
  return Array.from({ length: n }, () => {
    let knex = t.services.knex;
    if (onPostgres) {
      knex = openDatabase({ databaseUrl: (t.services.knex.client.config.connection as string) ?? null, dataDir: os.tmpdir() });
      extraPools.push(knex);
    }
    const s = createServices(t.config, knex, t.mail, { queue: { clock: () => now }, log: silentLogger });
    return s.jobs;
  });
}

/** Moves time on and lets every worker run what is due, at the same time. */
async function round(queues: JobQueue[], advanceMs = 10 * 60_000) {
  now = new Date(now.getTime() + advanceMs);
  const results = await Promise.all(queues.map((q) => q.runDueJobs({ batch: 5 })));
  return results.reduce((a, r) => ({ done: a.done + r.done, retried: a.retried + r.retried, failed: a.failed + r.failed }), { done: 0, retried: 0, failed: 0 });
}

const pendingJobs = () => Job.query().whereIn("status", ["pending", "running"]).resultSize();

describe("200 concurrent signups while the provider is failing", () => {
  it("ends with all 200 contacts at the provider exactly once and in our database", async () => {
    const chapter = await buildChapter();
    const listId = Number(chapter.sendInBlueListId);
    const emails = Array.from({ length: 200 }, (_, i) => `signup${i}@example.org`);

    // The provider rate-limits every call, then answers 503 for a while, then recovers.
    brevo.failures.fail({ kind: "rateLimit", resetSeconds: 30 });
    const started = performance.now();
    const answers = await Promise.all(emails.map((email) => t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: String(listId) } })));
    const signupMs = performance.now() - started;
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    expect(await MailingListContact.query().where({ chapterId: chapter.id }).resultSize()).toBe(200);

    const queues = workers(3);
    let attempts = 0;
    for (let i = 0; i < 3; i++) attempts += (await round(queues)).retried;
    brevo.failures.fail({ kind: "status", status: 503 });
    for (let i = 0; i < 3; i++) attempts += (await round(queues)).retried;
    brevo.failures.fail({ kind: "drop" });
    attempts += (await round(queues)).retried;
    expect(brevo.contacts.size).toBe(0);
    expect(attempts).toBeGreaterThanOrEqual(7 * 200);
    const waiting = await Job.query().where({ type: "list.syncContact", status: "pending" });
    expect(waiting).toHaveLength(200);
    expect(waiting.every((j) => j.attempts === 7 && /Brevo POST \/contacts answered 502/.test(j.lastError ?? ""))).toBe(true);

    brevo.failures.recover();
    for (let i = 0; i < 20 && (await pendingJobs()) > 0; i++) await round(queues);

    expect(await pendingJobs()).toBe(0);
    expect(await Job.query().where({ status: "failed" }).resultSize()).toBe(0);
    expect(brevo.listMembers(listId)).toEqual([...emails].sort());
    expect([...brevo.contacts.values()].map((c) => c.writes)).toEqual(emails.map(() => 1));
    const ours = await MailingListContact.query().where({ chapterId: chapter.id });
    expect(ours.map((c) => c.email).sort()).toEqual([...emails].sort());
    expect(ours.every((c) => c.status === "active")).toBe(true);
    console.log(`200 concurrent signups answered in ${signupMs.toFixed(0)} ms; provider refused ${brevo.failures.failedCalls} calls before recovering`);
  }, 180_000);
});

describe("switching the provider setting", () => {
  it("re-syncs every contact to the newly selected provider, losing no one", async () => {
    const chapter = await buildChapter();
    const other = await buildChapter();
    const emails = Array.from({ length: 30 }, (_, i) => `switch${i}@example.org`);
    for (const email of emails) await t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: chapter.sendInBlueListId } });
    await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "elsewhere@example.org", listId: other.sendInBlueListId } });
    await t.request("POST", "/api/mailing_list/delete", { as: admin, body: { email: "switch0@example.org", listId: chapter.sendInBlueListId } });
    await t.services.jobs.runDueJobs();
    expect(brevo.listMembers(Number(chapter.sendInBlueListId))).toEqual(emails.slice(1).sort());

    // Bronto is throttling when the switch happens, and one more person signs up meanwhile.
    bronto.failures.fail({ kind: "fault", code: 116, message: "Too many concurrent requests." }, 10);
    const res = await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "bronto" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ serviceName: "bronto", activeProvider: "bronto", configured: { sendInBlue: true, bronto: true } });
    const late = await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "late@example.org", listId: chapter.brontoListId } });
    expect(late.status).toBe(200);

    const queues = workers(2);
    for (let i = 0; i < 10 && (await pendingJobs()) > 1; i++) await round(queues, 60_000);
    expect(bronto.listMembers(chapter.brontoListId)).toEqual([...emails.slice(1), "late@example.org"].sort());
    expect(bronto.listMembers(other.brontoListId)).toEqual(["elsewhere@example.org"]);
    expect([...bronto.contacts.values()].every((c) => c.listAdds === 1)).toBe(true);
    expect(bronto.failures.failedCalls).toBe(10);
    expect(await Job.query().where({ status: "failed" }).resultSize()).toBe(0);
    // Only the Bronto status poll keeps going.
    expect((await Job.query().whereIn("status", ["pending", "running"])).map((j) => j.type)).toEqual(["list.brontoPoll"]);

    // And back: Brevo gets the one who joined while Bronto was selected.
    await t.request("POST", "/api/email_settings", { as: admin, body: { serviceName: "sendInBlue" } });
    await round(queues, 60_000);
    await round(queues, 60_000);
    expect(brevo.listMembers(Number(chapter.sendInBlueListId))).toEqual([...emails.slice(1), "late@example.org"].sort());
  }, 120_000);
});

describe("a chapter's list id changing", () => {
  it("re-syncs that chapter's contacts to the new list", async () => {
    const chapter = await buildChapter();
    for (const email of ["move1@example.org", "move2@example.org"])
      await t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: chapter.sendInBlueListId } });
    await t.services.jobs.runDueJobs();
    await t.services.knex.transaction(async (trx) => {
      await Chapter.query(trx).findById(chapter.id).patch({ sendInBlueListId: "4242" });
      await enqueueChapterResync(t.services, chapter.id, trx);
    });
    await t.services.jobs.runDueJobs();
    expect(brevo.listMembers(4242)).toEqual(["move1@example.org", "move2@example.org"]);
  });
});

describe("list emails through the providers", () => {
  async function chapterWith(n: number, prefix: string): Promise<Chapter> {
    const chapter = await buildChapter();
    for (let i = 0; i < n; i++)
      await t.request("POST", "/api/mailing_list/sign_up", { body: { email: `${prefix}${i}@example.org`, listId: chapter.sendInBlueListId } });
    return chapter;
  }

  it("Brevo: one email per member with its own unsubscribe header; a rate limit part way resumes without duplicates", async () => {
    const chapter = await chapterWith(70, "brevo");
    await t.services.jobs.runDueJobs();
    brevo.emails.length = 0;
    const res = await t.request<{ message: ListMessageInfo }>("POST", "/api/mailing_list/send_message", {
      as: admin,
      body: { title: "Brevo hello", body: "Hi", listId: chapter.sendInBlueListId },
    });
    expect(res.status).toBe(202);
    // The 21st send is refused with a 429, then the next one with a 503.
    brevo.failures.fail({ kind: "rateLimit", resetSeconds: 60 }, 1, 20);
    await t.services.jobs.runDueJobs();
    let message = await ListMessage.query().findById(res.body.message.id);
    expect([message!.status, message!.sent]).toEqual(["sending", 20]);
    brevo.failures.fail({ kind: "status", status: 503 }, 1);
    for (let i = 0; i < 5; i++) {
      now = new Date(now.getTime() + 10 * 60_000);
      await t.services.jobs.runDueJobs();
    }
    message = await ListMessage.query().findById(res.body.message.id);
    expect([message!.status, message!.sent, message!.failed]).toEqual(["sent", 70, 0]);
    const to = brevo.emails.map((e) => e.to);
    expect(to).toHaveLength(70);
    expect(new Set(to).size).toBe(70);
    const contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email: "brevo5@example.org" });
    const mail = brevo.emails.find((e) => e.to === "brevo5@example.org")!;
    expect(mail.headers["List-Unsubscribe"]).toBe(`<${t.config.publicUrl}/api/mailing_list/unsubscribe/${contact!.unsubscribeToken}>`);
    expect(mail.tags).toContain(`chapter-${chapter.id}`);
    expect(contact!.numSends).toBe(1);
  });

  it("Bronto: one message, one delivery per member carrying its unsubscribe link; unsubscribes at Bronto flow back", async () => {
    await EmailSettings.query().findById(1).patch({ serviceName: "bronto" });
    const chapter = await buildChapter();
    for (let i = 0; i < 60; i++)
      await t.request("POST", "/api/mailing_list/sign_up", { body: { email: `bronto${i}@example.org`, listId: chapter.brontoListId } });
    await t.services.jobs.runDueJobs();
    expect(bronto.listMembers(chapter.brontoListId)).toHaveLength(60);
    bronto.deliveries.length = 0;
    const before = bronto.messages.size;

    const res = await t.request<{ message: ListMessageInfo }>("POST", "/api/mailing_list/send_message", {
      as: admin,
      body: { title: "Bronto hello", body: "Hi", listId: chapter.brontoListId },
    });
    bronto.expireSessions();
    await t.services.jobs.runDueJobs();
    const message = await ListMessage.query().findById(res.body.message.id);
    expect([message!.status, message!.sent]).toEqual(["sent", 60]);
    expect(bronto.messages.size).toBe(before + 1);
    expect(bronto.deliveries).toHaveLength(60);
    const contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email: "bronto7@example.org" });
    expect(bronto.deliveries.find((d) => d.email === "bronto7@example.org")!.fields.unsubscribe_url).toBe(
      `${t.config.publicUrl}/unsubscribe/${contact!.unsubscribeToken}`,
    );

    // Someone unsubscribes at Bronto, another bounces: the next poll brings it into our database.
    bronto.setStatus("bronto7@example.org", "unsub", now);
    bronto.setStatus("bronto8@example.org", "bounce", now);
    await Job.query().where({ type: "list.brontoPoll" }).delete();
    await t.services.jobs.enqueue("list.brontoPoll", { since: new Date(now.getTime() - 60_000).toISOString() });
    await t.services.jobs.runDueJobs();
    const statuses = await MailingListContact.query()
      .where({ chapterId: chapter.id })
      .whereIn("email", ["bronto7@example.org", "bronto8@example.org", "bronto9@example.org"])
      .orderBy("email");
    expect(statuses.map((c) => c.status)).toEqual(["unsub", "blocked", "active"]);
    const next = await Job.query().findOne({ type: "list.brontoPoll", status: "pending" });
    expect(new Date(next!.runAt).getTime() - now.getTime()).toBe(15 * 60_000);
  });

  it("shows failed deliveries to admins and can put them back in the queue", async () => {
    const chapter = await buildChapter();
    brevo.failures.fail({ kind: "status", status: 503 });
    await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "stuck@example.org", listId: chapter.sendInBlueListId } });
    const job = await Job.query().findOne({ type: "list.syncContact", status: "pending" }).orderBy("id", "desc");
    await job!.$query().patch({ maxAttempts: 2 });
    await round([t.services.jobs]);
    await round([t.services.jobs]);
    const settings = await t.request("GET", "/api/email_settings", { as: admin });
    expect(settings.body.queue.failed).toBe(1);
    expect(settings.body.queue.recentFailures[0]).toMatchObject({ id: job!.id, type: "list.syncContact", lastError: expect.stringContaining("503") });
    brevo.failures.recover();
    expect((await t.request("POST", "/api/email_settings/retry_failed", { as: admin })).body).toEqual({ retried: 1 });
    await round([t.services.jobs]);
    expect(brevo.listMembers(Number(chapter.sendInBlueListId))).toEqual(["stuck@example.org"]);
  });
});
