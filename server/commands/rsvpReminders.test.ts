import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas, buildUser } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { mimeProblems, readMail } from "../test/mime";
import { meetupHoursFromNow } from "../test/meetupTimes";
import { mimeMessage } from "../integrations/mail/mime";
import { chapterContact } from "../lib/networkContact";
import { Rsvp, type User } from "../models";
import type { RsvpLinkInfo } from "../contracts/rsvp";
import type { MailMessage } from "../integrations/mail";
import { sweepRsvpReminders } from "./rsvpReminders";
import { JOB_MEETUP_CONFIRM_SWEEP } from "./meetupConfirmations";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t.close());

const ZONE = "America/Chicago";
const HOUR = 3600_000;

/** A chapter with a weekly meetup starting 30 hours from now (outside the 24-hour window until 6 hours pass). */
async function meetupIn30Hours(capacity: number | null = null) {
  const chapter = await buildChapter({ timeZone: ZONE });
  const { date, weekly } = meetupHoursFromNow(ZONE, 30, 32);
  const event = await buildEvent(chapter, { name: "The Scoot Inn", capacity, ...weekly });
  return { chapter, event, date, host: await buildHost(chapter) };
}

async function answer(user: User, slug: string, date: string, said: "yes" | "no") {
  const res = await t.request<{ status: string }>("POST", "/api/rsvp", { as: user, body: { slug, date, answer: said } });
  expect(res.status).toBe(200);
  return res.body.status;
}

/** Two going, one waitlisted (capacity 2) and one who said no. */
async function fourAnswers(slug: string, date: string) {
  const [ana, ben, wendy, nora] = await Promise.all(["Ana", "Ben", "Wendy", "Nora"].map((name) => buildUser({ name })));
  expect(await answer(ana, slug, date, "yes")).toBe("going");
  expect(await answer(ben, slug, date, "yes")).toBe("going");
  expect(await answer(wendy, slug, date, "yes")).toBe("waitlisted");
  expect(await answer(nora, slug, date, "no")).toBe("not_going");
  t.mail.sent.length = 0;
  return { ana, ben, wendy, nora };
}

const mailsTo = (user: User) => t.mail.sent.filter((m) => m.to === user.email.toLowerCase() || m.to === user.email);
const read = async (m: MailMessage) => (await readMail(await mimeMessage(m, t.config.mailFrom))).parsed;

describe("the reminder to people going", () => {
  it("goes once to each person going (not waitlisted, not no) when the meetup enters the window, with a working Can't make it link", async () => {
    const { chapter, event, date } = await meetupIn30Hours(2);
    const { ana, ben, wendy, nora } = await fourAnswers(event.slug, date);
    // 30 hours ahead: not yet. (Each pass sweeps every meetup: the test reads this one's mails.)
    await sweepRsvpReminders(t.services);
    expect(t.mail.sent).toHaveLength(0);
    const inWindow = new Date(Date.now() + 7 * HOUR);
    expect(await sweepRsvpReminders(t.services, inWindow)).toBeGreaterThanOrEqual(2);
    // A second pass (or another process's) claims no one again.
    expect(await sweepRsvpReminders(t.services, inWindow)).toBe(0);
    await t.services.jobs.runDueJobs();
    expect(mailsTo(wendy)).toHaveLength(0);
    expect(mailsTo(nora)).toHaveLength(0);
    expect(mailsTo(ben)).toHaveLength(1);
    const [mail] = mailsTo(ana);
    expect(mailsTo(ana)).toHaveLength(1);

    expect(await mimeProblems(await mimeMessage(mail, t.config.mailFrom))).toEqual([]);
    const parsed = await read(mail);
    expect(parsed.subject).toMatch(/^Reminder: The Scoot Inn on \w+day, \w+ \d{1,2}, \d{1,2}:\d\d[ap]m$/);
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
    const contact = await chapterContact(t.services, chapter.id);
    expect(parsed.replyTo?.value[0].address).toBe(contact.email);
    expect(parsed.text).toContain("Hi Ana,");
    expect(parsed.text).toContain("See you at The Scoot Inn");
    const token = /Can't make it: \S+\/rsvp\/([A-Za-z0-9_-]+)/.exec(parsed.text ?? "")![1];
    expect(parsed.html).toContain(`href="${t.config.publicUrl}/rsvp/${token}"`);
    expect(parsed.html).toMatch(/>Can(&apos;|&#39;|')t make it<\/a>/);

    // The link names Ana's "no"; opening it changes nothing, its button gives her place to Wendy.
    const info = await t.request<RsvpLinkInfo>("GET", `/api/rsvp_link/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ email: ana.email.toLowerCase(), answer: "no", status: "going", date });
    const confirmed = await t.request("POST", "/api/rsvp/confirm", { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: "not_going", going: 2 });
    expect(await Rsvp.query().findOne({ chapterEventId: event.id, date, email: wendy.email.toLowerCase() })).toMatchObject({ status: "going" });

    // Wendy, going now (her yes came before the window opened), is reminded at the next pass; no one else again.
    t.mail.sent.length = 0;
    await sweepRsvpReminders(t.services, new Date(inWindow.getTime() + 60_000));
    await t.services.jobs.runDueJobs();
    expect(t.mail.sent.filter((m) => m.subject.startsWith("Reminder:")).map((m) => m.to)).toEqual([wendy.email.toLowerCase()]);
  });

  it("is not sent for a cancelled meetup, nor to someone whose yes came after the window opened", async () => {
    const { event, date, host } = await meetupIn30Hours();
    const [early, late] = await Promise.all([buildUser(), buildUser()]);
    await answer(early, event.slug, date, "yes");
    await answer(late, event.slug, date, "yes");
    // As if the late yes had come 7 hours from now, inside the window (the "You're going" mail has just told them).
    await Rsvp.query()
      .patch({ answeredAt: new Date(Date.now() + 7 * HOUR).toISOString() })
      .where({ chapterEventId: event.id, email: late.email.toLowerCase() });
    const at = new Date(Date.now() + 8 * HOUR);
    const cancel = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date, note: "", emailList: false } });
    expect(cancel.status).toBe(200);
    t.mail.sent.length = 0;
    await sweepRsvpReminders(t.services, at);
    await t.services.jobs.runDueJobs();
    expect(t.mail.sent.filter((m) => m.subject.startsWith("Reminder:"))).toHaveLength(0);
    const back = await t.request("POST", "/api/chapter_event/uncancel", { as: host, body: { slug: event.slug, date } });
    expect(back.status).toBe(200);
    t.mail.sent.length = 0;
    await sweepRsvpReminders(t.services, at);
    await t.services.jobs.runDueJobs();
    expect(t.mail.sent.filter((m) => m.subject.startsWith("Reminder:")).map((m) => m.to)).toEqual([early.email.toLowerCase()]);
  });
});

describe("the hosts' meetup confirmation sweep", () => {
  it("sends the reminders too", async () => {
    const chapter = await buildChapter({ timeZone: ZONE });
    const { date, weekly } = meetupHoursFromNow(ZONE, 10, 12);
    const event = await buildEvent(chapter, { name: "The Scoot Inn", ...weekly });
    const person = await buildUser({ name: "Sam" });
    await answer(person, event.slug, date, "yes");
    // As if Sam had answered two days ago, before the window opened.
    await Rsvp.query()
      .patch({ answeredAt: new Date(Date.now() - 48 * HOUR).toISOString() })
      .where({ chapterEventId: event.id });
    t.mail.sent.length = 0;
    await t.services.jobs.enqueue(JOB_MEETUP_CONFIRM_SWEEP, {});
    await t.services.jobs.runDueJobs();
    expect(mailsTo(person).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder: The Scoot Inn on /)]);
  });
});

describe("cancelling a meetup and putting it back on", () => {
  it("mails everyone going or waitlisted, without the list email, once; putting it back on tells them too", async () => {
    const { chapter, event, date, host } = await meetupIn30Hours(2);
    const { ana, ben, wendy, nora } = await fourAnswers(event.slug, date);
    const body = { slug: event.slug, date, note: "The bar is closed for a private party", emailList: false };
    expect((await t.request("POST", "/api/chapter_event/cancel", { as: host, body })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    // Changing the note of a cancelled date tells no one again.
    expect((await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { ...body, note: "Closed" } })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    expect(mailsTo(nora)).toHaveLength(0);
    const contact = await chapterContact(t.services, chapter.id);
    for (const person of [ana, ben, wendy]) {
      expect(mailsTo(person)).toHaveLength(1);
      const parsed = await read(mailsTo(person)[0]);
      expect(parsed.subject).toMatch(/^Cancelled: The Scoot Inn on \w+day, \w+ \d{1,2}, \d{1,2}:\d\d[ap]m$/);
      expect(parsed.text).toContain(`Hi ${person.name},`);
      expect(parsed.text).toContain("is cancelled");
      expect(parsed.text).toContain("The host's note: The bar is closed for a private party");
      expect(parsed.html).toContain("The bar is closed for a private party");
      expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
      expect(parsed.replyTo?.value[0].address).toBe(contact.email);
    }
    t.mail.sent.length = 0;

    expect((await t.request("POST", "/api/chapter_event/uncancel", { as: host, body: { slug: event.slug, date } })).status).toBe(200);
    // Putting back on a meetup that is on tells no one.
    expect((await t.request("POST", "/api/chapter_event/uncancel", { as: host, body: { slug: event.slug, date } })).status).toBe(200);
    await t.services.jobs.runDueJobs();
    expect(mailsTo(nora)).toHaveLength(0);
    for (const person of [ana, ben, wendy]) {
      expect(mailsTo(person)).toHaveLength(1);
      const parsed = await read(mailsTo(person)[0]);
      expect(parsed.subject).toMatch(/^Back on: The Scoot Inn on /);
      expect(parsed.text).toContain("is on after all");
      expect(parsed.text).toContain(person === wendy ? "you are on the waitlist" : "you are going");
      expect(parsed.html).toContain("is on after all");
      expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
    }
  });
});

describe("the reminder window in General Settings", () => {
  it("is 24 hours unless an admin changes it; 0 turns the reminders off", async () => {
    const { event, date } = await meetupIn30Hours();
    const admin = (await buildPersonas(await buildChapter())).admin;
    const early = await buildUser();
    await answer(early, event.slug, date, "yes");
    const settings = "/api/meetup_confirmations/settings";
    expect((await t.request("GET", settings, { as: admin })).body).toEqual({ hours: 48, reminderHours: 24 });
    await expectAccess(t, await buildPersonas(await buildChapter()), { method: "POST", path: settings, body: { hours: 48, reminderHours: 30 } }, WHO.admin);
    const invalid = await t.request("POST", settings, { as: admin, body: { hours: 48, reminderHours: -1 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "reminderHours must be a whole number from 0 to 336", field: "reminderHours" });

    expect((await t.request("POST", settings, { as: admin, body: { hours: 48, reminderHours: 0 } })).body).toEqual({ hours: 48, reminderHours: 0 });
    t.mail.sent.length = 0;
    const later = (hours: number) => new Date(Date.now() + hours * HOUR);
    await sweepRsvpReminders(t.services, later(20));
    await t.services.jobs.runDueJobs();
    expect(mailsTo(early)).toHaveLength(0);
    // 12 hours: 23 hours ahead is not yet in the window, 10 hours ahead is. Leaving reminderHours out keeps it.
    expect((await t.request("POST", settings, { as: admin, body: { hours: 48, reminderHours: 12 } })).status).toBe(200);
    expect((await t.request("POST", settings, { as: admin, body: { hours: 40 } })).body).toEqual({ hours: 40, reminderHours: 12 });
    await sweepRsvpReminders(t.services, later(7));
    await t.services.jobs.runDueJobs();
    expect(mailsTo(early)).toHaveLength(0);
    await sweepRsvpReminders(t.services, later(20));
    await t.services.jobs.runDueJobs();
    expect(mailsTo(early).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder: The Scoot Inn on /)]);
    await t.request("POST", settings, { as: admin, body: { hours: 48, reminderHours: 24 } });
  });
});
