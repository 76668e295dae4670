import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildPersonas } from "../test/factories";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, AdminEvent, Chapter } from "../models";
import type { ChapterHealthRow, ChapterHealthPage } from "../contracts/chapterHealth";
import type { ChapterPinList } from "../contracts/chapter";
import { ensureDailyHealthJob } from "../health/sweep";

const DAY = 86_400_000;
const AT_RISK_TITLE = "Quiet Town has not emailed its list for 6 weeks: at risk";

let t: TestApp;
let p: Personas;
let chapter: Chapter;
let base: number;
let now: Date;
const at = (days: number, hours = 0) => (now = new Date(base + days * DAY + hours * 3600_000));

async function addMembers(c: Chapter, n: number, createdAt: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    chapterId: c.id,
    email: `m${i}-${c.id}@example.test`,
    status: "active",
    unsubscribeToken: crypto.randomBytes(16).toString("hex"),
    createdAt,
    updatedAt: createdAt,
  }));
  await t.services.knex("mailingListContacts").insert(rows);
}
const runDaily = () => t.services.jobs.runDueJobs();
const rowOf = async (c: Chapter, as = p.admin) =>
  (await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health", { as })).body.find((r) => r.chapterId === c.id)!;
const items = (c: Chapter) => ActivityFeedItem.query().where({ chapterId: c.id, type: "chapter_health" }).orderBy("id");
const hostMails = () => t.mail.sent.filter((m) => m.to === p.host.email);
const onMap = async (c: Chapter) => {
  const [active, pins] = await Promise.all([
    t.request<{ id: number }[]>("GET", "/api/chapters/active"),
    t.request<ChapterPinList>("GET", "/api/chapters/pins"),
  ]);
  const inActive = active.body.some((x) => x.id === c.id);
  const inPins = pins.body.pins.some((row) => row[0] === c.id);
  expect(inActive).toBe(inPins);
  return inActive;
};

beforeAll(async () => {
  t = await startTestApp();
  // Whole days from 15:00 UTC tomorrow, so the daily run (14:00 UTC) falls between the steps below, and rows the
  // app writes with the real time (a list email's post) are older than the test's clock.
  const today = new Date();
  base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 15);
  now = new Date(base);
  t.services.jobs.clock = () => now;
  chapter = await buildChapter({ title: "Quiet Town", city: "Quiet Town", createdAt: new Date(base - 10 * DAY).toISOString() });
  p = await buildPersonas(chapter);
  await Chapter.query()
    .findById(p.otherChapter.id)
    .patch({ createdAt: new Date(Date.UTC(2030, 0, 1)).toISOString() });
  await buildEvent(chapter);
  await addMembers(chapter, 3, new Date(base - 40 * DAY).toISOString());
  await t.services.knex("chapterBlogPosts").insert({
    chapterId: chapter.id,
    userId: p.host.id,
    title: "Hello",
    slug: "hello",
    body: "",
    createdAt: new Date(base).toISOString(),
    updatedAt: new Date(base).toISOString(),
  });
});
afterAll(async () => t.close());

describe("GET /api/chapter_health", () => {
  it("answers admins and field organizers; 401 anonymous, 403 everyone else", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/chapter_health" }, WHO.fieldOrganizerAccess);
    await expectAccess(t, p, { method: "GET", path: "/api/chapter_health/export.csv" }, WHO.fieldOrganizerAccess);
  });

  it("gives each chapter its health, last email, meetups, members and hosts; field organizers only their own", async () => {
    at(10);
    await addMembers(p.otherChapter, 2, new Date(base + 5 * DAY).toISOString());
    const all = (await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health", { as: p.admin })).body;
    expect(all.map((r) => r.chapterId).sort()).toEqual([chapter.id, p.otherChapter.id].sort());
    const row = all.find((r) => r.chapterId === chapter.id)!;
    expect(row).toMatchObject({
      slug: chapter.slug,
      state: "il",
      health: "active",
      lastEmailAt: new Date(base).toISOString(),
      members: 3,
      growth30d: 0,
      pinnedActive: false,
      hosts: ["Hal Host"],
      status: 1,
      countedFrom: new Date(base).toISOString(),
    });
    expect(Date.parse(row.nextMeetupAt!)).toBeGreaterThan(now.getTime());
    expect(Date.parse(row.lastMeetupAt!)).toBeLessThan(now.getTime());
    expect(all.find((r) => r.chapterId === p.otherChapter.id)).toMatchObject({ members: 2, growth30d: 2, lastEmailAt: null });
    const mine = (await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health", { as: p.fieldOrganizer })).body;
    expect(mine.map((r) => r.chapterId)).toEqual([chapter.id]);
  });

  it("answers the screens one page at a time: a state, a search and a column, with the counts of every chapter", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/chapter_health/summary" }, WHO.fieldOrganizerAccess);
    const summary = async (query: string, as = p.admin) => (await t.request<ChapterHealthPage>("GET", `/api/chapter_health/summary${query}`, { as })).body;
    const all = await summary("");
    expect(all).toMatchObject({ total: 2, matching: 2, page: 0, limit: 100, settings: { atRiskAfterDays: 42, dormantAfterDays: 56 } });
    expect(all.counts.active + all.counts.at_risk + all.counts.dormant).toBe(2);
    expect(Date.parse(all.at)).toBe(now.getTime());
    const byMembers = await summary("?sort=members&order=desc&limit=1");
    expect(byMembers.rows.map((r) => r.chapterId)).toEqual([chapter.id]);
    expect(byMembers).toMatchObject({ matching: 2, limit: 1 });
    expect((await summary("?sort=members&order=desc&limit=1&page=1")).rows.map((r) => r.chapterId)).toEqual([p.otherChapter.id]);
    expect((await summary(`?q=${encodeURIComponent("quiet")}`)).rows.map((r) => r.chapterId)).toEqual([chapter.id]);
    const dormant = await summary("?health=dormant");
    expect(dormant).toMatchObject({ total: 2, matching: 0, rows: [] });
    expect((await summary("", p.fieldOrganizer)).rows.map((r) => r.chapterId)).toEqual([chapter.id]);
    // Both chapters are in Illinois.
    expect((await summary("?state=IL")).rows.map((r) => r.chapterId).sort()).toEqual([chapter.id, p.otherChapter.id].sort());
    expect((await summary("?state=ny")).rows).toEqual([]);
    expect(all.byState).toEqual([{ state: "il", ...all.counts }]);
    for (const [query, message] of [
      ["?sort=hosts", "sort must be one of health, title, lastEmailAt, silence, lastMeetupAt, nextMeetupAt, lastConfirmedMeetup, members, growth30d"],
      ["?order=up", "order must be one of asc, desc"],
      ["?state=zz", "state must be a state abbreviation"],
      ["?health=sleepy", "health must be one of all, active, at_risk, dormant"],
      ["?limit=0", "limit must be a whole number from 1 to 300"],
      ["?page=-1", "page must be a whole number from 0 to 1000000"],
    ]) {
      const res = await t.request<{ error: string }>("GET", `/api/chapter_health/summary${query}`, { as: p.admin });
      expect([res.status, res.body.error], query).toEqual([400, message]);
    }
  });

  it("answers the rows a page at a time, with X-Total-Count and a Link to the next page", async () => {
    const whole = await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health", { as: p.admin });
    expect([whole.body.length, whole.headers.get("x-total-count"), whole.headers.get("link")]).toEqual([2, "2", null]);
    const first = await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health?sort=title&limit=1", { as: p.admin });
    expect(first.body).toHaveLength(1);
    expect(first.headers.get("x-total-count")).toBe("2");
    expect(first.headers.get("link")).toBe('</api/chapter_health?sort=title&limit=1&page=1>; rel="next"');
    const second = await t.request<ChapterHealthRow[]>("GET", "/api/chapter_health?sort=title&limit=1&page=1", { as: p.admin });
    expect([second.body.length, second.headers.get("link")]).toEqual([1, null]);
    expect([first.body[0].chapterId, second.body[0].chapterId].sort()).toEqual(whole.body.map((r) => r.chapterId).sort());
    const tooMany = await t.request<{ error: string }>("GET", "/api/chapter_health?limit=501", { as: p.admin });
    expect([tooMany.status, tooMany.body.error]).toEqual([400, "limit must be a whole number from 1 to 500"]);
  });

  it("exports the table as CSV", async () => {
    const res = await t.request("GET", "/api/chapter_health/export.csv", { as: p.admin });
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toContain('"Chapter","Slug","State","Health"');
    expect(lines.find((l) => l.includes(chapter.slug))).toContain('"Quiet Town","' + chapter.slug + '","IL","Healthy"');
  });
});

describe("the daily job, with the clock moved forward", () => {
  it("is at risk at 42 days: the hosts get one email and one activity item, however often the job runs", async () => {
    at(41);
    await ensureDailyHealthJob(t.services);
    await runDaily();
    expect(await items(chapter)).toHaveLength(0);
    expect((await rowOf(chapter)).health).toBe("active");

    at(42);
    await runDaily();
    expect((await rowOf(chapter)).health).toBe("at_risk");
    let feed = await items(chapter);
    expect(feed.map((i) => i.title)).toEqual([AT_RISK_TITLE]);
    // The date as people read it ("Oct 14, 2026"), in the chapter's zone: the network's feed shows it as it is.
    expect(feed[0].note).toMatch(/^No email to the list since [A-Z][a-z]{2} \d{1,2}, \d{4}\. A list email about the next meetup keeps it on the map\.$/);
    expect(feed[0].adminOnly).toBe(false);
    expect(hostMails()).toHaveLength(1);
    expect(hostMails()[0].text).toContain("has not emailed its list for 6 weeks");
    expect(t.mail.sent.filter((m) => m.to === p.fieldOrganizer.email || m.to === p.admin.email)).toHaveLength(0);

    // Another run the same day, and a duplicate daily job (as a second process might start): nothing twice.
    await ensureDailyHealthJob(t.services);
    await t.services.jobs.enqueue("health.daily", {});
    await runDaily();
    at(43);
    await runDaily();
    feed = await items(chapter);
    expect(feed).toHaveLength(1);
    expect(hostMails()).toHaveLength(1);
    expect(await onMap(chapter)).toBe(true);
    // The duplicate runs converge on one scheduled run a day.
    const pending = await t.services.knex("jobs").where({ type: "health.daily", status: "pending" });
    expect(pending).toHaveLength(1);
  });

  it("is dormant at 56 days: off the map and the state page, organizers and admins told once", async () => {
    at(55);
    await runDaily();
    expect(await onMap(chapter)).toBe(true);
    at(56);
    await runDaily();
    expect((await Chapter.query().findById(chapter.id))!.status).toBe(0);
    expect(await onMap(chapter)).toBe(false);
    // The state page lists it dimmed as the spec shows inactive chapters, without its meetups or pins.
    const state = await t.request<{ id: number; status: number; chapterEvents: unknown[] }[]>("GET", "/api/chapters/state/il");
    expect(state.body.find((c) => c.id === chapter.id)).toMatchObject({ status: 0, chapterEvents: [] });
    const feed = await items(chapter);
    expect(feed.map((i) => i.title)).toEqual([AT_RISK_TITLE, "Quiet Town is dormant and now hidden"]);
    expect(feed[1].note).toMatch(/^No email to the list for 8 weeks \(since [A-Z][a-z]{2} \d{1,2}, \d{4}\)\./);
    const events = await AdminEvent.query().where({ type: "chapter_dormant" });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ title: "Quiet Town is dormant and now hidden" });
    expect(await rowOf(chapter)).toMatchObject({ health: "dormant", status: 0, dormantByRule: true });

    at(57);
    await runDaily();
    expect(await items(chapter)).toHaveLength(2);
    expect(await AdminEvent.query().where({ type: "chapter_dormant" }).resultSize()).toBe(1);
    expect(hostMails()).toHaveLength(1);
    // The chapter still exists: hosts still reach it.
    expect((await t.request("GET", `/api/chapter/id/${chapter.id}`, { as: p.host })).status).toBe(200);
  });

  it("comes back with one list email from a host, with the reason in the feed", async () => {
    const res = await t.request("POST", "/api/mailing_list/send_message", {
      as: p.host,
      body: { listId: chapter.sendInBlueListId, title: "Back at the Tavern", body: "See you Tuesday" },
    });
    expect(res.status).toBe(202);
    expect((await Chapter.query().findById(chapter.id))!.status).toBe(1);
    expect(await onMap(chapter)).toBe(true);
    expect(await rowOf(chapter)).toMatchObject({ health: "active", status: 1, dormantByRule: false });
    const feed = await items(chapter);
    expect(feed.at(-1)).toMatchObject({
      title: "Quiet Town is active again and back on the map",
      note: "Hal Host emailed the chapter's list.",
      userId: p.host.id,
    });
    at(58);
    await runDaily();
    expect(await items(chapter)).toHaveLength(3);
  });

  it("a chapter an admin hid by hand does not come back by a list email", async () => {
    const hidden = await buildChapter({ status: 0 });
    const host = await (await import("../test/factories")).buildHost(hidden);
    const res = await t.request("POST", "/api/mailing_list/send_message", { as: host, body: { listId: hidden.sendInBlueListId, title: "Hi", body: "" } });
    expect(res.status).toBe(202);
    expect((await Chapter.query().findById(hidden.id))!.status).toBe(0);
  });
});

describe("pins and re-enabling", () => {
  it("an admin pins a chapter active with a note; it stays on the map whatever its silence", async () => {
    await expectAccess(
      t,
      p,
      { method: "POST", path: "/api/chapter_health/pin", body: { chapterId: p.otherChapter.id, pinned: true, note: "Summer break" } },
      WHO.admin,
    );
    const noNote = await t.request("POST", "/api/chapter_health/pin", { as: p.admin, body: { chapterId: chapter.id, pinned: true, note: " " } });
    expect([noNote.status, noNote.body.error]).toEqual([400, "A note is required to pin a chapter active"]);
    const res = await t.request("POST", "/api/chapter_health/pin", {
      as: p.admin,
      body: { chapterId: chapter.id, pinned: true, note: "Host on leave until spring" },
    });
    expect(res.status).toBe(200);
    at(200);
    await runDaily();
    expect(await rowOf(chapter)).toMatchObject({ health: "active", pinnedActive: true, pinNote: "Host on leave until spring", status: 1 });
    expect((await items(chapter)).at(-1)).toMatchObject({ title: "Quiet Town pinned active", note: "Host on leave until spring" });
  });

  it("unpinning restarts the count; an admin re-enables a dormant chapter and the count restarts", async () => {
    await t.request("POST", "/api/chapter_health/pin", { as: p.admin, body: { chapterId: chapter.id, pinned: false } });
    expect((await rowOf(chapter)).health).toBe("active");
    at(200 + 56);
    await runDaily();
    expect((await rowOf(chapter)).status).toBe(0);
    await expectAccess(t, p, { method: "POST", path: "/api/chapter_health/reactivate", body: { chapterId: p.otherChapter.id } }, WHO.admin);
    const res = await t.request("POST", "/api/chapter_health/reactivate", { as: p.admin, body: { chapterId: chapter.id, note: "Spoke to the host" } });
    expect(res.body).toEqual({ reactivated: true });
    expect(await rowOf(chapter)).toMatchObject({ health: "active", status: 1, countedFrom: now.toISOString() });
    expect((await items(chapter)).at(-1)).toMatchObject({
      title: "Quiet Town is active again and back on the map",
      note: "Re-enabled by Ada Admin: Spoke to the host",
    });
  });
});

describe("Chapter Settings", () => {
  it("setting a dormant chapter's status to Active re-enables it and restarts the count", async () => {
    at(200 + 56 + 56);
    await runDaily();
    const c = (await Chapter.query().findById(chapter.id))!;
    expect(c.status).toBe(0);
    const body = {
      id: c.id,
      title: c.title,
      city: c.city,
      state: c.state,
      postalCode: c.postalCode,
      country: c.country,
      chapterTypeId: c.chapterTypeId,
      status: 1,
      emailAlias: c.emailAlias,
      brontoListName: c.brontoListName,
      brontoListId: c.brontoListId,
      sendInBlueListId: c.sendInBlueListId,
      timeZone: c.timeZone,
    };
    const res = await t.request("POST", "/api/chapter", { as: p.admin, body });
    expect(res.status).toBe(200);
    expect(await rowOf(chapter)).toMatchObject({ health: "active", status: 1, dormantByRule: false, countedFrom: now.toISOString() });
    expect((await items(chapter)).at(-1)).toMatchObject({
      title: "Quiet Town is active again and back on the map",
      note: "Re-enabled by Ada Admin: Chapter Status set to Active in Chapter Settings.",
    });
    expect(await onMap(chapter)).toBe(true);
  });
});

describe("GET and POST /api/chapter_health/settings", () => {
  it("is for admins; defaults 42 and 56", async () => {
    await expectAccess(t, p, { method: "GET", path: "/api/chapter_health/settings" }, WHO.admin);
    await expectAccess(t, p, { method: "POST", path: "/api/chapter_health/settings", body: { atRiskAfterDays: 42, dormantAfterDays: 56 } }, WHO.admin);
    expect((await t.request("GET", "/api/chapter_health/settings", { as: p.admin })).body).toEqual({ atRiskAfterDays: 42, dormantAfterDays: 56 });
  });

  it("refuses anything but positive whole numbers with dormant after at risk, with clear messages", async () => {
    const post = (body: unknown) => t.request("POST", "/api/chapter_health/settings", { as: p.admin, body });
    const cases: [unknown, string][] = [
      [{ atRiskAfterDays: 0, dormantAfterDays: 56 }, "atRiskAfterDays must be at least 1 day"],
      [{ atRiskAfterDays: 42.5, dormantAfterDays: 56 }, "atRiskAfterDays must be a whole number of days"],
      [{ atRiskAfterDays: 42, dormantAfterDays: "56" }, "dormantAfterDays must be a whole number of days"],
      [{ atRiskAfterDays: 42, dormantAfterDays: 42 }, "dormantAfterDays must be greater than atRiskAfterDays"],
      [{ atRiskAfterDays: 42 }, "dormantAfterDays must be a whole number of days"],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([400, message]);
    }
  });

  it("moves the thresholds: the notice says the configured weeks, dormancy follows the new number", async () => {
    const res = await t.request("POST", "/api/chapter_health/settings", { as: p.admin, body: { atRiskAfterDays: 14, dormantAfterDays: 21 } });
    expect(res.body).toEqual({ atRiskAfterDays: 14, dormantAfterDays: 21 });
    const fresh = await buildChapter({ title: "Fresh Town", city: "Fresh Town", createdAt: now.toISOString() });
    const start = now.getTime();
    now = new Date(start + 13 * DAY);
    await runDaily();
    expect((await rowOf(fresh)).health).toBe("active");
    now = new Date(start + 14 * DAY);
    expect((await rowOf(fresh)).health).toBe("at_risk");
    await t.services.jobs.enqueue("health.daily", {});
    await runDaily();
    expect((await items(fresh)).map((i) => i.title)).toEqual(["Fresh Town has not emailed its list for 2 weeks: at risk"]);
    now = new Date(start + 21 * DAY);
    await t.services.jobs.enqueue("health.daily", {});
    await runDaily();
    expect((await Chapter.query().findById(fresh.id))!.status).toBe(0);
    const list = (await t.request<ChapterHealthPage>("GET", "/api/chapter_health/summary", { as: p.admin })).body;
    expect(list.settings).toEqual({ atRiskAfterDays: 14, dormantAfterDays: 21 });
    expect(list.counts.dormant).toBeGreaterThanOrEqual(1);
    expect(list.rows.map((r) => r.health).indexOf("active")).toBeGreaterThan(list.rows.map((r) => r.health).lastIndexOf("at_risk"));
  });
});
