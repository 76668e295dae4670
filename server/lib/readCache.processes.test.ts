/**
 * Several app processes on one database: a write through one process (or straight into the database) is seen by
 * the next public read of every other one, though each keeps its answers ready (lib/readCache: stamped with
 * read_versions). On Postgres (TEST_DB=postgres) and on SQLite, two processes sharing one database file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "../test/harness";
import { bindModels, migrateLatest, openDatabase } from "../db";
import { buildAdmin, buildChapter, buildEvent, buildHost, TEST_PASSWORD } from "../test/factories";
import { startAppProcess, type AppProcess } from "../test/processes";
import { Chapter } from "../models/Chapter";

/** A database two app processes can share: a fresh Postgres database, or a SQLite file in a folder of its own. */
async function sharedDatabase(): Promise<{ knex: Knex; env: Record<string, string>; drop(): Promise<void> }> {
  if (onPostgres) {
    const db = await freshDatabase();
    return { knex: db.knex, env: { DATABASE_URL: db.url! }, drop: db.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-shared-"));
  const knex = openDatabase({ databaseUrl: null, dataDir });
  await migrateLatest(knex);
  return {
    knex,
    env: { DATA_DIR: dataDir },
    async drop() {
      await knex.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`public reads across app processes (${onPostgres ? "Postgres" : "SQLite, one shared file"})`, () => {
  let db: Awaited<ReturnType<typeof sharedDatabase>>;
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    db = await sharedDatabase();
    bindModels(db.knex);
    const env = { ...db.env, SESSION_SECRET: "multi-process-secret-multi-process-secret" };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  type Listed = { id: number; displayTitle: string; chapterEvents: { name: string }[] };
  const get = (p: AppProcess, path: string, headers: Record<string, string> = {}) => fetch(p.baseUrl + path, { headers });
  const activeOn = async (p: AppProcess) => (await (await get(p, "/api/chapters/active")).json()) as Listed[];

  it("a new event, a rename and a status change through one process show on the next read of the other", async () => {
    const chapter = await buildChapter({ title: "Shared" });
    const host = await buildHost(chapter);
    // Both processes have the answer ready, with the same ETag.
    const [ra, rb] = await Promise.all([get(a, "/api/chapters/active"), get(b, "/api/chapters/active")]);
    const etag = ra.headers.get("etag")!;
    expect(rb.headers.get("etag")).toBe(etag);
    expect((await get(b, "/api/chapters/active", { "if-none-match": etag })).status).toBe(304);
    expect(((await rb.json()) as Listed[]).find((c) => c.id === chapter.id)!.chapterEvents).toEqual([]);
    await get(b, `/api/chapter/slug/${chapter.slug}`);

    const signin = await fetch(a.baseUrl + "/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-transport": "bearer" },
      body: JSON.stringify({ username: host.email, password: TEST_PASSWORD }),
    });
    const { token } = (await signin.json()) as { token: string };
    const saved = await fetch(a.baseUrl + "/api/chapter_event", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        chapterId: chapter.id,
        name: "Through A",
        address1: "1 Main St",
        city: "Springfield",
        startTime: "19:00",
        endTime: "20:00",
        dayOfWeekIndex: 1,
        weeksOfMonthIndexesArray: [0],
      }),
    });
    expect(saved.status).toBe(201);
    const changed = await get(b, "/api/chapters/active", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Listed[]).find((c) => c.id === chapter.id)!.chapterEvents.map((e) => e.name)).toEqual(["Through A"]);
    const page = (await (await get(b, `/api/chapter/slug/${chapter.slug}`)).json()) as Listed;
    expect(page.chapterEvents.map((e) => e.name)).toEqual(["Through A"]);

    // Written by a third party straight into the database.
    await Chapter.query().patch({ title: "Renamed" }).where({ id: chapter.id });
    for (const p of [a, b]) expect((await activeOn(p)).find((c) => c.id === chapter.id)!.displayTitle).toBe("Springfield: Renamed");
    await Chapter.query().patch({ status: 0 }).where({ id: chapter.id });
    for (const p of [a, b]) expect((await activeOn(p)).find((c) => c.id === chapter.id)).toBeUndefined();
  });

  it("a calendar feed, the pins and a chapter page, kept by one process (and answered 304 there), follow a write through the other", async () => {
    const chapter = await buildChapter({ title: "Feeds Across" });
    await buildEvent(chapter, { name: "Across Tavern" });
    const admin = await buildAdmin();
    const feed = `/api/chapter_calendar/${chapter.slug}/events.ics`;
    const paths = [feed, "/api/chapters/pins", `/api/chapter/slug/${chapter.slug}`];
    const before = new Map<string, string>();
    for (const path of paths) {
      const first = await get(b, path);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=2, stale-while-revalidate=30");
      const again = await get(b, path, { "if-none-match": first.headers.get("etag")! });
      expect(again.status).toBe(304);
      before.set(path, first.headers.get("etag")!);
    }
    // The same bytes, so the same ETag, in the other process.
    expect((await get(a, feed)).headers.get("etag")).toBe(before.get(feed));

    const signin = await fetch(a.baseUrl + "/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-transport": "bearer" },
      body: JSON.stringify({ username: admin.email, password: TEST_PASSWORD }),
    });
    const { token: adminToken } = (await signin.json()) as { token: string };
    const renamed = await fetch(a.baseUrl + "/api/chapter", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ id: chapter.id, title: "Feeds Renamed" }),
    });
    expect(renamed.status).toBe(200);
    for (const path of paths) {
      const next = await get(b, path, { "if-none-match": before.get(path)! });
      expect(next.status).toBe(200);
      expect(await next.text()).toContain("Feeds Renamed");
    }

    // Hidden straight in the database: the feed is no longer public through either process.
    await Chapter.query().patch({ status: 0 }).where({ id: chapter.id });
    for (const p of [a, b]) expect((await get(p, feed)).status).toBe(401);
  });
});
