/**
 * A crash must not double-send. A worker "dies" in the middle of a list email batch (its provider call never
 * returns, its heartbeat stops); another worker takes the job over once the 30-second lease has run out and
 * finishes the send. Each provider: no recipient gets the email twice, and what cannot be known is reported.
 * (server/mailingLists/crash.processes.test.ts does the same with real processes and kill -9.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../test/harness";
import { startAppWithFakeProviders } from "../test/fakeProviders";
import { buildAdmin, buildChapter } from "../test/factories";
import type { FakeBrevo } from "../integrations/listProviders/fakes/brevo";
import type { FakeBronto } from "../integrations/listProviders/fakes/bronto";
import { OutboxTransport } from "../integrations/mail/outbox";
import { SmtpTransport } from "../integrations/mail/smtp";
import { FakeSmtp, messageIdOf } from "../integrations/mail/fakeSmtp";
import type { MailTransport } from "../integrations/mail";
import type { ListProvider } from "../integrations/listProviders";
import { silentLogger } from "../lib/log";
import { createServices, type Services } from "../services";
import { EmailSettings, Job, ListDelivery, ListMessage, MailingListContact, type Chapter, type User } from "../models";
import type { EmailSettingsInfo, ListMessageInfo } from "../contracts/mailingList";
import { interruptedMessage } from "./deliveries";

let t: TestApp;
let brevo: FakeBrevo;
let bronto: FakeBronto;
let admin: User;
let now: Date;
const quiet = silentLogger;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "crash-test-"));

let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ t, brevo, bronto, close: closeApp } = await startAppWithFakeProviders());
  admin = await buildAdmin();
});
afterAll(async () => {
  await closeApp();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  now = new Date("2030-06-01T10:00:00.000Z");
  t.services.jobs.clock = () => now;
  await EmailSettings.query().findById(1).patch({ serviceName: "sendInBlue" });
});

/**
 * A provider that hands over `handOvers` recipients and then never answers again: the process died in the
 * middle of a call, after the provider got those and before we could record it.
 */
function dyingAfter(provider: ListProvider, handOvers: number) {
  let left = handOvers;
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const dying: ListProvider = Object.create(provider);
  dying.sendBatch = async (listId, email, recipients, state) => {
    const allowed = recipients.slice(0, Math.max(0, left));
    left -= allowed.length;
    if (left > 0) return provider.sendBatch(listId, email, recipients, state);
    if (allowed.length) await provider.sendBatch(listId, email, allowed, state);
    died();
    return new Promise(() => {});
  };
  return { dying, dead };
}

/** A worker of another app process, with its own clock and mail transport; `builtIn`: no provider keys. */
function worker(mail: MailTransport, clock: () => Date, workerId: string, builtIn: boolean): Services {
  const config = builtIn ? { ...t.config, brevo: { ...t.config.brevo, apiKey: null }, bronto: { ...t.config.bronto, apiToken: null } } : t.config;
  return createServices(config, t.services.knex, mail, { queue: { clock, workerId }, log: quiet });
}

/**
 * Sends an email to the chapter's members, through the built-in provider over `mail` (null: the selected
 * provider); worker A dies after handing over `handOvers` recipients; worker B takes the job over
 * `takeOverAfterMs` later. Answers the message as B left it.
 */
async function crashAndTakeOver(chapter: Chapter, listId: string, mail: MailTransport | null, handOvers: number, takeOverAfterMs: number) {
  const res = await t.request<{ message: ListMessageInfo }>("POST", "/api/mailing_list/send_message", {
    as: admin,
    body: { title: `Crash ${handOvers}`, body: "Hello", listId },
  });
  expect(res.status).toBe(202);
  const crashedAt = now;
  const a = worker(mail ?? t.mail, () => crashedAt, "host-a:1", mail !== null);
  const current = a.listProviders.forService.bind(a.listProviders);
  const { dying, dead } = dyingAfter(current(await a.listProviders.serviceName()), handOvers);
  a.listProviders.forService = () => dying;
  void a.jobs.runDueJobs({ batch: 1 });
  await dead;

  const b = worker(mail ?? t.mail, () => now, "host-b:2", mail !== null);
  // Within the lease the job is still A's: nobody sends anything.
  now = new Date(crashedAt.getTime() + 29_000);
  expect(await b.jobs.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
  expect((await Job.query().findOne({ type: "list.sendBatch", status: "running" }))!.lockedBy).toBe("host-a:1");
  now = new Date(crashedAt.getTime() + takeOverAfterMs);
  await b.jobs.runDueJobs();
  expect(await Job.query().whereIn("status", ["pending", "running"]).resultSize()).toBe(0);
  return (await ListMessage.query().findById(res.body.message.id))!;
}

async function chapterWith(n: number, prefix: string, listColumn: "sendInBlueListId" | "brontoListId" = "sendInBlueListId") {
  const chapter = await buildChapter();
  for (let i = 0; i < n; i++)
    await t.request("POST", "/api/mailing_list/sign_up", { body: { email: `${prefix}${i}@example.org`, listId: chapter[listColumn] } });
  await t.services.jobs.runDueJobs();
  return chapter;
}

/** The message's recipients handed over again after the crash. */
const retried = (message: ListMessage) => ListDelivery.query().where({ listMessageId: message.id }).where("retries", ">", 0).resultSize();

const numSends = async (chapter: Chapter) => (await MailingListContact.query().where({ chapterId: chapter.id }).orderBy("id")).map((c) => c.numSends);

describe("a worker dies in the middle of a list email", () => {
  it("built-in over the outbox: the taken-over job hands the interrupted recipients over again and the outbox keeps one copy each", async () => {
    const chapter = await chapterWith(120, "outbox");
    const outbox = new OutboxTransport(path.join(tmp, "outbox"), t.config.mailFrom);
    const message = await crashAndTakeOver(chapter, chapter.sendInBlueListId, outbox, 46, 31_000);
    expect([message.status, message.sent, message.failed, message.unknown, message.total]).toEqual(["sent", 120, 0, 0, 120]);
    const files = fs.readdirSync(outbox.dir);
    expect(files).toHaveLength(120);
    const contacts = await MailingListContact.query().where({ chapterId: chapter.id });
    expect(contacts.map((c) => `list-message-${message.id}-contact-${c.id}.eml`).sort()).toEqual([...files].sort());
    expect(await numSends(chapter)).toEqual(contacts.map(() => 1));
    // The chunk of 50 A was handing over went again (the outbox kept the 46 it had).
    expect(await retried(message)).toBe(50);
  });

  it("Brevo within its key's lifetime: handed over again with the same idempotency key, so Brevo sends each email once", async () => {
    const chapter = await chapterWith(70, "brevokey");
    brevo.emails.length = 0;
    brevo.requests.length = 0;
    const message = await crashAndTakeOver(chapter, chapter.sendInBlueListId, null, 46, 31_000);
    expect([message.status, message.sent, message.unknown]).toEqual(["sent", 70, 0]);
    const to = brevo.emails.map((e) => e.to);
    expect(to).toHaveLength(70);
    expect(new Set(to).size).toBe(70);
    // The 46 it had were handed over again and refused as duplicates.
    expect(brevo.requests.filter((r) => r.path === "/v3/smtp/email")).toHaveLength(46 + 50 + 20);
    expect(new Set(brevo.emails.map((e) => e.idempotencyKey)).size).toBe(70);
    expect(await numSends(chapter)).toEqual(Array(70).fill(1));
    expect(await retried(message)).toBe(50);
  });

  it("Brevo after its key's lifetime: the interrupted recipients are reported as unknown, never sent again", async () => {
    const chapter = await chapterWith(70, "brevolate");
    brevo.emails.length = 0;
    const message = await crashAndTakeOver(chapter, chapter.sendInBlueListId, null, 46, 11 * 60_000);
    expect([message.status, message.sent, message.unknown, message.total]).toEqual(["sent", 20, 50, 70]);
    const to = brevo.emails.map((e) => e.to);
    expect(to).toHaveLength(46 + 20);
    expect(new Set(to).size).toBe(66);
    const unknown = await ListDelivery.query().where({ listMessageId: message.id, state: "unknown" });
    expect(unknown).toHaveLength(50);
    expect(unknown[0].error).toBe(interruptedMessage("brevo"));
    expect(await retried(message)).toBe(0);

    // Email Administration says so.
    const info = (await t.request<EmailSettingsInfo>("GET", "/api/email_settings", { as: admin })).body;
    expect(info.deliveries.unknown).toBe(await ListDelivery.query().where({ state: "unknown" }).resultSize());
    expect(info.deliveries.recentProblems[0]).toMatchObject({
      state: "unknown",
      messageTitle: "Crash 46",
      chapterTitle: chapter.title,
      error: interruptedMessage("brevo"),
    });
    expect(info.deliveries.recentProblems[0].email).toMatch(/^brevolate\d+@example\.org$/);
    const progress = await t.request<ListMessageInfo[]>("GET", `/api/mailing_list/messages/${chapter.id}`, { as: admin });
    expect(progress.body[0]).toMatchObject({ status: "sent", sent: 20, failed: 0, unknown: 50 });
  });

  it("built-in over SMTP: the ten being handed over go again with the same Message-ID, so nobody misses it and receivers drop the repeat", async () => {
    const chapter = await chapterWith(70, "smtp");
    const smtp = await new FakeSmtp().start();
    try {
      const message = await crashAndTakeOver(chapter, chapter.sendInBlueListId, new SmtpTransport(smtp.url, t.config.mailFrom), 46, 31_000);
      // A died after 6 of the fifth ten (41..50): those ten went again, six of them a second copy of one message.
      expect([message.status, message.sent, message.failed, message.unknown]).toEqual(["sent", 70, 0, 0]);
      expect(smtp.messages).toHaveLength(46 + 10 + 20);
      const idsOf = new Map<string, Set<string>>();
      for (const m of smtp.messages) idsOf.set(m.to[0], (idsOf.get(m.to[0]) ?? new Set()).add(messageIdOf(m)));
      const contacts = await MailingListContact.query().where({ chapterId: chapter.id }).orderBy("id");
      expect(contacts.map((c) => [c.email, [...(idsOf.get(c.email) ?? [])]])).toEqual(
        contacts.map((c) => [c.email, [`<list-message-${message.id}-contact-${c.id}@livingliberally.org>`]]),
      );
      expect(contacts.filter((c) => smtp.messages.filter((m) => m.to[0] === c.email).length > 1)).toHaveLength(6);
      expect(await retried(message)).toBe(10);
      expect(await numSends(chapter)).toEqual(Array(70).fill(1));

      // Email Administration counts them.
      const info = (await t.request<EmailSettingsInfo>("GET", "/api/email_settings", { as: admin })).body;
      expect(info.deliveries.retried).toBe(await ListDelivery.query().where("retries", ">", 0).resultSize());
      expect(info.deliveries.retried).toBeGreaterThanOrEqual(10);
    } finally {
      await smtp.close();
    }
  });

  it("Bronto (no keys): the interrupted batch is reported as unknown, the rest goes out, nobody gets two deliveries", async () => {
    await EmailSettings.query().findById(1).patch({ serviceName: "bronto" });
    const chapter = await chapterWith(60, "bronto", "brontoListId");
    bronto.deliveries.length = 0;
    const message = await crashAndTakeOver(chapter, chapter.brontoListId, null, 50, 31_000);
    expect([message.status, message.sent, message.unknown, message.total]).toEqual(["sent", 10, 50, 60]);
    const to = bronto.deliveries.map((d) => d.email);
    expect(to).toHaveLength(60);
    expect(new Set(to).size).toBe(60);
    expect(await retried(message)).toBe(0);
  });
});
