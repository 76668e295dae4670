import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildPersonas, buildUser, TEST_PASSWORD } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { readMail } from "../test/mime";
import { mimeMessage } from "../integrations/mail/mime";
import { ChapterEvent, Rsvp, type Chapter, type User } from "../models";
import type { ChapterDetail } from "../contracts/chapter";
import { CAPACITY_MESSAGE } from "../contracts/chapterEvent";
import { RSVP_FORM_PATH, type RsvpLinkInfo, type RsvpList } from "../contracts/rsvp";
import { FORM_RESULT_COOKIE } from "../web/formResult";
import type { MailMessage } from "../integrations/mail";
import { EMAIL_NEEDED, NOT_AN_UPCOMING_MEETUP, RSVP_LINK_INVALID, RSVP_MEETUP_CANCELLED, RSVP_MEETUP_OVER, rsvpToken } from "../commands/rsvps";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t.close());

/** A chapter with a weekly meetup (capacity as given) and the dates its answer lists. */
async function weeklyMeetup(capacity: number | null = null, chapterOverrides: Partial<Chapter> = {}) {
  const chapter = await buildChapter(chapterOverrides);
  const event = await buildEvent(chapter, { name: "The Scoot Inn", capacity });
  const detail = await t.request<ChapterDetail>("GET", `/api/chapter/id/${chapter.id}`, { as: (await buildPersonas(chapter)).admin });
  const dates = detail.body.chapterEvents.find((e) => e.id === event.id)!.nextDates.map((d) => d.date);
  return { chapter, event, dates };
}

/** The counts of one date in the chapter's public answer (as a visitor reads it: the kept answer). */
async function countsOf(chapter: Chapter, eventId: number, date: string) {
  const res = await t.request<ChapterDetail>("GET", `/api/chapter/slug/${chapter.slug}`);
  expect(res.status).toBe(200);
  const d = res.body.chapterEvents.find((e) => e.id === eventId)!.nextDates.find((n) => n.date === date)!;
  return { going: d.going, capacity: d.capacity, waitlisted: d.waitlisted };
}

const tokenIn = (m: MailMessage) => /\/rsvp\/([A-Za-z0-9_-]+)/.exec(m.text)![1];
const mailsTo = (email: string) => t.mail.sent.filter((m) => m.to === email);

async function answerAs(user: User, slug: string, date: string, answer: "yes" | "no") {
  return t.request("POST", "/api/rsvp", { as: user, body: { slug, date, answer } });
}

describe("POST /api/rsvp signed in", () => {
  it("records the answer at once for the account's address, and the chapter's answer counts it", async () => {
    const { chapter, event, dates } = await weeklyMeetup();
    expect(await countsOf(chapter, event.id, dates[0])).toEqual({ going: 0, capacity: undefined, waitlisted: undefined });
    const user = await buildUser({ name: "Gus Going" });
    const res = await answerAs(user, event.slug, dates[0], "yes");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "going", going: 1 });
    // The kept answer for visitors was made before: the write makes it new.
    expect(await countsOf(chapter, event.id, dates[0])).toEqual({ going: 1, capacity: undefined, waitlisted: undefined });
    expect((await countsOf(chapter, event.id, dates[1])).going).toBe(0);
    // A second answer replaces the first: one row per address and meetup.
    expect((await answerAs(user, event.slug, dates[0], "no")).body).toEqual({ status: "not_going", going: 0 });
    const rows = await Rsvp.query().where({ chapterEventId: event.id, date: dates[0] });
    expect(rows).toMatchObject([{ email: user.email.toLowerCase(), userId: user.id, answer: "no", status: "not_going" }]);
    expect((await countsOf(chapter, event.id, dates[0])).going).toBe(0);
  });

  it("refuses dates that are not listed meetups: past, cancelled, beyond the listed ones, not on the schedule", async () => {
    const { event, dates } = await weeklyMeetup();
    const user = await buildUser();
    const lastWeek = DateTime.fromISO(dates[0]).minus({ days: 7 }).toISODate()!;
    // (Cancelling one date lists one more: two weeks after the last listed date is beyond either list.)
    const beyond = DateTime.fromISO(dates[dates.length - 1])
      .plus({ days: 14 })
      .toISODate()!;
    const offSchedule = DateTime.fromISO(dates[0]).plus({ days: 1 }).toISODate()!;
    await ChapterEvent.query()
      .patch({ cancelledDates: [{ date: dates[1], note: "" }] })
      .findById(event.id);
    for (const date of [lastWeek, beyond, offSchedule, dates[1]]) {
      const res = await answerAs(user, event.slug, date, "yes");
      expect(res.status, date).toBe(400);
      expect(res.body).toMatchObject({ error: NOT_AN_UPCOMING_MEETUP, field: "date" });
    }
    const bad = await t.request("POST", "/api/rsvp", { as: user, body: { slug: event.slug, date: dates[0], answer: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('answer must be "yes" or "no"');
    expect(await Rsvp.query().where({ chapterEventId: event.id }).resultSize()).toBe(0);
  });

  it("answers a hidden chapter's event as one that does not exist", async () => {
    const { event, dates } = await weeklyMeetup(null, { status: 0 });
    const res = await answerAs(await buildUser(), event.slug, dates[0] ?? "2030-01-01", "yes");
    expect(res.status).toBe(404);
    const anonymous = await t.request("POST", "/api/rsvp", { body: { slug: event.slug, date: dates[0], answer: "yes", email: "x@example.org" } });
    expect(anonymous.status).toBe(404);
  });
});

describe("POST /api/rsvp without an account", () => {
  it("mails a link; opening it changes nothing; its button records the answer once, and a mail with the meetup follows", async () => {
    const { chapter, event, dates } = await weeklyMeetup();
    const email = "Vera.Visitor@Example.org";
    const missing = await t.request("POST", "/api/rsvp", { body: { slug: event.slug, date: dates[0], answer: "yes" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: EMAIL_NEEDED, field: "email" });

    const res = await t.request("POST", "/api/rsvp", { body: { slug: event.slug, date: dates[0], answer: "yes", email, name: "Vera" } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "pending" });
    const [linkMail] = mailsTo("vera.visitor@example.org");
    expect(linkMail.text).toContain(`${t.config.publicUrl}/rsvp/`);
    const token = tokenIn(linkMail);
    expect(await Rsvp.query().where({ chapterEventId: event.id }).resultSize()).toBe(0);

    for (let i = 0; i < 2; i++) {
      const info = await t.request<RsvpLinkInfo>("GET", `/api/rsvp_link/${token}`);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({
        date: dates[0],
        email: "vera.visitor@example.org",
        answer: "yes",
        status: null,
        going: 0,
        chapterPath: `/chapter/il/${chapter.slug}`,
      });
      expect(info.body.event.name).toBe("The Scoot Inn");
    }
    expect(await Rsvp.query().where({ chapterEventId: event.id }).resultSize()).toBe(0);

    t.mail.sent.length = 0;
    const confirmed = await t.request("POST", "/api/rsvp/confirm", { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: "going", going: 1 });
    const again = await t.request("POST", "/api/rsvp/confirm", { body: { token } });
    expect(again.body).toEqual({ status: "going", going: 1 });
    expect(await Rsvp.query().where({ chapterEventId: event.id }).resultSize()).toBe(1);
    expect((await countsOf(chapter, event.id, dates[0])).going).toBe(1);

    // One mail (the second press changed nothing), with HTML and text, and the meetup as text/calendar.
    const sent = mailsTo("vera.visitor@example.org");
    expect(sent).toHaveLength(1);
    const { parsed } = await readMail(await mimeMessage(sent[0], t.config.mailFrom));
    expect(parsed.subject).toMatch(/^You're going: The Scoot Inn on \w+day, \w+ \d{1,2}, 7:00pm$/);
    expect(parsed.text).toContain("You are going to The Scoot Inn");
    // A letter in both parts (issue 41): the HTML one in the frame every message shares, Auto-Submitted.
    expect(parsed.html).toMatch(/<p style="[^"]*">Hi Vera,<\/p>/);
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
    const ics = parsed.attachments.find((a) => a.contentType === "text/calendar")!;
    expect(ics.filename).toBe("meetup.ics");
    const calendar = new ICAL.Component(ICAL.parse(ics.content.toString("utf8")) as unknown as any[]);
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(vevent.summary).toContain("at The Scoot Inn");
    const start = DateTime.fromISO(`${dates[0]}T19:00`, { zone: chapter.timeZone });
    expect(vevent.startDate.toJSDate().getTime()).toBe(start.toMillis());
    expect(vevent.endDate.toJSDate().getTime()).toBe(start.plus({ hours: 2 }).toMillis());
  });

  it("refuses a token that is not ours (404) and one whose meetup is over or cancelled (410)", async () => {
    const { event, dates } = await weeklyMeetup();
    const claim = { eventId: event.id, date: dates[0], email: "tim@example.org", answer: "yes" as const, name: "" };
    const token = rsvpToken(t.config.sessionSecret, claim);
    const forged = [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      rsvpToken("another secret", claim),
      rsvpToken(t.config.sessionSecret, { ...claim, eventId: 999999 }),
      "nonsense",
    ];
    for (const bad of forged) {
      const res = await t.request("POST", "/api/rsvp/confirm", { body: { token: bad } });
      expect(res.status, bad).toBe(404);
      expect(res.body.error).toBe(RSVP_LINK_INVALID);
    }
    const lastWeek = DateTime.fromISO(dates[0]).minus({ days: 7 }).toISODate()!;
    const over = rsvpToken(t.config.sessionSecret, { ...claim, date: lastWeek });
    for (const res of [await t.request("GET", `/api/rsvp_link/${over}`), await t.request("POST", "/api/rsvp/confirm", { body: { token: over } })]) {
      expect(res.status).toBe(410);
      expect(res.body.error).toBe(RSVP_MEETUP_OVER);
    }
    await ChapterEvent.query()
      .patch({ cancelledDates: [{ date: dates[0], note: "" }] })
      .findById(event.id);
    const cancelled = await t.request("POST", "/api/rsvp/confirm", { body: { token } });
    expect(cancelled.status).toBe(410);
    expect(cancelled.body.error).toBe(RSVP_MEETUP_CANCELLED);
    expect(await Rsvp.query().where({ chapterEventId: event.id }).resultSize()).toBe(0);
  });

  it("limits the links mailed to one address for one meetup", async () => {
    const { event, dates } = await weeklyMeetup();
    const body = { slug: event.slug, date: dates[0], answer: "yes", email: "lim@example.org" };
    for (let i = 0; i < t.config.rateLimits.listConfirmationPerEmail; i++) expect((await t.request("POST", "/api/rsvp", { body })).status).toBe(202);
    const refused = await t.request("POST", "/api/rsvp", { body });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many answers for this email address\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("the chapter page's form, posted without JavaScript", () => {
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.request("POST", RSVP_FORM_PATH, {
      raw: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  const resultOf = (res: { headers: Headers }) => {
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${FORM_RESULT_COOKIE}=`))!;
    return JSON.parse(Buffer.from(cookie.split(";")[0].split("=")[1], "base64url").toString("utf8"));
  };

  it("mails the link and returns to the page with the result; a refusal comes back as its message", async () => {
    const { chapter, event, dates } = await weeklyMeetup();
    const back = `/chapter/il/${chapter.slug}`;
    const res = await post({ slug: event.slug, date: dates[0], answer: "yes", email: "nojs@example.org", name: "No Script", back });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(back);
    expect(resultOf(res)).toEqual({ rsvp: { eventSlug: event.slug, date: dates[0], ok: true, status: "pending" } });
    expect(mailsTo("nojs@example.org")[0].text).toContain(`${t.config.publicUrl}/rsvp/`);
    // Taken as a visitor's even with a session: nothing is recorded for the account behind a cross-site form.
    const user = await buildUser();
    const token = await t.tokenFor(user);
    const asUser = await post({ slug: event.slug, date: dates[0], answer: "yes", email: user.email, back }, { authorization: `Bearer ${token}` });
    expect(resultOf(asUser).rsvp.status).toBe("pending");
    expect(await Rsvp.query().where({ chapterEventId: event.id }).resultSize()).toBe(0);
    const refused = await post({ slug: event.slug, date: dates[0], answer: "yes", email: "not an address", back });
    expect(resultOf(refused)).toEqual({ rsvp: { eventSlug: event.slug, date: dates[0], ok: false, message: "Email is not a valid email address" } });
  });
});

describe("capacity and the waitlist", () => {
  it("waitlists a yes when full, in the order answers came, and gives a freed place to the first at once, by mail", async () => {
    const { chapter, event, dates } = await weeklyMeetup(2);
    const [a, b, c, d] = [await buildUser(), await buildUser(), await buildUser(), await buildUser()];
    expect((await answerAs(a, event.slug, dates[0], "yes")).body).toEqual({ status: "going", going: 1 });
    expect((await answerAs(b, event.slug, dates[0], "yes")).body).toEqual({ status: "going", going: 2 });
    expect((await answerAs(c, event.slug, dates[0], "yes")).body).toEqual({ status: "waitlisted", going: 2 });
    expect((await answerAs(d, event.slug, dates[0], "yes")).body).toEqual({ status: "waitlisted", going: 2 });
    // Saying yes again keeps one's place in the line.
    expect((await answerAs(c, event.slug, dates[0], "yes")).body).toEqual({ status: "waitlisted", going: 2 });
    expect(await countsOf(chapter, event.id, dates[0])).toEqual({ going: 2, capacity: 2, waitlisted: 2 });

    t.mail.sent.length = 0;
    expect((await answerAs(a, event.slug, dates[0], "no")).body).toEqual({ status: "not_going", going: 2 });
    const rows = await Rsvp.query().where({ chapterEventId: event.id, date: dates[0] });
    const statusOf = (u: User) => rows.find((r) => r.userId === u.id)!.status;
    expect([a, b, c, d].map(statusOf)).toEqual(["not_going", "going", "going", "waitlisted"]);
    const [opened] = mailsTo(c.email);
    expect(opened.subject).toMatch(/^A place opened: The Scoot Inn on /);
    expect(opened.attachments?.[0].contentType).toMatch(/^text\/calendar/);
    expect(mailsTo(d.email)).toHaveLength(0);
    expect(await countsOf(chapter, event.id, dates[0])).toEqual({ going: 2, capacity: 2, waitlisted: 1 });
  });

  it("raising the capacity in the event form gives the new places to the waitlist", async () => {
    const { chapter, event, dates } = await weeklyMeetup(1);
    const [a, b] = [await buildUser(), await buildUser()];
    await answerAs(a, event.slug, dates[0], "yes");
    expect((await answerAs(b, event.slug, dates[0], "yes")).body.status).toBe("waitlisted");
    const host = (await buildPersonas(chapter)).host;
    const form = { ...(await t.request("GET", `/api/chapter_event/slug/${event.slug}`)).body, slug: event.slug, chapterId: chapter.id };
    for (const capacity of [0, -3, 2.5, "ten"]) {
      const res = await t.request("POST", "/api/chapter_event", { as: host, body: { ...form, capacity } });
      expect(res.status, String(capacity)).toBe(400);
      expect(res.body).toMatchObject({ error: CAPACITY_MESSAGE, field: "capacity" });
    }
    const saved = await t.request("POST", "/api/chapter_event", { as: host, body: { ...form, capacity: "3" } });
    expect(saved.status).toBe(200);
    expect(saved.body.capacity).toBe(3);
    expect(await countsOf(chapter, event.id, dates[0])).toEqual({ going: 2, capacity: 3, waitlisted: 0 });
    // Left out, the capacity stays; null takes the limit away.
    expect((await t.request("POST", "/api/chapter_event", { as: host, body: { ...form, capacity: undefined } })).body.capacity).toBe(3);
    expect((await t.request("POST", "/api/chapter_event", { as: host, body: { ...form, capacity: null } })).body.capacity).toBeNull();
    expect(await countsOf(chapter, event.id, dates[0])).toEqual({ going: 2, capacity: undefined, waitlisted: undefined });
  });

  it("never gives the last place twice when answers arrive at the same instant", async () => {
    const { event, dates } = await weeklyMeetup(3);
    const people = await Promise.all(Array.from({ length: 12 }, () => buildUser()));
    const tokens = await Promise.all(people.map((p) => t.tokenFor(p)));
    const answers = await Promise.all(
      tokens.map((token) =>
        t.request("POST", "/api/rsvp", { headers: { authorization: `Bearer ${token}` }, body: { slug: event.slug, date: dates[0], answer: "yes" } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(people.map(() => 200));
    const rows = await Rsvp.query().where({ chapterEventId: event.id, date: dates[0] });
    expect(rows.filter((r) => r.status === "going")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "waitlisted")).toHaveLength(9);
    expect(answers.filter((r) => r.body.status === "going")).toHaveLength(3);
  });
});

describe("GET /api/rsvp/{eventSlug}/{date}", () => {
  it("names who answered to the chapter's hosts, field organizers and admins only", async () => {
    const { chapter, event, dates } = await weeklyMeetup(1);
    const personas = await buildPersonas(chapter);
    const [a, b, c] = [await buildUser({ name: "Ann" }), await buildUser({ name: "Bob" }), await buildUser({ name: "Cy" })];
    await answerAs(a, event.slug, dates[0], "yes");
    await answerAs(b, event.slug, dates[0], "yes");
    await answerAs(c, event.slug, dates[0], "no");
    await expectAccess(t, personas, { method: "GET", path: `/api/rsvp/${event.slug}/${dates[0]}` }, WHO.hostAccess);
    const res = await t.request<RsvpList>("GET", `/api/rsvp/${event.slug}/${dates[0]}`, { as: personas.host });
    expect(res.body).toEqual({
      going: [{ name: "Ann", email: a.email.toLowerCase() }],
      waitlisted: [{ name: "Bob", email: b.email.toLowerCase() }],
      notGoing: [{ name: "Cy", email: c.email.toLowerCase() }],
    });
    const bad = await t.request("GET", `/api/rsvp/${event.slug}/someday`, { as: personas.host });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("date must be a real date in the form YYYY-MM-DD");
    const csv = await t.request("GET", `/api/rsvp/${event.slug}/${dates[0]}/export.csv`, { as: personas.fieldOrganizer });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text).toBe(
      `"Name","Email","Answer"\r\n"Ann","${a.email.toLowerCase()}","going"\r\n"Bob","${b.email.toLowerCase()}","waitlisted"\r\n"Cy","${c.email.toLowerCase()}","not going"\r\n`,
    );
    await expectAccess(t, personas, { method: "GET", path: `/api/rsvp/${event.slug}/${dates[0]}/export.csv` }, WHO.hostAccess);
    // The public answer has counts only.
    expect(JSON.stringify((await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body)).not.toContain(a.email.toLowerCase());
  });
});

describe("people own their answers", () => {
  it("my_data lists them (given signed in or by address); deleting the account removes them", async () => {
    const { event, dates } = await weeklyMeetup();
    const user = await buildUser({ name: "Owen Own" });
    await answerAs(user, event.slug, dates[0], "yes");
    await Rsvp.query().insert({
      chapterEventId: event.id,
      date: dates[1],
      email: user.email.toLowerCase(),
      name: "Owen",
      userId: null,
      answer: "no",
      status: "not_going",
      answeredAt: new Date().toISOString(),
      attended: false,
    });
    const data = await t.request("GET", "/api/auth/my_data", { as: user });
    expect(data.status).toBe(200);
    const mine = JSON.parse(data.text).rsvps;
    expect(mine).toHaveLength(2);
    expect(mine.map((r: { date: string; status: string }) => `${r.date} ${r.status}`).sort()).toEqual([`${dates[0]} going`, `${dates[1]} not_going`]);
    expect(mine[0]).toMatchObject({ event: "The Scoot Inn", chapter: { id: event.chapterId } });
    const deleted = await t.request("POST", "/api/auth/delete_account", { as: user, body: { password: TEST_PASSWORD, leaveLists: false } });
    expect(deleted.status).toBe(200);
    expect(await Rsvp.query().where({ email: user.email.toLowerCase() }).resultSize()).toBe(0);
  });
});
