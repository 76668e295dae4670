/** After joining a chapter's list, a welcome email says what comes next: the next meetup. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildEvent } from "../test/factories";
import { Job, MailingListContact } from "../models";
import type { Chapter } from "../models/Chapter";
import { JOB_LIST_WELCOME } from "./listWelcome";
import { readMail } from "../test/mime";
import { mimeMessage } from "../integrations/mail/mime";

let t: TestApp;
let chapter: Chapter;
let quiet: Chapter;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "" });
  chapter = await buildChapter({ title: "Springfield", city: "Springfield", emailAlias: "springfield" });
  quiet = await buildChapter({ title: "Shelbyville", city: "Shelbyville" });
  await buildEvent(chapter, { name: "The Tavern", address1: "1 Main St", city: "Springfield", isSingleDate: false, dayOfWeekIndex: 2, startTime: "19:00" });
}, 120_000);
afterAll(async () => t.close());

const signUp = (c: Chapter, email: string) => t.request("POST", "/api/mailing_list/sign_up", { body: { email, listId: c.sendInBlueListId } });
const mailsTo = (email: string) => t.mail.sent.filter((m) => m.to === email);
const welcomes = () => Job.query().where({ type: JOB_LIST_WELCOME });

describe("the welcome email", () => {
  it("goes to a new member with the next meetup, the chapter's page, a way to leave and Reply-To the chapter, once", async () => {
    expect((await signUp(chapter, "new@example.org")).status).toBe(200);
    expect(mailsTo("new@example.org")).toHaveLength(0);
    await t.services.jobs.runDueJobs();
    const [mail, ...more] = mailsTo("new@example.org");
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe("Welcome to Springfield Drinking Liberally");
    expect(mail.text).toMatch(/Our next meetup: Tuesday, \w+ \d+, \d{4}, 7:00 PM at The Tavern, 1 Main St, Springfield\./);
    expect(mail.text).toContain(`${t.config.publicUrl}/chapter/${chapter.state}/${chapter.slug}`);
    const contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email: "new@example.org" });
    expect(mail.text).toContain(`${t.config.publicUrl}/unsubscribe/${contact!.unsubscribeToken}`);
    expect(mail.replyTo).toMatch(/^springfield@/);
    expect(mail.headers).toMatchObject({ "Auto-Submitted": "auto-generated" });
    // As a mail client reads it: a text part and an HTML part in the list emails' look, the meetup in both.
    const { parsed } = await readMail(await mimeMessage(mail, t.config.mailFrom));
    expect(parsed.text).toContain("Our next meetup: Tuesday");
    expect(parsed.html).toContain("Our next meetup: Tuesday");
    expect(parsed.html).toContain(`href="${t.config.publicUrl}/unsubscribe/${contact!.unsubscribeToken}"`);

    // Joining again while on the list sends nothing new.
    await signUp(chapter, "new@example.org");
    await t.services.jobs.runDueJobs();
    expect(mailsTo("new@example.org")).toHaveLength(1);
  });

  it("says when no meetup is set yet", async () => {
    await signUp(quiet, "early@example.org");
    await t.services.jobs.runDueJobs();
    expect(mailsTo("early@example.org")[0].text).toContain("No meetup is on the calendar yet");
  });

  it("with double opt-in, goes only once the signup is confirmed", async () => {
    const admin = await buildAdmin();
    await t.request("POST", "/api/email_settings", { as: admin, body: { doubleOptIn: true } });
    const before = (await welcomes()).length;
    await signUp(chapter, "careful@example.org");
    await t.services.jobs.runDueJobs();
    expect(mailsTo("careful@example.org").map((m) => m.subject)).toEqual(["Please confirm your subscription to the Springfield mailing list"]);
    expect((await welcomes()).length).toBe(before);
    const token = /\/confirm_subscription\/([A-Za-z0-9_-]+)/.exec(mailsTo("careful@example.org")[0].text)![1];
    expect((await t.request("POST", `/api/mailing_list/confirm/${token}`)).status).toBe(200);
    await t.services.jobs.runDueJobs();
    expect(mailsTo("careful@example.org").map((m) => m.subject)).toEqual([
      "Please confirm your subscription to the Springfield mailing list",
      "Welcome to Springfield Drinking Liberally",
    ]);
    await t.request("POST", "/api/email_settings", { as: admin, body: { doubleOptIn: false } });
  });

  it("is not sent to someone who left before it went", async () => {
    await signUp(chapter, "gone@example.org");
    await MailingListContact.query().patch({ status: "unsub" }).where({ email: "gone@example.org" });
    await t.services.jobs.runDueJobs();
    expect(mailsTo("gone@example.org")).toHaveLength(0);
  });
});
