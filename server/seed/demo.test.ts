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

  it("is the same every time: one generator seeded by a constant", () => {
    const a = demoRandom(7);
    const b = demoRandom(7);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(first).size).toBe(5);
  });
});
