import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildPersonas, buildUser } from "../test/factories";
import type { Personas } from "../test/access";
import { buildApplication } from "../test/siteAdminFactories";
import { ChapterHostApplicationNote, ChapterNote, UserNote } from "../models";
import { recordActivity } from "../commands/activity";

let t: TestApp;
let p: Personas;
let chapterId: number;
let applicantId: number;

beforeAll(async () => {
  t = await startTestApp();
  const chapter = await buildChapter({ title: "Alpha", city: "Alpha", state: "ny" });
  chapterId = chapter.id;
  p = await buildPersonas(chapter);
  for (const [title, city, state] of [
    ["Beta", "Beta", "ca"],
    ["Gamma", "Gamma", "ny"],
    ["Delta", "Delta", "tx"],
    ["Pub Night", "Eta", "ca"],
  ]) {
    await buildChapter({ title, city, state, status: 0 });
  }
  const applicant = await buildUser({ name: "Ann Applicant" });
  applicantId = applicant.id;
  for (let i = 0; i < 7; i++) {
    await ChapterNote.query().insert({ chapterId, userId: p.admin.id, note: `note ${i}`, adminOnly: false });
    await UserNote.query().insert({ aboutUserId: applicant.id, userId: p.admin.id, note: `user note ${i}` });
    await recordActivity({ type: "chapter_note", title: `item ${i}`, adminOnly: false, userId: p.admin.id, chapterId });
    const application = await buildApplication({
      user: applicant,
      slug: `application_${i}`,
      city: `City ${i}`,
      state: "ny",
      type: "drinking",
      reason: "Why not",
    });
    if (i === 0)
      for (let n = 0; n < 7; n++)
        await ChapterHostApplicationNote.query().insert({ chapterHostApplicationId: application.id, userId: p.admin.id, note: `application note ${n}` });
  }
  for (let i = 0; i < 4; i++) await buildUser({ name: `Zed ${i}` });
});
afterAll(() => t.close());

const ENDPOINTS = (): { name: string; path: string; as: () => { id: number }; method?: string; body?: unknown; max?: number }[] => [
  { name: "chapter activity feed", path: `/api/activity_feed_item/chapter/${chapterId}`, as: () => p.host },
  { name: "network activity feed", path: "/api/activity_feed_item/all", as: () => p.admin },
  { name: "chapter notes", path: `/api/chapter_note/chapter/${chapterId}`, as: () => p.host },
  { name: "user notes", path: `/api/user_note/user/${applicantId}`, as: () => p.admin },
  { name: "host applications", path: "/api/chapter_host_application", as: () => p.admin },
  { name: "a user's host applications", path: `/api/chapter_host_application/user/${applicantId}`, as: () => p.admin },
  { name: "host application notes", path: "/api/chapter_host_application/slug/application_0/notes", as: () => p.admin },
  { name: "users", path: "/api/user/all", as: () => p.admin },
  { name: "user search", path: "/api/user/search", as: () => p.admin, method: "POST", body: { search: "ex" } },
  { name: "admin chapters", path: "/api/chapters", as: () => p.admin, max: 500 },
];

const idsOf = (body: { id?: number; slug?: string }[]) => body.map((row) => row.id ?? row.slug);

describe("every list endpoint pages", () => {
  it("answers page after page of `limit` rows, together the same rows in the same order as one big page", async () => {
    for (const e of ENDPOINTS()) {
      const get = (query: string) => t.request(e.method ?? "GET", `${e.path}${query}`, { as: e.as(), body: e.body });
      const all = await get("?limit=300");
      expect(all.status, e.name).toBe(200);
      expect(all.body.length, e.name).toBeGreaterThanOrEqual(6);
      const pages: unknown[] = [];
      for (let page = 0; ; page++) {
        const res = await get(`?page=${page}&limit=3`);
        expect(res.status, e.name).toBe(200);
        expect(res.body.length, e.name).toBeLessThanOrEqual(3);
        pages.push(...idsOf(res.body));
        if (res.body.length < 3) break;
      }
      expect(pages, e.name).toEqual(idsOf(all.body));
    }
  });

  it("refuses a limit above 300 (500 for the chapter lists) or a bad page with a 400 naming the parameter", async () => {
    for (const e of ENDPOINTS()) {
      const max = e.max ?? 300;
      const tooMany = await t.request(e.method ?? "GET", `${e.path}?limit=${max + 1}`, { as: e.as(), body: e.body });
      expect([tooMany.status, tooMany.body.field, tooMany.body.error], e.name).toEqual([400, "limit", `limit must be a whole number from 1 to ${max}`]);
      const bad = await t.request(e.method ?? "GET", `${e.path}?page=1.5`, { as: e.as(), body: e.body });
      expect([bad.status, bad.body.field], e.name).toEqual([400, "page"]);
    }
  });

  it("admin chapters: paged by state, city and title with sort=state, searchable; without page/limit the whole list by display title", async () => {
    const paged = await t.request("GET", "/api/chapters?sort=state&page=0&limit=10", { as: p.admin });
    // buildPersonas adds an Illinois chapter of its own; these are the test's.
    const ours = (rows: { state: string }[]) => rows.filter((c) => c.state !== "il");
    expect(
      ours(paged.body).map((c) => {
        const r = c as { displayTitle: string; state: string };
        return `${r.state} ${r.displayTitle}`;
      }),
    ).toEqual(["ca Beta", "ca Eta: Pub Night", "ny Alpha", "ny Gamma", "tx Delta"]);
    const found = await t.request("GET", "/api/chapters?sort=state&page=0&q=ETA", { as: p.admin });
    expect(found.body.map((c: { title: string }) => c.title)).toEqual(["Beta", "Pub Night"]);
    const whole = await t.request("GET", "/api/chapters");
    expect(ours(whole.body).map((c) => (c as unknown as { displayTitle: string }).displayTitle)).toEqual(["Alpha", "Beta", "Delta", "Eta: Pub Night", "Gamma"]);
  });

  it("a page of the feed, notes or users still needs the same access", async () => {
    expect((await t.request("GET", `/api/chapter_note/chapter/${chapterId}?page=0`)).status).toBe(401);
    expect((await t.request("GET", `/api/chapter_note/chapter/${chapterId}?page=0`, { as: p.otherHost })).status).toBe(403);
    expect((await t.request("GET", "/api/user/all?page=1", { as: p.host })).status).toBe(403);
  });
});
