import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { chapterRow, eventRow } from "../test/factories";
import { Chapter } from "../models";
import { CHUNK_ROWS } from "../lib/slices";
import { countEvents } from "../calendar/structure";
import { FEED_EVENT_CHUNK_ROWS } from "../calendar/feedCache";
import type { ChapterPinList } from "../contracts/chapter";

/**
 * The public reads of a network read their rows a chunk at a time (lib/slices: readInChunks): a network of more
 * chapters than a chunk holds, with more events than the feed reads at once, is read whole, every row once.
 */
let t: TestApp;
const CHAPTERS = CHUNK_ROWS + 50;
const EVENTS_EACH = 4;
let last: Chapter;

beforeAll(async () => {
  t = await startTestApp();
  const now = new Date().toISOString();
  const chapters = Array.from({ length: CHAPTERS }, (_, i) => ({
    ...chapterRow({ state: "mt", city: `Big Sky ${String(i).padStart(4, "0")}`, title: "Drinking Liberally" }),
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < chapters.length; i += 50) await t.services.knex("chapters").insert(chapters.slice(i, i + 50));
  const all = await Chapter.query().where({ state: "mt" }).orderBy("id");
  last = all[all.length - 1];
  const events = all.flatMap((chapter) =>
    Array.from({ length: EVENTS_EACH }, (_, n) => ({ ...eventRow(chapter, { name: `Bar ${n}`, dayOfWeekIndex: n + 1 }), createdAt: now, updatedAt: now })),
  );
  for (let i = 0; i < events.length; i += 50) await t.services.knex("chapterEvents").insert(events.slice(i, i + 50));
});
afterAll(async () => t.close());

describe("reads of more rows than a chunk", () => {
  it("list every chapter once, with its events, the last one read included", async () => {
    const all = await t.request<{ id: number }[]>("GET", "/api/chapters/active?limit=500&page=2");
    expect(Number(all.headers.get("x-total-count"))).toBe(CHAPTERS);
    const state = await t.request<{ id: number }[]>("GET", "/api/chapters?q=big sky&limit=500&page=2");
    expect(Number(state.headers.get("x-total-count"))).toBe(CHAPTERS);
    const seen = new Set<number>();
    for (let page = 0; page < 3; page++) {
      const res = await t.request<{ id: number; chapterEvents: unknown[] }[]>("GET", `/api/chapters/state/mt?limit=500&page=${page}`);
      for (const row of res.body) {
        expect(row.chapterEvents).toHaveLength(EVENTS_EACH);
        seen.add(row.id);
      }
    }
    expect(seen.size).toBe(CHAPTERS);
    expect(seen.has(last.id)).toBe(true);
  });

  it("pin every chapter, the last one read included", async () => {
    const res = await t.request<ChapterPinList>("GET", "/api/chapters/pins");
    expect(res.body.pins).toHaveLength(CHAPTERS);
    const pin = res.body.pins.find((row) => row[0] === last.id);
    expect(pin?.[5]).not.toBeNull();
    expect(pin?.[7]).not.toBeNull();
  });

  it("date every chapter's page once, the last one read included, in a compact row", async () => {
    const res = await t.request<{ slug: string; updatedAt: string }[]>("GET", "/api/chapters/active/dates");
    expect(res.body).toHaveLength(CHAPTERS);
    expect(new Set(res.body.map((row) => row.slug)).size).toBe(CHAPTERS);
    expect(res.body.at(-1)).toEqual({ slug: last.slug, state: "mt", updatedAt: expect.stringMatching(/Z$/) });
    expect(res.text.length / CHAPTERS).toBeLessThan(100);
  });

  it("put every event in the state's feed", async () => {
    const res = await t.request("GET", "/api/chapter_calendar/state/mt/events.ics");
    expect(res.status).toBe(200);
    expect(countEvents(res.text)).toBe(CHAPTERS * EVENTS_EACH);
    expect(CHAPTERS * EVENTS_EACH).toBeGreaterThan(FEED_EVENT_CHUNK_ROWS);
  });
});
