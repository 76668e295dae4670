import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildFieldOrganizer } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import type { Chapter } from "../models/Chapter";
import type { ChapterStats, StatsMonth } from "../contracts/chapterStats";

const ZONE = "America/Los_Angeles";
let t: TestApp;
let chapter: Chapter;
let p: Personas;
/** Another chapter in the same state, with one member: in the admin's network, not in the field organizer's. */
let neighbour: Chapter;

beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas({ timeZone: ZONE, state: "ak" }));
  neighbour = await buildChapter({ timeZone: "America/Anchorage", state: "ak" });
}, 120_000);
afterAll(async () => t.close());

/** Where month i of the twelve shown starts (0 the oldest, 11 the current one), in `zone`. */
const monthStart = (i: number, zone = ZONE) =>
  DateTime.now()
    .setZone(zone)
    .startOf("month")
    .minus({ months: 11 - i });
const iso = (dt: DateTime) => dt.toUTC().toISO()!;
const utcMonth = (at: string) => DateTime.fromISO(at, { zone: "UTC" }).toFormat("yyyy-MM");
const LONG_AGO = iso(DateTime.now().minus({ years: 2 }));

/** A list member of `chapterId` as the database holds it (the member counts follow by trigger). */
async function addContact(chapterId: number, createdAt: string, status = "active") {
  const [row] = await t.services
    .knex("mailing_list_contacts")
    .insert({
      chapterId,
      email: `m${crypto.randomUUID()}@example.test`,
      status,
      unsubscribeToken: crypto.randomBytes(16).toString("hex"),
      createdAt,
      updatedAt: createdAt,
    })
    .returning("id");
  return Number(typeof row === "object" ? row.id : row);
}

/** Takes a member off the list (the database records when), then dates their leaving at `leftAt`. */
async function leave(id: number, leftAt: string) {
  await t.services.knex("mailing_list_contacts").where({ id }).update({ status: "unsub" });
  await t.services.knex("mailing_list_contacts").where({ id }).update({ leftAt });
}

async function addListEmail(chapterId: number, createdAt: string, status: string) {
  await t.services.knex("list_messages").insert({ chapterId, title: "News", body: "<p>Hi</p>", status, createdAt, updatedAt: createdAt });
}

/** The first Tuesday of month i, where the chapter's "first Tuesday" event meets. */
const firstTuesday = (i: number) => {
  let d = monthStart(i);
  while (d.weekday !== 2) d = d.plus({ days: 1 });
  return d;
};

/** An event of the chapter that meets on the first Tuesday of every month at 7pm. */
const firstTuesdays = (overrides: Parameters<typeof buildEvent>[1]) =>
  buildEvent(chapter, {
    isSingleDate: false,
    singleDate: null,
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: "1",
    startTime: "19:00",
    endTime: "21:00",
    ...overrides,
  });

const column = (stats: ChapterStats, field: keyof Omit<StatsMonth, "month">) => stats.months.map((m) => m[field]);
/** An answer: the stats, or the error shape. */
type Answer = ChapterStats & { error?: string; errorId?: string };
const get = (path: string, as: Personas[keyof Personas] | null = p.admin) => t.request<Answer>("GET", path, { as: as as { id: number } | null });

describe("who may read the stats", () => {
  it("a chapter's: its hosts, field organizers and admins; 404 for an unknown chapter, 400 for a bad id", async () => {
    await expectAccess(t, p, { method: "GET", path: `/api/chapter_stats/chapter/${chapter.id}` }, WHO.hostAccess);
    const unknown = await get("/api/chapter_stats/chapter/999999");
    expect([unknown.status, unknown.body.errorId]).toEqual([404, "not_found"]);
    const bad = await get("/api/chapter_stats/chapter/abc");
    expect([bad.status, bad.body.error]).toEqual([400, "id must be a positive whole number"]);
  });

  it("the network's: admins and field organizers; a state must be a two-letter abbreviation", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/chapter_stats/network" }, WHO.fieldOrganizerAccess);
    for (const state of ["zz", "int", "texas", "1"]) {
      const res = await get(`/api/chapter_stats/network?state=${state}`);
      expect([res.status, res.body.error], state).toEqual([400, "state must be a two-letter state abbreviation"]);
    }
    expect((await get("/api/chapter_stats/network?state=AK")).status).toBe(200);
  });
});

describe("the months", () => {
  // Crafted around the chapter's month starts (Los Angeles), which fall 7 or 8 hours into the UTC day.
  const a = () => iso(monthStart(8).minus({ hours: 1 })); // joined late on the last day of month 7, local time
  const b = () => iso(monthStart(8).plus({ hours: 1 })); // joined in month 8 ...
  const bLeft = () => iso(monthStart(10).minus({ minutes: 30 })); // ... and left at the end of month 9
  let contactA = 0;
  let tuesdays: Awaited<ReturnType<typeof firstTuesdays>>;

  beforeAll(async () => {
    contactA = await addContact(chapter.id, a());
    const contactB = await addContact(chapter.id, b());
    await leave(contactB, bLeft());
    await addContact(chapter.id, LONG_AGO); // a member all year
    const contactD = await addContact(chapter.id, LONG_AGO);
    await leave(contactD, iso(monthStart(5).plus({ days: 1 })));
    const contactE = await addContact(chapter.id, LONG_AGO);
    await leave(contactE, LONG_AGO);
    await addContact(chapter.id, iso(monthStart(9).plus({ days: 3 })), "unconfirmed"); // never confirmed: never a member
    await addContact(chapter.id, iso(monthStart(10).plus({ days: 2 })));
    await addContact(neighbour.id, LONG_AGO);

    await addListEmail(chapter.id, a(), "sent");
    await addListEmail(chapter.id, iso(monthStart(8).plus({ days: 2 })), "failed");
    await addListEmail(chapter.id, iso(monthStart(11)), "queued");

    // Meets on the first Tuesday of every month at 7pm: month 3's was cancelled (and had been confirmed), 4's and 6's confirmed.
    tuesdays = await firstTuesdays({
      createdAt: LONG_AGO,
      cancelledDates: [{ date: firstTuesday(3).toISODate()!, note: "Venue closed" }],
      confirmedDates: [3, 4, 6].map((i) => ({ date: firstTuesday(i).toISODate()!, at: LONG_AGO })),
    });
    // A one-off meetup on the 15th of month 9.
    await buildEvent(chapter, {
      isSingleDate: true,
      singleDate: monthStart(9).plus({ days: 14 }).toISODate()!,
      dayOfWeekIndex: null,
      startTime: "18:00",
      endTime: "20:00",
      createdAt: LONG_AGO,
    });
    // Created after the first Tuesday of month 10: its first meetup is month 11's.
    await firstTuesdays({ createdAt: iso(monthStart(10).plus({ days: 10 })) });
  });

  it("are twelve, oldest first, ending with the current month in the chapter's zone", async () => {
    const res = await get(`/api/chapter_stats/chapter/${chapter.id}`, p.host);
    expect(res.status).toBe(200);
    expect(res.body.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthStart(i).toFormat("yyyy-MM")));
    expect(Object.keys(res.body)).toEqual(["months"]);
    expect(Object.keys(res.body.months[0]).sort()).toEqual([
      "attended",
      "emailsSent",
      "joined",
      "left",
      "meetupsCancelled",
      "meetupsConfirmed",
      "meetupsHeld",
      "members",
      "month",
      "rsvps",
    ]);
  });

  it("count members, joins and departures by the chapter's month boundaries", async () => {
    const stats = (await get(`/api/chapter_stats/chapter/${chapter.id}`)).body;
    expect(column(stats, "joined")).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0]);
    expect(column(stats, "left")).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0]);
    expect(column(stats, "members")).toEqual([2, 2, 2, 2, 2, 1, 1, 2, 3, 2, 3, 3]);
    expect(column(stats, "emailsSent")).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it("count meetups held, cancelled and confirmed from the schedules", async () => {
    const stats = (await get(`/api/chapter_stats/chapter/${chapter.id}`)).body;
    const thisMonthsStarted = firstTuesday(11).set({ hour: 19 }) <= DateTime.now() ? 1 : 0;
    expect(column(stats, "meetupsHeld")).toEqual([1, 1, 1, 0, 1, 1, 1, 1, 1, 2, 1, 2 * thisMonthsStarted]);
    expect(column(stats, "meetupsCancelled")).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(column(stats, "meetupsConfirmed")).toEqual([0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0]);
  });

  it("count yes answers and who came by the month of the meetup's date, and follow attendance when it is recorded", async () => {
    const knex = t.services.knex;
    const answer = (i: number, email: string, answer: "yes" | "no", status: string, attended = false) => ({
      chapterEventId: tuesdays.id,
      date: firstTuesday(i).toISODate()!,
      email,
      name: "",
      answer,
      status,
      answeredAt: LONG_AGO,
      attended,
      createdAt: LONG_AGO,
      updatedAt: LONG_AGO,
    });
    await knex("rsvps").insert([
      answer(4, "ann@example.org", "yes", "going"),
      answer(4, "bo@example.org", "yes", "going"),
      answer(4, "cy@example.org", "yes", "waitlisted"),
      answer(4, "di@example.org", "no", "not_going"),
      answer(6, "ann@example.org", "yes", "going", true),
      answer(6, "ed@example.org", "no", "not_going", true),
    ]);
    const path = `/api/chapter_stats/chapter/${chapter.id}`;
    const before = (await get(path)).body;
    expect(column(before, "rsvps")).toEqual([0, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0, 0]);
    expect(column(before, "attended")).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);

    const body = { slug: tuesdays.slug, date: firstTuesday(4).toISODate()!, emails: ["ann@example.org", "bo@example.org"] };
    expect((await t.request("POST", "/api/rsvp/attended", { as: p.host, body })).status).toBe(200);
    const after = (await get(path)).body;
    expect(column(after, "attended")).toEqual([0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0]);
    expect(column(after, "rsvps")).toEqual(column(before, "rsvps"));

    const network = (await get("/api/chapter_stats/network?state=ak")).body;
    expect(network.months.reduce((n, m) => n + m.rsvps, 0)).toBe(4);
    expect(network.months.reduce((n, m) => n + m.attended, 0)).toBe(3);
  });

  it("record when a member leaves, and forget it when they come back", async () => {
    const knex = t.services.knex;
    await knex("mailing_list_contacts").where({ id: contactA }).update({ status: "unsub" });
    const left = await knex("mailing_list_contacts").where({ id: contactA }).first();
    expect(Math.abs(Date.parse(new Date(left.leftAt).toISOString()) - Date.now())).toBeLessThan(60_000);
    const stats = (await get(`/api/chapter_stats/chapter/${chapter.id}`)).body;
    expect(stats.months[11]).toMatchObject({ left: 1, members: 2 });
    await knex("mailing_list_contacts").where({ id: contactA }).update({ status: "active" });
    expect((await knex("mailing_list_contacts").where({ id: contactA }).first()).leftAt).toBeNull();
    expect((await get(`/api/chapter_stats/chapter/${chapter.id}`)).body.months[11]).toMatchObject({ left: 0, members: 3 });
  });

  it("sum the network's chapters by UTC months, of one state, and a field organizer's own chapters only", async () => {
    const all = (await get("/api/chapter_stats/network?state=ak")).body;
    expect(all.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthStart(i, "UTC").toFormat("yyyy-MM")));
    // Both late-evening joins fall in the same UTC month, which the chapter splits in two.
    expect(utcMonth(a())).toBe(utcMonth(b()));
    expect(all.months.find((m) => m.month === utcMonth(a()))!.joined).toBe(2);
    expect(all.months[11].members).toBe(4);
    expect(all.months.reduce((n, m) => n + m.meetupsCancelled, 0)).toBe(1);

    const mine = (await get("/api/chapter_stats/network?state=ak", p.fieldOrganizer)).body;
    expect(mine.months[11].members).toBe(3);
    expect(mine.months.map((m) => m.members - 1)).toEqual(all.months.map((m) => m.members - 2));

    const elsewhere = (await get("/api/chapter_stats/network?state=ny")).body;
    expect(elsewhere.months).toHaveLength(12);
    expect(elsewhere.months.every((m) => Object.values(m).every((v) => typeof v === "string" || v === 0))).toBe(true);

    const otherOrganizer = await buildFieldOrganizer(neighbour);
    expect((await get("/api/chapter_stats/network", otherOrganizer)).body.months[11].members).toBe(1);
  });

  it("are kept with an ETag, and built again after a write", async () => {
    const path = `/api/chapter_stats/chapter/${chapter.id}`;
    const first = await get(path);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await t.request("GET", path, { as: p.admin, headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    await addContact(chapter.id, new Date().toISOString());
    const after = await get(path);
    expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(after.body.months[11].joined).toBe(first.body.months[11].joined + 1);
  });
});
