import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildEvent, buildHost, buildPersonas, grant } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { ActivityFeedItem, ChapterEvent, EmailSettings, Job, ListMessage, MailingListContact, MeetupConfirmation, Permission, User } from "../models";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { meetupHoursFromNow } from "../test/meetupTimes";
import type { Chapter } from "../models/Chapter";
import type { MeetupConfirmationInfo } from "../contracts/chapter";
import {
  JOB_MEETUP_CONFIRM_SWEEP,
  MEETUP_CANCELLED,
  TOKEN_EXPIRED,
  TOKEN_INVALID,
  confirmationToken,
  ensureMeetupConfirmSweep,
  noLongerHosts,
  sweepMeetupConfirmations,
} from "../commands/meetupConfirmations";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t.close());

const ZONE = "America/Chicago";

/** A chapter with two hosts and a single-date meetup tomorrow evening (inside the 48 hours before it). */
async function meetupTomorrow(overrides: Partial<Chapter> = {}) {
  const chapter = await buildChapter({ timeZone: ZONE, ...overrides });
  const date = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
  const event = await buildEvent(chapter, { name: "The Scoot Inn", isSingleDate: true, singleDate: date, dayOfWeekIndex: null, startTime: "19:00" });
  const hosts = [await buildHost(chapter), await buildHost(chapter)];
  return { chapter, event, date, hosts };
}

/** The tokens of the confirmation emails sent to `email`, read from the links in them. */
function tokensMailedTo(email: string): string[] {
  return t.mail.sent.filter((m) => m.to === email).map((m) => /\/confirm_meetup\/([\w.-]+)/.exec(m.text)![1]);
}

describe("the confirmation emails", () => {
  it("ask every host once, with a link that names the meetup and changes nothing when opened", async () => {
    const { chapter, event, date, hosts } = await meetupTomorrow();
    t.mail.sent.length = 0;
    expect(await sweepMeetupConfirmations(t.services)).toBeGreaterThanOrEqual(2);
    // A second pass, or another process's, claims nothing again.
    expect(await sweepMeetupConfirmations(t.services)).toBe(0);
    await t.services.jobs.runDueJobs();
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    for (const host of hosts) {
      const mails = t.mail.sent.filter((m) => m.to === host.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/^Is The Scoot Inn on \w+day, \w+ \d{1,2}, 7:00pm\?$/);
      expect(mails[0].text).toContain(`${t.config.publicUrl}/confirm_meetup/`);
    }
    const [token] = tokensMailedTo(hosts[0].email);
    for (let i = 0; i < 2; i++) {
      const info = await t.request<MeetupConfirmationInfo>("GET", `/api/chapter_event/confirmation/${token}`);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ date, status: "asked", hostName: hosts[0].name, chapterPath: `/chapter/il/${chapter.slug}` });
      expect(info.body.event.name).toBe("The Scoot Inn");
    }
    expect((await ChapterEvent.query().findById(event.id))!.confirmedDates).toEqual([]);
  });

  it("'Yes, it's on' by the link confirms the meetup everywhere; no host is asked again", async () => {
    const { chapter, event, date, hosts } = await meetupTomorrow();
    t.mail.sent.length = 0;
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    const [token] = tokensMailedTo(hosts[1].email);
    const res = await t.request("POST", "/api/chapter_event/confirm", { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.confirmedDates).toEqual([{ date, at: expect.any(String) }]);
    // The chapter's JSON (what its page and the map's info window read) says so.
    const page = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    expect(page.body.chapterEvents.find((e: { id: number }) => e.id === event.id).confirmedDates.map((c: { date: string }) => c.date)).toEqual([date]);
    expect((await t.request<MeetupConfirmationInfo>("GET", `/api/chapter_event/confirmation/${token}`)).body.status).toBe("confirmed");
    // Confirming twice changes nothing.
    expect((await t.request("POST", "/api/chapter_event/confirm", { body: { token } })).body.confirmedDates).toHaveLength(1);
    const rows = await MeetupConfirmation.query().where({ chapterEventId: event.id });
    expect(rows.filter((r) => r.confirmedAt)).toHaveLength(1);
    t.mail.sent.length = 0;
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    expect(t.mail.sent).toHaveLength(0);
    // The chapter health table shows the chapter's last confirmed meetup.
    const admin = await buildPersonas(chapter).then((p) => p.admin);
    const health = await t.request("GET", `/api/chapter_health?q=${encodeURIComponent(chapter.title)}`, { as: admin });
    expect(health.status).toBe(200);
    expect(health.body.find((r: { chapterId: number }) => r.chapterId === chapter.id).lastConfirmedMeetup).toBe(date);
  });

  it("'Cancel this one' by the link cancels the meetup with its note, as the host it was sent to", async () => {
    const { event, date, hosts } = await meetupTomorrow();
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    const [token] = tokensMailedTo(hosts[0].email);
    const res = await t.request("POST", "/api/chapter_event/cancel", { body: { token, note: "The bar is closed", emailList: false } });
    // A single date cannot be cancelled: the event is deleted instead (the same rule as for hosts).
    expect(res.status).toBe(400);

    const weekly = await buildEvent((await event.$relatedQuery("chapter"))!, { name: "Weekly", dayOfWeekIndex: DateTime.fromISO(date).weekday % 7 });
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    const weeklyToken = t.mail.sent
      .filter((m) => m.to === hosts[0].email && m.subject.startsWith("Is Weekly on"))
      .map((m) => /\/confirm_meetup\/([\w.-]+)/.exec(m.text)![1])[0];
    const cancelled = await t.request("POST", "/api/chapter_event/cancel", { body: { token: weeklyToken, note: "The bar is closed", emailList: false } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelledDates).toEqual([
      { date, note: "The bar is closed", start: expect.stringMatching(new RegExp(`^${date}T`)), end: expect.stringMatching(new RegExp(`^${date}T`)) },
    ]);
    expect((await t.request<MeetupConfirmationInfo>("GET", `/api/chapter_event/confirmation/${weeklyToken}`)).body.status).toBe("cancelled");
    const refused = await t.request("POST", "/api/chapter_event/confirm", { body: { token: weeklyToken } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(MEETUP_CANCELLED);
    expect(weekly.id).toBeGreaterThan(0);
  });

  it("refuse a token that is not ours, or whose meetup is over, with a clear message", async () => {
    const { hosts } = await meetupTomorrow();
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    const [token] = tokensMailedTo(hosts[0].email);
    for (const forged of [`${token}x`, token.replace(/^\d+/, (id) => String(Number(id) + 1)), "1.abc", "nonsense"]) {
      const res = await t.request("POST", "/api/chapter_event/confirm", { body: { token: forged } });
      expect(res.status, forged).toBe(404);
      expect(res.body.error).toBe(TOKEN_INVALID);
    }
    // A meetup that is over.
    const past = await meetupTomorrow();
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!;
    await ChapterEvent.query().patch({ singleDate: yesterday }).findById(past.event.id);
    const row = await MeetupConfirmation.query().insert({ chapterEventId: past.event.id, date: yesterday, userId: past.hosts[0].id });
    const expired = confirmationToken(t.config.sessionSecret, row.id);
    for (const res of [
      await t.request("GET", `/api/chapter_event/confirmation/${expired}`),
      await t.request("POST", "/api/chapter_event/confirm", { body: { token: expired } }),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body.error).toBe(TOKEN_EXPIRED);
    }
  });

  it("are not sent when General Settings turn them off, and the sweep runs again a minute later", async () => {
    const { p } = await (async () => ({ p: await buildPersonas(await buildChapter()) }))();
    await expectAccess(t, p, { method: "POST", path: "/api/meetup_confirmations/settings", body: { hours: 48 } }, WHO.admin);
    await expectAccess(t, p, { method: "GET", path: "/api/meetup_confirmations/settings" }, WHO.admin);
    const bad = await t.request("POST", "/api/meetup_confirmations/settings", { as: p.admin, body: { hours: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("hours must be a whole number from 0 to 336");
    expect((await t.request("POST", "/api/meetup_confirmations/settings", { as: p.admin, body: { hours: 0 } })).body).toEqual({ hours: 0, reminderHours: 24 });
    await meetupTomorrow();
    expect(await sweepMeetupConfirmations(t.services)).toBe(0);
    expect((await t.request("POST", "/api/meetup_confirmations/settings", { as: p.admin, body: { hours: 48 } })).body).toEqual({
      hours: 48,
      reminderHours: 24,
    });

    await Job.query().where({ type: JOB_MEETUP_CONFIRM_SWEEP }).delete();
    await ensureMeetupConfirmSweep(t.services);
    await ensureMeetupConfirmSweep(t.services);
    expect(await Job.query().where({ type: JOB_MEETUP_CONFIRM_SWEEP }).resultSize()).toBe(1);
    const before = Date.now();
    await t.services.jobs.runDueJobs();
    const next = await Job.query().where({ type: JOB_MEETUP_CONFIRM_SWEEP, status: "pending" });
    expect(next).toHaveLength(1);
    expect(Date.parse(next[0].runAt) - before).toBeGreaterThan(t.config.meetupConfirmSweepMs - 10_000);
    expect(Date.parse(next[0].runAt) - before).toBeLessThan(t.config.meetupConfirmSweepMs + 10_000);
    expect(t.config.meetupConfirmSweepMs).toBe(60_000);
  });
});

describe("POST /api/chapter_event/confirm with { slug, date }", () => {
  it("needs host access to the event's chapter (401 / 403), and a real upcoming meetup", async () => {
    const chapter = await buildChapter({ timeZone: ZONE });
    const p = await buildPersonas(chapter);
    const date = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
    const event = await buildEvent(chapter, { isSingleDate: true, singleDate: date, dayOfWeekIndex: null });
    await expectAccess(t, p, { method: "POST", path: "/api/chapter_event/confirm", body: { slug: event.slug, date } }, WHO.hostAccess);
    expect((await ChapterEvent.query().findById(event.id))!.confirmedDates.map((c) => c.date)).toEqual([date]);
    const wrong = await t.request("POST", "/api/chapter_event/confirm", { as: p.host, body: { slug: event.slug, date: "2020-01-01" } });
    expect(wrong.status).toBe(400);
  });

  it("refuses a meetup that ended an hour ago, though it started less than 12 hours ago", async () => {
    const chapter = await buildChapter({ timeZone: ZONE });
    const ended = meetupHoursFromNow(ZONE, -3, -1);
    const event = await buildEvent(chapter, ended.weekly);
    const res = await t.request("POST", "/api/chapter_event/confirm", { as: await buildHost(chapter), body: { slug: event.slug, date: ended.date } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("That date is not an upcoming meetup of this event");
    expect((await ChapterEvent.query().findById(event.id))!.confirmedDates).toEqual([]);
  });
});

describe("a confirmation link acts with the roles its person holds when it is used", () => {
  /** A chapter with a list member, two hosts and a weekly meetup in ten days, asked two weeks ahead (336 hours). */
  async function askedTwoWeeksAhead() {
    const admin = await buildAdmin();
    expect((await t.request("POST", "/api/meetup_confirmations/settings", { as: admin, body: { hours: 336 } })).status).toBe(200);
    const chapter = await buildChapter({ timeZone: ZONE, title: "Anchorage" });
    const date = DateTime.now().setZone(ZONE).plus({ days: 10 }).toISODate()!;
    const event = await buildEvent(chapter, { name: "Bernie's Bungalow", dayOfWeekIndex: DateTime.fromISO(date).weekday % 7 });
    const hosts = [await buildHost(chapter), await buildHost(chapter)];
    await MailingListContact.query().insert({
      chapterId: chapter.id,
      email: `fan-${chapter.id}@example.org`,
      status: "active",
      numSends: 0,
      numOpens: 0,
      numClicks: 0,
      unsubscribeToken: `tok-confirm-${chapter.id}`,
    });
    t.mail.sent.length = 0;
    await sweepMeetupConfirmations(t.services);
    await t.services.jobs.runDueJobs();
    // Each host's link, as its email carries it.
    const tokens: string[] = [];
    for (const host of hosts) {
      const row = await MeetupConfirmation.query().findOne({ chapterEventId: event.id, date, userId: host.id });
      tokens.push(confirmationToken(t.config.sessionSecret, row!.id));
      expect(tokensMailedTo(host.email)).toContain(tokens.at(-1));
    }
    return { admin, chapter, event, date, hosts, tokens };
  }

  afterEach(async () => {
    await EmailSettings.query().patch({ meetupConfirmHours: 48 }).findById(1);
  });

  const revoke = async (admin: User, userId: number, chapterId: number, roleId: number) => {
    const permission = await Permission.query().findOne({ userId, chapterId, roleId });
    expect((await t.request("POST", "/api/permission/delete", { as: admin, body: { id: permission!.id } })).status).toBe(200);
  };

  /** Nothing the link could have done happened: no date confirmed or cancelled, no list email, no activity. */
  async function expectNothingDone(chapter: Chapter, event: ChapterEvent) {
    const saved = await ChapterEvent.query().findById(event.id);
    expect(saved!.cancelledDates).toEqual([]);
    expect(saved!.confirmedDates).toEqual([]);
    expect(await ListMessage.query().where({ chapterId: chapter.id }).resultSize()).toBe(0);
    expect(await ActivityFeedItem.query().where({ chapterId: chapter.id }).where("title", "like", "%Bernie%").resultSize()).toBe(0);
    expect((await MeetupConfirmation.query().where({ chapterEventId: event.id }).whereNotNull("confirmedAt")).length).toBe(0);
    t.mail.sent.length = 0;
    await t.services.jobs.runDueJobs();
    expect(t.mail.sent).toEqual([]);
  }

  it("a host removed after the email was sent gets 403 saying why, and nothing is cancelled, confirmed or mailed", async () => {
    const { admin, chapter, event, date, hosts, tokens } = await askedTwoWeeksAhead();
    const token = tokens[1];
    await revoke(admin, hosts[1].id, chapter.id, ROLE_CHAPTER_HOST);

    const refusal = { error: noLongerHosts("Springfield: Anchorage"), errorId: "forbidden" };
    const cancel = await t.request("POST", "/api/chapter_event/cancel", { body: { token, note: "x", emailList: true } });
    expect(cancel.status).toBe(403);
    expect(cancel.body).toEqual(refusal);
    expect(cancel.body.error).toMatch(/^You no longer host Springfield: Anchorage, so this link cannot confirm or cancel its meetups/);
    const confirm = await t.request("POST", "/api/chapter_event/confirm", { body: { token } });
    expect(confirm.status).toBe(403);
    expect(confirm.body).toEqual(refusal);
    // The page the link opens says so too, instead of offering buttons that would fail.
    const page = await t.request("GET", `/api/chapter_event/confirmation/${token}`);
    expect(page.status).toBe(403);
    expect(page.body).toEqual(refusal);
    await expectNothingDone(chapter, event);

    // The host who still hosts it cancels with the same kind of link, and the list hears it.
    const kept = await t.request("POST", "/api/chapter_event/cancel", { body: { token: tokens[0], note: "x", emailList: true } });
    expect(kept.status).toBe(200);
    expect(kept.body.cancelledDates.map((c: { date: string }) => c.date)).toEqual([date]);
    expect((await ListMessage.query().where({ chapterId: chapter.id })).map((m) => m.title)).toEqual([expect.stringMatching(/^Cancelled: Bernie's Bungalow/)]);
  });

  it("follows the same rule as the signed-in route: a removed host who still organizes the chapter may; without either role, 403", async () => {
    const { admin, chapter, event, hosts, tokens } = await askedTwoWeeksAhead();
    await grant(hosts[1], ROLE_FIELD_ORGANIZER, chapter);
    const token = tokens[1];
    await revoke(admin, hosts[1].id, chapter.id, ROLE_CHAPTER_HOST);
    expect((await t.request("GET", `/api/chapter_event/confirmation/${token}`)).status).toBe(200);
    await revoke(admin, hosts[1].id, chapter.id, ROLE_FIELD_ORGANIZER);
    expect((await t.request("POST", "/api/chapter_event/confirm", { body: { token } })).status).toBe(403);
    await expectNothingDone(chapter, event);
    await grant(hosts[1], ROLE_FIELD_ORGANIZER, chapter);
    expect((await t.request("POST", "/api/chapter_event/confirm", { body: { token } })).status).toBe(200);
  });

  it("an admin's link stops working when their admin role is removed", async () => {
    const { admin, chapter, event, date } = await askedTwoWeeksAhead();
    const other = await buildAdmin();
    const row = await MeetupConfirmation.query().insert({ chapterEventId: event.id, date, userId: other.id });
    const token = confirmationToken(t.config.sessionSecret, row.id);
    expect((await t.request("GET", `/api/chapter_event/confirmation/${token}`)).status).toBe(200);
    expect((await t.request("PUT", `/api/user/admin/${other.id}`, { as: admin, body: { isAdmin: false } })).status).toBe(200);
    const res = await t.request("POST", "/api/chapter_event/cancel", { body: { token, note: "x", emailList: true } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(noLongerHosts("Springfield: Anchorage"));
    await expectNothingDone(chapter, event);
  });

  it("a host removed before their email goes out is not asked", async () => {
    const admin = await buildAdmin();
    const { chapter, hosts } = await meetupTomorrow();
    t.mail.sent.length = 0;
    await sweepMeetupConfirmations(t.services);
    await revoke(admin, hosts[1].id, chapter.id, ROLE_CHAPTER_HOST);
    await t.services.jobs.runDueJobs();
    expect(tokensMailedTo(hosts[0].email)).toHaveLength(1);
    expect(tokensMailedTo(hosts[1].email)).toEqual([]);
  });
});
