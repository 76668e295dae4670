import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { DateTime } from "luxon";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildHost, buildPersonas } from "../test/factories";
import { expectAccess, WHO } from "../test/access";
import { ActivityFeedItem, ChapterBlogPost, ChapterEvent, ListMessage, MailingListContact } from "../models";
import type { Chapter } from "../models/Chapter";
import { isUpcoming, occurrencesBetween } from "../schedule/engine";
import { scheduleOf } from "../presenters/schedule";
import { icalProblems } from "../calendar/structure";
import { meetupHoursFromNow } from "../test/meetupTimes";
import { ALREADY_PAST, NOT_AN_OCCURRENCE, NOT_REPEATING, NO_LIST_TO_EMAIL, TOO_FAR_AHEAD } from "../commands/cancelledDates";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const ZONE = "America/New_York";

/**
 * A chapter with a "2nd and 4th Tuesday" event and its next meetups (from the engine), upcoming as the
 * app counts them: until they end (so a meetup that began minutes ago is still the next one).
 */
async function secondAndFourthTuesday(overrides: Partial<Chapter> = {}) {
  const chapter = await buildChapter({ timeZone: ZONE, state: "ny", sendInBlueListId: `list-${Math.random().toString(36).slice(2)}`, ...overrides });
  const event = await buildEvent(chapter, { dayOfWeekIndex: 2, weeksOfMonthIndexes: "2,4", startTime: "19:00", endTime: "21:00" });
  // From yesterday: a meetup of last night is still upcoming until it ends.
  const now = DateTime.now().setZone(ZONE);
  const dates = occurrencesBetween(scheduleOf(event, ZONE), now.minus({ days: 1 }).toISODate()!, now.plus({ days: 120 }).toISODate()!)
    .filter((o) => isUpcoming(o, new Date()))
    .map((o) => o.date);
  return { chapter, event, dates, today: now.toISODate()!, host: await buildHost(chapter) };
}

/** An active member on the chapter's list, so a list email has someone to go to. */
const addMember = (chapter: Chapter) =>
  MailingListContact.query().insert({
    chapterId: chapter.id,
    email: "fan@example.org",
    status: "active",
    numSends: 0,
    numOpens: 0,
    numClicks: 0,
    unsubscribeToken: `tok-${chapter.id}`,
    deletedAt: null,
  });

/** The first 2nd Tuesday among upcoming dates. */
const secondTuesdayOf = (dates: string[]) => dates.find((d) => Math.ceil(Number(d.slice(8)) / 7) === 2)!;

/** Dates (YYYY-MM-DD, local) a feed yields for an event, expanded by ical.js over a window. */
function feedDates(text: string, eventId: number, to: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown as any[]);
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const out: string[] = [];
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(vevent);
    if (!event.uid.startsWith(`event-${eventId}@`) && !event.uid.startsWith(`event-${eventId}-`)) continue;
    const iterator = event.iterator();
    for (let next = iterator.next(), guard = 0; next && guard < 500; next = iterator.next(), guard++) {
      const date = `${next.year}-${String(next.month).padStart(2, "0")}-${String(next.day).padStart(2, "0")}`;
      if (date > to) break;
      const details = event.getOccurrenceDetails(next);
      if (details.item.component.getFirstPropertyValue("status") !== "CANCELLED") out.push(date);
    }
  }
  return out.sort();
}

describe("POST /api/chapter_event/cancel", () => {
  it("leaves the date out of nextDates, lists it in cancelledDates, bumps SEQUENCE and records the activity", async () => {
    const { chapter, event, dates, host } = await secondAndFourthTuesday();
    const second = secondTuesdayOf(dates);
    const res = await t.request("POST", "/api/chapter_event/cancel", {
      as: host,
      body: { slug: event.slug, date: second, note: "Bar closed for a private party", emailList: false },
    });
    expect(res.status).toBe(200);
    // With when the meetup would have met (the chapter page's JSON-LD marks it EventCancelled).
    const wouldHaveMet = { start: expect.stringMatching(new RegExp(`^${second}T`)), end: expect.stringMatching(new RegExp(`^${second}T`)) };
    expect(res.body.cancelledDates).toEqual([{ date: second, note: "Bar closed for a private party", ...wouldHaveMet }]);
    expect(res.body.nextDates.map((d: { date: string }) => d.date)).not.toContain(second);
    expect(res.body.nextDates.map((d: { date: string }) => d.date)).toEqual(dates.filter((d) => d !== second).slice(0, res.body.nextDates.length));
    expect((await ChapterEvent.query().findById(event.id))!.sequence).toBe(event.sequence + 1);
    expect(await ActivityFeedItem.query().where({ chapterId: chapter.id }).where("title", "like", "Meetup cancelled:%").resultSize()).toBe(1);

    // The chapter answer (what the chapter page, the state page and the map read) agrees.
    const page = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    const shown = page.body.chapterEvents.find((e: { id: number }) => e.id === event.id);
    expect(shown.cancelledDates).toEqual([{ date: second, note: "Bar closed for a private party", ...wouldHaveMet }]);
    expect(shown.nextDates.map((d: { date: string }) => d.date)).not.toContain(second);
    const state = await t.request("GET", "/api/chapters/state/ny");
    const onState = state.body.flatMap((c: { chapterEvents: { id: number }[] }) => c.chapterEvents).find((e: { id: number }) => e.id === event.id);
    expect(onState.nextDates[0].date).toBe(dates.find((d) => d !== second));
  });

  it("the next meetup after a cancelled one is the next real one", async () => {
    const { event, dates, host } = await secondAndFourthTuesday();
    const res = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: dates[0], note: "", emailList: false } });
    expect(res.status).toBe(200);
    expect(res.body.nextDates[0].date).toBe(dates[1]);
  });

  it("the chapter's calendar feed expanded by ical.js no longer yields the cancelled date", async () => {
    const { chapter, event, dates: upcoming, today, host } = await secondAndFourthTuesday();
    // The feed starts on the day the event was created (today), so last night's meetup is not in it.
    const dates = upcoming.filter((d) => d >= today);
    const second = secondTuesdayOf(dates);
    const last = dates[dates.length - 1];
    const before = await t.request("GET", `/api/chapter_calendar/${chapter.slug}/events.ics`);
    expect(feedDates(before.text, event.id, last).filter((d) => d >= dates[0])).toEqual(dates);
    await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: second, note: "", emailList: false } });
    const after = await t.request("GET", `/api/chapter_calendar/${chapter.slug}/events.ics`);
    expect(after.status).toBe(200);
    expect(icalProblems(after.text)).toEqual([]);
    expect(after.text).toContain(`EXDATE;TZID=${ZONE}:${second.replace(/-/g, "")}T190000`);
    expect(feedDates(after.text, event.id, last).filter((d) => d >= dates[0])).toEqual(dates.filter((d) => d !== second));
  });

  it("with emailList, the notice goes to the list once as a list email (a second cancel of the same date only edits the note)", async () => {
    const { chapter, event, dates, host } = await secondAndFourthTuesday();
    await addMember(chapter);
    const body = { slug: event.slug, date: dates[0], note: "Snowed in", emailList: true };
    expect((await t.request("POST", "/api/chapter_event/cancel", { as: host, body })).status).toBe(200);
    expect((await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { ...body, note: "Snowed in; see you next time" } })).status).toBe(200);
    const messages = await ListMessage.query().where({ chapterId: chapter.id });
    expect(messages).toHaveLength(1);
    expect(messages[0].title).toMatch(/^Cancelled: /);
    expect(messages[0].body).toContain("Snowed in");
    expect(messages[0].body).toContain(`Our next meetup:`);
    t.mail.sent.length = 0;
    await t.services.jobs.runDueJobs();
    const delivered = t.mail.sent.filter((m) => m.to === "fan@example.org");
    expect(delivered).toHaveLength(1);
    expect(delivered[0].subject).toBe(messages[0].title);
    const saved = await ChapterEvent.query().findById(event.id);
    // The post that announced it is remembered, to be withdrawn if the meetup is put back on.
    expect(saved!.cancelledDates).toEqual([{ date: dates[0], note: "Snowed in; see you next time", postId: messages[0].chapterBlogPostId }]);
  });

  it("offers any meetup up to 90 days ahead, not only the next ones, and refuses one further ahead", async () => {
    const { event, dates, host } = await secondAndFourthTuesday();
    const limit = DateTime.now().plus({ days: 90 }).toISODate()!;
    const farthest = dates.filter((d) => d <= DateTime.now().plus({ days: 88 }).toISODate()!).at(-1)!;
    expect(dates.indexOf(farthest)).toBeGreaterThan(3);
    const ok = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: farthest, note: "", emailList: false } });
    expect(ok.status).toBe(200);
    expect(ok.body.cancelledDates.map((c: { date: string }) => c.date)).toEqual([farthest]);
    const beyond = dates.find((d) => d > limit)!;
    const refused = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: beyond, note: "", emailList: false } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(TOO_FAR_AHEAD);
  });

  it("answers 400 for a date the event does not meet on", async () => {
    const { event, dates, host } = await secondAndFourthTuesday();
    const date = DateTime.fromISO(dates[0]).plus({ days: 1 }).toISODate()!;
    const res = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date, note: "", emailList: false } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("date");
    expect(res.body.error).toBe(NOT_AN_OCCURRENCE);
  });

  it("answers 400 for a past 2nd Tuesday with the exact message", async () => {
    const { event, host } = await secondAndFourthTuesday();
    const res = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: "2025-01-14", note: "", emailList: false } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ALREADY_PAST);
  });

  it("answers 400 for a meetup that ended an hour ago, though it started less than 12 hours ago", async () => {
    const chapter = await buildChapter({ timeZone: ZONE, state: "ny" });
    const ended = meetupHoursFromNow(ZONE, -3, -1);
    const event = await buildEvent(chapter, ended.weekly);
    const res = await t.request("POST", "/api/chapter_event/cancel", { as: await buildHost(chapter), body: { slug: event.slug, date: ended.date, note: "" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ALREADY_PAST);
  });

  it("answers 400 for a bad date, a single-date event and an email to a chapter without a list", async () => {
    const { chapter, event, dates, host } = await secondAndFourthTuesday();
    const bad = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: "2026-02-30", note: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("date must be a real date in the form YYYY-MM-DD");
    const single = await buildEvent(chapter, { isSingleDate: true, singleDate: dates[0], dayOfWeekIndex: null, weeksOfMonthIndexes: "" });
    const one = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: single.slug, date: dates[0], note: "" } });
    expect(one.status).toBe(400);
    expect(one.body.error).toBe(NOT_REPEATING);
    const noList = await secondAndFourthTuesday({ sendInBlueListId: "" });
    const email = await t.request("POST", "/api/chapter_event/cancel", {
      as: noList.host,
      body: { slug: noList.event.slug, date: noList.dates[0], note: "", emailList: true },
    });
    expect(email.status).toBe(400);
    expect(email.body.error).toBe(NO_LIST_TO_EMAIL);
    expect((await ChapterEvent.query().findById(noList.event.id))!.cancelledDates).toEqual([]);
  });

  it("answers 404 for an unknown event", async () => {
    const { host } = await secondAndFourthTuesday();
    const res = await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: "no_such_event", date: "2030-01-08", note: "" } });
    expect(res.status).toBe(404);
  });

  it("needs host access to the event's chapter (401 / 403)", async () => {
    const { chapter, event, dates } = await secondAndFourthTuesday();
    const personas = await buildPersonas(chapter);
    await expectAccess(
      t,
      personas,
      { method: "POST", path: "/api/chapter_event/cancel", body: { slug: event.slug, date: dates[0], note: "", emailList: false } },
      WHO.hostAccess,
    );
    await expectAccess(t, personas, { method: "POST", path: "/api/chapter_event/uncancel", body: { slug: event.slug, date: dates[0] } }, WHO.hostAccess);
  });
});

describe("POST /api/chapter_event/uncancel", () => {
  it("puts the meetup back in nextDates and the feed", async () => {
    const { chapter, event, dates, host } = await secondAndFourthTuesday();
    await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: dates[0], note: "", emailList: false } });
    const res = await t.request("POST", "/api/chapter_event/uncancel", { as: host, body: { slug: event.slug, date: dates[0] } });
    expect(res.status).toBe(200);
    expect(res.body.cancelledDates).toEqual([]);
    expect(res.body.nextDates[0].date).toBe(dates[0]);
    const feed = await t.request("GET", `/api/chapter_calendar/${chapter.slug}/events.ics`);
    expect(feed.text).not.toContain("EXDATE");
    expect(await ActivityFeedItem.query().where({ chapterId: chapter.id }).where("title", "like", "Meetup back on:%").resultSize()).toBe(1);
  });

  it("withdraws the chapter post that announced the cancellation, and with emailList tells the list it is back on", async () => {
    const { chapter, event, dates, host } = await secondAndFourthTuesday();
    await addMember(chapter);
    await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: dates[0], note: "Snowed in", emailList: true } });
    const postTitles = async () => ((await t.request("GET", `/api/chapter_blog_post/public/${chapter.id}/0`)).body as { title: string }[]).map((p) => p.title);
    expect((await postTitles()).filter((title) => title.startsWith("Cancelled: "))).toHaveLength(1);

    const res = await t.request("POST", "/api/chapter_event/uncancel", { as: host, body: { slug: event.slug, date: dates[0], emailList: true } });
    expect(res.status).toBe(200);
    expect(res.body.nextDates[0].date).toBe(dates[0]);
    // The page lists the date again and no post says it is cancelled; the list hears it is back on.
    const titles = await postTitles();
    expect(titles.filter((title) => title.startsWith("Cancelled: "))).toEqual([]);
    expect(titles.filter((title) => title.startsWith("Back on: "))).toHaveLength(1);
    const messages = await ListMessage.query().where({ chapterId: chapter.id }).orderBy("id");
    expect(messages.map((m) => m.title.split(":")[0])).toEqual(["Cancelled", "Back on"]);
    expect(messages[1].body).toContain("is on after all");
  });

  it("without emailList, withdraws the cancellation's post and sends nothing", async () => {
    const { chapter, event, dates, host } = await secondAndFourthTuesday();
    await t.request("POST", "/api/chapter_event/cancel", { as: host, body: { slug: event.slug, date: dates[0], note: "", emailList: true } });
    await t.request("POST", "/api/chapter_event/uncancel", { as: host, body: { slug: event.slug, date: dates[0] } });
    expect(await ChapterBlogPost.query().where({ chapterId: chapter.id }).resultSize()).toBe(0);
    expect(await ListMessage.query().where({ chapterId: chapter.id }).resultSize()).toBe(1);
  });

  it("answers 400 for a date that is not a meetup", async () => {
    const { event, dates, host } = await secondAndFourthTuesday();
    const res = await t.request("POST", "/api/chapter_event/uncancel", {
      as: host,
      body: { slug: event.slug, date: DateTime.fromISO(dates[0]).plus({ days: 2 }).toISODate() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(NOT_AN_OCCURRENCE);
  });
});
