import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildUser, chapterRow, grant } from "../test/factories";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import type { Chapter } from "../models/Chapter";
import type { User } from "../models/User";

/**
 * The chapter lists a page at a time (docs/decisions.md "Paged lists"): 500 rows by default and at most, with
 * X-Total-Count and a Link to the next page, each page kept with its own ETag.
 */
let t: TestApp;
/** Wyoming holds 520 active chapters and 3 hidden ones: more than a page. */
const WY_ACTIVE = 520;
const WY_HIDDEN = 3;
let hidden: Chapter;
let organizer: User;

beforeAll(async () => {
  t = await startTestApp();
  const now = new Date().toISOString();
  const rows = Array.from({ length: WY_ACTIVE + WY_HIDDEN }, (_, i) => ({
    ...chapterRow({ state: "wy", city: `Town ${String(i).padStart(3, "0")}`, title: "Drinking Liberally", status: i < WY_ACTIVE ? 1 : 0 }),
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 50) await t.services.knex("chapters").insert(rows.slice(i, i + 50));
  hidden = await buildChapter({ state: "wy", city: "Aardvark", title: "Aardvark", status: 0 });
  await buildEvent(await buildChapter({ state: "vt", city: "Burlington", title: "Burlington" }));
  organizer = await buildUser({ name: "Fran Organizer" });
  for (const city of ["Cody", "Alpine", "Buffalo"]) {
    const chapter = await buildChapter({ state: "wy", city, title: city });
    await grant(organizer, city === "Alpine" ? ROLE_CHAPTER_HOST : ROLE_FIELD_ORGANIZER, chapter);
  }
});
afterAll(async () => t.close());

type Row = { id: number; displayTitle: string; state: string; status: number };
const get = (path: string, headers: Record<string, string> = {}, as?: User) => t.request<Row[]>("GET", path, { headers, as });
const ids = (rows: Row[]) => rows.map((r) => r.id);
/** Every row of a list, walking its Link headers from `path`; answers the rows and the paths asked for. */
async function walk(path: string, as?: User): Promise<{ rows: Row[]; paths: string[] }> {
  const rows: Row[] = [];
  const paths: string[] = [];
  for (let next: string | null = path; next;) {
    paths.push(next);
    const res = await get(next, {}, as);
    expect(res.status).toBe(200);
    rows.push(...res.body);
    next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
  }
  return { rows, paths };
}

const LISTS = ["/api/chapters", "/api/chapters/active", "/api/chapters/state/wy"];

describe("the chapter lists, a page at a time", () => {
  it("answer their first 500 rows without page or limit, the count of all and a Link to the next page", async () => {
    const active = await get("/api/chapters/active");
    expect(active.status).toBe(200);
    expect(active.body).toHaveLength(500);
    const activeTotal = Number(active.headers.get("x-total-count"));
    expect(activeTotal).toBeGreaterThan(WY_ACTIVE);
    expect(active.headers.get("link")).toBe('</api/chapters/active?page=1&limit=500>; rel="next"');

    const all = await get("/api/chapters");
    expect(all.body).toHaveLength(500);
    expect(Number(all.headers.get("x-total-count"))).toBe(activeTotal + WY_HIDDEN + 1);
    expect(all.headers.get("link")).toBe('</api/chapters?page=1&limit=500>; rel="next"');

    const state = await get("/api/chapters/state/WY");
    expect(state.body).toHaveLength(500);
    expect(state.headers.get("x-total-count")).toBe(String(WY_ACTIVE + WY_HIDDEN + 1 + 3));
    expect(state.headers.get("link")).toBe('</api/chapters/state/wy?page=1&limit=500>; rel="next"');
  });

  it("walk by their Link headers to every row once, in the order of the whole list", async () => {
    for (const path of LISTS) {
      const { rows, paths } = await walk(path);
      const first = await get(path);
      expect(rows, path).toHaveLength(Number(first.headers.get("x-total-count")));
      expect(new Set(ids(rows)).size, path).toBe(rows.length);
      const titles = rows.map((r) => r.displayTitle.toLowerCase());
      expect(titles, path).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
      expect(paths.slice(1), path).toEqual([`${path}?page=1&limit=500`]);
    }
    const active = (await walk("/api/chapters/active")).rows;
    expect(active.every((r) => r.status === 1)).toBe(true);
    expect(ids(active)).not.toContain(hidden.id);
  });

  it("answer the page and limit asked for, the last page without a Link", async () => {
    const whole = (await walk("/api/chapters/active")).rows;
    const third = await get("/api/chapters/active?page=2&limit=7");
    expect(ids(third.body)).toEqual(ids(whole.slice(14, 21)));
    expect(third.headers.get("x-total-count")).toBe(String(whole.length));
    expect(third.headers.get("link")).toBe('</api/chapters/active?page=3&limit=7>; rel="next"');
    const lastPage = Math.floor((whole.length - 1) / 7);
    const last = await get(`/api/chapters/active?page=${lastPage}&limit=7`);
    expect(ids(last.body)).toEqual(ids(whole.slice(lastPage * 7)));
    expect(last.headers.get("link")).toBeNull();
    const beyond = await get(`/api/chapters/active?page=${lastPage + 1}&limit=7`);
    expect([beyond.status, beyond.body, beyond.headers.get("x-total-count"), beyond.headers.get("link")]).toEqual([200, [], String(whole.length), null]);
  });

  it("keep q and sort in the next page's Link, and count only the matches", async () => {
    const found = await get("/api/chapters?q=town%2001&limit=4");
    expect(found.body.map((r) => r.displayTitle)).toEqual([
      "Town 010: Drinking Liberally",
      "Town 011: Drinking Liberally",
      "Town 012: Drinking Liberally",
      "Town 013: Drinking Liberally",
    ]);
    expect(found.headers.get("x-total-count")).toBe("10");
    expect(found.headers.get("link")).toBe('</api/chapters?q=town+01&limit=4&page=1>; rel="next"');
    const byState = await get("/api/chapters?sort=state&limit=2&page=0");
    expect(byState.headers.get("link")).toBe('</api/chapters?sort=state&limit=2&page=1>; rel="next"');
    const none = await get("/api/chapters?q=no+such+chapter");
    expect([none.body, none.headers.get("x-total-count"), none.headers.get("link")]).toEqual([[], "0", null]);
  });

  it("refuse a bad limit, page or sort with a 400 naming it", async () => {
    for (const path of [...LISTS, "/api/chapters/my"]) {
      for (const limit of ["0", "501", "ten", "1.5"]) {
        const res = await get(`${path}?limit=${limit}`, {}, organizer);
        expect([res.status, res.body], `${path} limit=${limit}`).toEqual([
          400,
          expect.objectContaining({ field: "limit", error: "limit must be a whole number from 1 to 500" }),
        ]);
      }
      const page = await get(`${path}?page=-1`, {}, organizer);
      expect([page.status, page.body], path).toEqual([400, expect.objectContaining({ field: "page", error: "page must be a whole number from 0 to 1000000" })]);
    }
    const sort = await get("/api/chapters?sort=city");
    expect([sort.status, sort.body]).toEqual([400, expect.objectContaining({ field: "sort", error: "sort must be title or state" })]);
  });

  it("give each page its own ETag and answer 304 to it, page by page, with the count", async () => {
    for (const path of LISTS) {
      const first = await get(path);
      const second = await get(`${path}?page=1`);
      const firstTag = first.headers.get("etag")!;
      const secondTag = second.headers.get("etag")!;
      expect(firstTag, path).toMatch(/^"[\w-]{32}"$/);
      expect(secondTag, path).not.toBe(firstTag);
      // The first page asked for with its page and limit is the same page: the same bytes and ETag.
      const same = await get(`${path}?page=0&limit=500`, { "if-none-match": firstTag });
      expect([same.status, same.text, same.headers.get("x-total-count")], path).toEqual([304, "", first.headers.get("x-total-count")]);
      expect((await get(`${path}?page=1`, { "if-none-match": secondTag })).status, path).toBe(304);
      const other = await get(`${path}?page=1`, { "if-none-match": firstTag });
      expect([other.status, other.text], path).toEqual([200, second.text]);
    }
  });

  it("show a write on the next read of any page", async () => {
    const before = await get("/api/chapters/active?page=1");
    const moved = before.body[0];
    await t.services.knex("chapters").where({ id: moved.id }).update({ status: 0 });
    const after = await get("/api/chapters/active?page=1", { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(ids(after.body)).not.toContain(moved.id);
    expect(Number(after.headers.get("x-total-count"))).toBe(Number(before.headers.get("x-total-count")) - 1);
    await t.services.knex("chapters").where({ id: moved.id }).update({ status: 1 });
  });

  it("page the caller's own chapters on /chapters/my", async () => {
    const first = await get("/api/chapters/my?limit=2", {}, organizer);
    expect(first.body.map((r) => r.displayTitle)).toEqual(["Alpine", "Buffalo"]);
    expect(first.headers.get("x-total-count")).toBe("3");
    expect(first.headers.get("link")).toBe('</api/chapters/my?limit=2&page=1>; rel="next"');
    const rest = await get("/api/chapters/my?limit=2&page=1", {}, organizer);
    expect([rest.body.map((r) => r.displayTitle), rest.headers.get("link")]).toEqual([["Cody"], null]);
    const all = await get("/api/chapters/my", {}, organizer);
    expect([all.body.length, all.headers.get("x-total-count"), all.headers.get("link")]).toEqual([3, "3", null]);
  });
});
