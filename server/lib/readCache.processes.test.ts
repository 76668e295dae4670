/**
 * Several app processes on one Postgres database: a write through one process (or straight into the
 * database) is seen by the next public read of every other one, though each keeps its answers ready.
 * Postgres only: SQLite runs as a single process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, onPostgres } from "../test/harness";
import { bindModels } from "../db";
import { buildChapter, buildHost, TEST_PASSWORD } from "../test/factories";
import { startAppProcess, type AppProcess } from "../test/processes";
import { Chapter } from "../models/Chapter";

describe.skipIf(!onPostgres)("public reads across app processes (Postgres)", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    db = await freshDatabase();
    bindModels(db.knex);
    const env = { DATABASE_URL: db.url!, SESSION_SECRET: "multi-process-secret-multi-process-secret" };
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
});
