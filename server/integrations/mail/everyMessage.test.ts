/**
 * Every kind of message the app sends, as the built-in transport writes it to DATA_DIR/outbox and as an SMTP
 * server receives it (a fake on 127.0.0.1), read by an independent MIME parser (mailparser): Message-ID, Date,
 * CRLF-only lines, 7-bit bytes with a declared transfer encoding for non-ASCII text (issue 29).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { DateTime } from "luxon";
import { buildAdmin, buildChapter, buildEvent, buildUser, grant } from "../../test/factories";
import { MeetupConfirmation } from "../../models/MeetupConfirmation";
import { mailMeetupConfirmation } from "../../commands/meetupConfirmations";
import { ROLE_CHAPTER_HOST } from "../../models/Role";
import { buildApplication } from "../../test/siteAdminFactories";
import { mimeProblems, readMail, readOutbox, type ReadMail } from "../../test/mime";
import { FakeSmtp } from "./fakeSmtp";
import { mailHostsAtRisk } from "../../health/sweep";
import { EmailSettings } from "../../models/EmailSettings";
import type { Chapter } from "../../models/Chapter";
import type { User } from "../../models/User";

const smtp = new FakeSmtp();
let t: TestApp;
let chapter: Chapter;
let admin: User;
let host: User;
let sent: () => Promise<ReadMail[]>;

async function mailTo(email: string, subject: RegExp): Promise<ReadMail> {
  const found = (await sent()).filter((m) => m.parsed.to && "text" in m.parsed.to && m.parsed.to.text === email && subject.test(m.parsed.subject ?? ""));
  expect(found, `one message to ${email} with subject ${subject}`).toHaveLength(1);
  return found[0];
}
async function expectWellFormed(mail: ReadMail) {
  expect(await mimeProblems(mail.raw)).toEqual([]);
}

describe.each(["outbox", "SMTP"] as const)("every message, through %s, is well formed", (transport) => {
  beforeAll(async () => {
    if (transport === "SMTP") await smtp.start();
    t = await startTestApp(transport === "SMTP" ? { SMTP_URL: smtp.url } : {}, { deliver: true });
    sent = transport === "SMTP" ? () => Promise.all(smtp.messages.map((m) => readMail(m.raw))) : () => readOutbox(path.join(t.config.dataDir, "outbox"));
    chapter = await buildChapter({ title: "Café Society", city: "Boise" });
    admin = await buildAdmin();
    host = await grant(await buildUser({ name: "Zoë Host" }), ROLE_CHAPTER_HOST, chapter);
    // Replies to automatic mail go to the network contact (MAIL_FROM only while none is set).
    await EmailSettings.query().findById(1).patch({ networkContactName: "Zoë Network", networkContactEmail: "network@example.org" });
  });
  afterAll(async () => {
    await t.close();
    if (transport === "SMTP") await smtp.close();
  });

  it("password reset", async () => {
    const user = await buildUser({ name: "Zoë Reset", email: `reset-${transport.toLowerCase()}@example.org` });
    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    const mail = await mailTo(user.email, /^Reset your password$/);
    await expectWellFormed(mail);
    expect(mail.parsed.text).toContain("Hi Zoë Reset,");
    expect(mail.parsed.text).toMatch(/password_verify\/[\w-]+\n/);
  });

  it("list confirmation (double opt-in)", async () => {
    await t.request("POST", "/api/email_settings", { as: admin, body: { doubleOptIn: true } });
    await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "confirm@example.org", listId: chapter.sendInBlueListId } });
    await t.request("POST", "/api/email_settings", { as: admin, body: { doubleOptIn: false } });
    const mail = await mailTo("confirm@example.org", /confirm your subscription/);
    await expectWellFormed(mail);
    expect(mail.parsed.subject).toBe("Please confirm your subscription to the Boise: Café Society mailing list");
  });

  it("list email", async () => {
    await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "member@example.org", listId: chapter.sendInBlueListId } });
    const res = await t.request("POST", "/api/mailing_list/send_message", {
      as: host,
      body: { title: "Café night ☕", body: "See you at the **café**.\n\nBring a friend.", listId: chapter.sendInBlueListId },
    });
    expect(res.status).toBe(202);
    await t.services.jobs.runDueJobs();
    const mail = await mailTo("member@example.org", /^Café night ☕$/);
    await expectWellFormed(mail);
    expect(mail.parsed.text).toContain("café");
    expect(mail.parsed.messageId).toMatch(new RegExp(`^<list-message-\\d+-contact-\\d+@`));
  });

  it("host application decisions: approved with a chapter, approved without one, denied", async () => {
    const decide = async (name: string, body: (slug: string) => [string, string, object]) => {
      const applicant = await buildUser({ name, email: `${name.split(" ")[1].toLowerCase()}-${transport.toLowerCase()}@example.org` });
      const application = await buildApplication({ user: applicant, city: "Coeur d'Alène" });
      const [method, url, data] = body(application.slug);
      expect((await t.request(method, url, { as: admin, body: data })).status).toBeLessThan(300);
      await t.services.jobs.runDueJobs();
      return applicant.email;
    };
    const chapterFields = { title: "Coeur d'Alène", city: "Coeur d'Alène", state: "ID", postalCode: "83814", country: "USA" };
    const approved = await decide("Zoë Approved", (slug) => ["POST", "/api/chapter/new", { ...chapterFields, chapterHostApplicationSlug: slug }]);
    const without = await decide("Zoë Without", (slug) => ["PUT", `/api/chapter_host_application/slug/${slug}`, { status: "approved_without_creation" }]);
    const denied = await decide("Zoë Denied", (slug) => ["PUT", `/api/chapter_host_application/slug/${slug}`, { status: "denied", note: "Désolé." }]);
    await expectWellFormed(await mailTo(approved, /^Your Dining Liberally chapter in Coeur d'Alène is approved$/));
    await expectWellFormed(await mailTo(without, /^Your host application is approved$/));
    const deniedMail = await mailTo(denied, /^About your host application$/);
    await expectWellFormed(deniedMail);
    expect(deniedMail.parsed.text).toContain("Désolé.");
  });

  it("a meetup confirmation request to a host", async () => {
    const event = await buildEvent(chapter, { name: "Café Tavern", dayOfWeekIndex: 2, weeksOfMonthIndexes: "0" });
    let day = DateTime.now().setZone(chapter.timeZone).plus({ days: 2 });
    while (day.weekday !== 2) day = day.plus({ days: 1 });
    const row = await MeetupConfirmation.query().insert({
      chapterEventId: event.id,
      date: day.toISODate()!,
      userId: host.id,
      createdAt: new Date().toISOString(),
    } as Partial<MeetupConfirmation>);
    await mailMeetupConfirmation(t.services, { confirmationId: row.id });
    const mail = await mailTo(host.email, /^Is Café Tavern on /);
    await expectWellFormed(mail);
    expect(mail.parsed.messageId).toMatch(/^<meetup-confirmation-\d+@/);
  });

  it("a chapter health notice to its hosts", async () => {
    await mailHostsAtRisk(t.services, { chapterId: chapter.id, noticeId: 1, weeks: "six weeks" });
    const mail = await mailTo(host.email, /has not emailed its list/);
    await expectWellFormed(mail);
    expect(mail.parsed.text).toContain("Hi Zoë Host,");
  });

  it("a host application's receipt to the applicant and notice to the admins (issue 41)", async () => {
    const applicant = await buildUser({ name: "Zoë Applicant", email: `applicant-${transport.toLowerCase()}@example.org` });
    const res = await t.request("POST", "/api/chapter_host_application", {
      as: applicant,
      body: { city: "Coeur d'Alène", state: "id", type: "dining", reason: "Café talk." },
    });
    expect(res.status).toBe(201);
    await t.services.jobs.runDueJobs();
    await expectWellFormed(await mailTo(applicant.email, /^We have your application to host a Dining Liberally chapter in Coeur d'Alène$/));
    const notice = await mailTo(admin.email, /^New host application: Dining Liberally chapter in Coeur d'Alène, ID$/);
    await expectWellFormed(notice);
    expect(notice.parsed.replyTo?.value[0].address).toBe(applicant.email);
  });

  it("'you are live' to a chapter's hosts (issue 41)", async () => {
    const hidden = await buildChapter({ title: "Zoë's Café", city: "Boise", status: 0 });
    const cohost = await grant(await buildUser({ name: "Zoë Live", email: `live-${transport.toLowerCase()}@example.org` }), ROLE_CHAPTER_HOST, hidden);
    expect((await t.request("POST", "/api/chapter", { as: admin, body: { id: hidden.id, status: 1 } })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    await expectWellFormed(await mailTo(cohost.email, /^Boise: Zoë's Café is live$/));
  });

  it("every message has a text and an HTML part; every one no person wrote is Auto-Submitted with a Reply-To that is not MAIL_FROM (issue 41)", async () => {
    const all = await sent();
    expect(all.length).toBeGreaterThanOrEqual(11);
    const from = t.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? t.config.mailFrom;
    for (const mail of all) {
      const what = `${mail.parsed.subject}`;
      expect(mail.parsed.text, `${what}: a text part`).toBeTruthy();
      expect(mail.parsed.html, `${what}: an HTML part`).toMatch(/^<!doctype html>/);
      expect(mail.header("content-type"), what).toMatchObject({ value: "multipart/alternative" });
      const replyTo = mail.parsed.replyTo?.value[0]?.address;
      expect(replyTo, `${what}: a Reply-To`).toBeTruthy();
      expect(replyTo, what).not.toBe(from);
      const isListEmail = Boolean(mail.header("list"));
      expect(mail.header("auto-submitted"), what).toBe(isListEmail ? undefined : "auto-generated");
    }
  });
});
