import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { seedDemoIfEmpty } from "./demo";
import { demoRandom } from "./demoHistory";
import { loadStats } from "../stats/load";
import { monthFrame } from "../stats/months";
import { loadChapterHealth } from "../health/load";
import { runHealthSweep } from "../health/sweep";
import type { StatsMonth } from "../contracts/chapterStats";

/** Issue 32 item 6: a fresh demo network has a history the stats and the health table show. */
let app: TestApp;
const now = new Date();

beforeAll(async () => {
  app = await startTestApp();
  expect(await seedDemoIfEmpty(app.services)).toBe(true);
}, 60_000);
afterAll(async () => app.close());

/** How many of the months have something in every column that is asked for. */
const monthsWith = (months: StatsMonth[], fields: (keyof StatsMonth)[]) => months.filter((m) => fields.every((f) => Number(m[f]) > 0)).length;

describe("the demo network", () => {
  it("has members joining and leaving, list emails and meetups in most of the last twelve months", async () => {
    const knex = app.services.knex;
    const network = await loadStats(knex, { chapterIds: null, state: "" }, monthFrame(now, "UTC"), now);
    expect(network.stats.months).toHaveLength(12);
    expect(monthsWith(network.stats.months, ["members", "joined", "left", "emailsSent", "meetupsHeld"])).toBeGreaterThanOrEqual(11);
    expect(network.stats.months.some((m) => m.meetupsCancelled > 0 && m.meetupsConfirmed > 0)).toBe(true);
    // Members grow over the year: more at the end than at the start.
    expect(network.stats.months[11].members).toBeGreaterThan(network.stats.months[0].members);

    const nyc = await knex("chapters").where({ slug: "nyc" }).first("id", "timeZone");
    const chapter = await loadStats(knex, { chapterId: nyc.id }, monthFrame(now, nyc.timeZone), now);
    expect(monthsWith(chapter.stats.months, ["members", "joined", "meetupsHeld"])).toBeGreaterThanOrEqual(10);
    expect(monthsWith(chapter.stats.months, ["emailsSent"])).toBeGreaterThanOrEqual(8);
  });

  it("has chapters founded in different years, some at risk and one dormant, and nothing for the run at start to do", async () => {
    const knex = app.services.knex;
    const founded = (await knex("chapters").select("createdAt")).map((c: { createdAt: unknown }) => new Date(c.createdAt as string).getUTCFullYear());
    expect(new Set(founded).size).toBeGreaterThanOrEqual(10);
    expect(Math.min(...founded)).toBeLessThanOrEqual(now.getUTCFullYear() - 20);

    const health = await loadChapterHealth(knex, now);
    expect(health.counts.at_risk).toBeGreaterThanOrEqual(2);
    expect(health.counts.dormant).toBe(1);
    const pittsburgh = health.rows.find((r) => r.slug === "pittsburgh")!;
    expect(pittsburgh).toMatchObject({ health: "dormant", status: 0, dormantByRule: true, silenceFrom: "last_email", timeZone: "America/New_York" });
    // Every at-risk chapter is still on the map, and members, meetups and confirmations are there to show.
    expect(health.rows.filter((r) => r.health === "at_risk").every((r) => r.status === 1)).toBe(true);
    expect(health.rows.filter((r) => r.members > 0)).toHaveLength(24);
    expect(health.rows.filter((r) => r.lastConfirmedMeetup !== null).length).toBeGreaterThanOrEqual(5);

    // The notices of those transitions are already claimed: the daily run at start changes and sends nothing.
    expect(await runHealthSweep(app.services, now)).toEqual({ atRisk: 0, dormant: 0 });
    const [{ n }] = await knex("chapters").where({ status: 1 }).count("* as n");
    expect(Number(n)).toBe(22);
  });

  it("is a believable network: people joined over the years, notes differ in words and time, Austin has a host", async () => {
    const knex = app.services.knex;
    const year = (v: unknown) => new Date(v as string).getUTCFullYear();
    const users = (await knex("users").select("name", "createdAt")) as { name: string; createdAt: string }[];
    expect(users.every((u) => Date.parse(u.createdAt) < now.getTime() - 30 * 86_400_000)).toBe(true);
    expect(new Set(users.map((u) => year(u.createdAt))).size).toBeGreaterThanOrEqual(5);

    const notes = (await knex("chapterNotes").select("note", "createdAt")) as { note: string; createdAt: string }[];
    expect(notes.length).toBeGreaterThanOrEqual(6);
    expect(new Set(notes.map((n) => n.note)).size).toBe(notes.length);
    expect(new Set(notes.map((n) => new Date(n.createdAt).toISOString().slice(0, 16))).size).toBe(notes.length);
    // Their activity items name the chapter as people read it, at the note's time.
    const items = (await knex("activityFeedItems").where({ type: "chapter_note" }).select("title", "createdAt")) as { title: string; createdAt: string }[];
    expect(items.map((i) => i.title)).toContain("Note on New York City");
    expect(items.every((i) => !/Note on [a-z_]+$/.test(i.title))).toBe(true);

    const austinHosts = await knex("permissions")
      .join("chapters", "chapters.id", "permissions.chapterId")
      .join("users", "users.id", "permissions.userId")
      .where({ "chapters.slug": "austin", "permissions.roleId": 3 })
      .select("users.name");
    expect(austinHosts.map((h: { name: string }) => h.name)).toEqual(["Rosa Delgado"]);
  });

  it("has members with addresses that read as names, and posts that name the day the chapter meets", async () => {
    const knex = app.services.knex;
    const contacts = (await knex("mailingListContacts").select("chapterId", "email")) as { chapterId: number; email: string }[];
    expect(contacts.filter((c) => /\d/.test(c.email))).toEqual([]);
    expect(new Set(contacts.map((c) => `${c.chapterId} ${c.email}`)).size).toBe(contacts.length);
    expect(contacts.every((c) => /^[a-z]+[._]?[a-z]+@example\.(org|com|net)$/.test(c.email))).toBe(true);

    const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const posts = (await knex("chapterBlogPosts")
      .join("chapterEvents", "chapterEvents.chapterId", "chapterBlogPosts.chapterId")
      .select("chapterBlogPosts.title", "chapterBlogPosts.body", "chapterEvents.dayOfWeekIndex")) as {
      title: string;
      body: string;
      dayOfWeekIndex: number | null;
    }[];
    const wrongDay = posts.filter((p) => {
      const named = days.filter((d) => `${p.title} ${p.body}`.includes(d));
      return named.some((d) => p.dayOfWeekIndex === null || d !== days[p.dayOfWeekIndex]);
    });
    expect(wrongDay).toEqual([]);
    expect(posts.some((p) => p.dayOfWeekIndex !== null && p.title.includes(`See you ${days[p.dayOfWeekIndex]}`))).toBe(true);
    // Hosts write differently from one email to the next.
    expect(new Set(posts.map((p) => p.body.replace(/at .*$/, ""))).size).toBeGreaterThanOrEqual(4);
  });

  it("is the same every time: one generator seeded by a constant", () => {
    const a = demoRandom(7);
    const b = demoRandom(7);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(first).size).toBe(5);
  });
});
