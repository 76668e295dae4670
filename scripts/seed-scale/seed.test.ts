import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { DateTime } from "luxon";
import { freshDatabase } from "../../server/test/harness";
import { buildScalePlan, MEMBER_STATUSES } from "./plan";
import { seedScale, type SeedScaleResult } from "./seed";

const opts = { chapters: 300, members: 6000, users: 400, bigChapterMembers: 1500, answers: 3000, seed: 3 };

describe("the scale data set", () => {
  it("is the same network for the same seed, with the shape benchmarks rely on", () => {
    const ctx = {
      tag: "abc123",
      now: DateTime.fromISO("2026-11-24T12:00:00Z"),
      cities: () => [{ zip: "10001", latitude: 40.7, longitude: -74, city: "New York", state: "NY" }],
      timeZone: () => "America/New_York",
    };
    const a = buildScalePlan(opts, ctx);
    const b = buildScalePlan(opts, ctx);
    expect(a.chapters).toEqual(b.chapters);
    expect(a.memberCounts.reduce((s, n) => s + n, 0)).toBe(6000);
    expect(a.memberCounts[a.bigChapter!]).toBe(1500);
    expect(Math.max(...a.memberCounts.filter((_, i) => i !== a.bigChapter))).toBeLessThan(1500);
    expect(new Set(a.chapters.map((c) => c.slug)).size).toBe(300);
    expect(new Set(a.chapters.map((c) => c.send_in_blue_list_id)).size).toBe(300);
    expect(new Set(a.chapters.map((c) => c.chapter_type_id)).size).toBe(6);
    expect(new Set(a.chapters.map((c) => c.state)).size).toBeGreaterThan(30);
    expect(a.chapters.some((c) => c.status === 0)).toBe(true);
    const today = "2026-11-24";
    expect(a.events.some((e) => !e.is_single_date)).toBe(true);
    expect(a.events.some((e) => e.is_single_date && String(e.single_date) > today)).toBe(true);
    expect(a.events.some((e) => e.is_single_date && String(e.single_date) < today)).toBe(true);
    const members = [...a.members((i) => i + 1, 1000)].flat();
    expect(members).toHaveLength(6000);
    expect(new Set(members.map((m) => m.status))).toEqual(new Set(MEMBER_STATUSES.map(([s]) => s)));
  });
});

describe("seed:scale on the database", () => {
  let db: { knex: Knex; drop(): Promise<void> };
  let result: SeedScaleResult;
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number(((await db.knex(table).where(where).count("* as n").first()) as { n: number | string }).n);

  beforeAll(async () => {
    db = await freshDatabase();
    result = await seedScale(db.knex, opts);
  }, 120_000);
  afterAll(() => db.drop());

  it("writes every row it planned, linked to the right parents", async () => {
    expect(await count("chapters")).toBe(300);
    expect(await count("users")).toBe(400);
    expect(await count("mailing_list_contacts")).toBe(6000);
    expect(await count("mailing_list_contacts", { chapter_id: result.bigChapter!.id })).toBe(1500);
    expect(await count("chapter_events")).toBeGreaterThanOrEqual(300);
    expect(await count("permissions", { role_id: 3 })).toBeGreaterThanOrEqual(300);
    // The lists an admin pages through: activity (each chapter's and the network's), notes and the blog.
    expect(await count("activity_feed_items")).toBeGreaterThan(300 * 5);
    expect(await count("activity_feed_items", { chapter_id: null })).toBe(60);
    expect(await count("activity_feed_items", { admin_only: true })).toBeGreaterThan(60);
    expect(await count("chapter_notes")).toBeGreaterThan(300);
    expect(await count("blog_posts")).toBe(6);
    // Answers fall on the dates the chapters list next, the largest chapter's next meetup with a crowd.
    expect(await count("rsvps")).toBe(3000);
    const first = (await db.knex("rsvps").min("date as date").first()) as { date: string };
    expect(first.date >= DateTime.now().minus({ days: 1 }).toISODate()!).toBe(true);
    const crowd = await db
      .knex("rsvps as r")
      .join("chapter_events as e", "e.id", "r.chapter_event_id")
      .where("e.chapter_id", result.bigChapter!.id)
      .count("* as n")
      .first();
    expect(Number((crowd as { n: number | string }).n)).toBeGreaterThanOrEqual(300);
    const strays = await db
      .knex("activity_feed_items")
      .leftJoin("chapters", "chapters.id", "activity_feed_items.chapter_id")
      .whereNotNull("activity_feed_items.chapter_id")
      .whereNull("chapters.id")
      .count("* as n")
      .first();
    expect(Number((strays as { n: number | string }).n)).toBe(0);
    const orphans = await db
      .knex("chapter_events")
      .leftJoin("chapters", "chapters.id", "chapter_events.chapter_id")
      .whereNull("chapters.id")
      .count("* as n")
      .first();
    expect(Number((orphans as { n: number | string }).n)).toBe(0);
  });

  it("grows the database again on a second run without colliding", async () => {
    await seedScale(db.knex, { ...opts, chapters: 20, members: 100, users: 10, bigChapterMembers: 50 });
    expect(await count("chapters")).toBe(320);
    expect(await count("mailing_list_contacts")).toBe(6100);
  });
});
