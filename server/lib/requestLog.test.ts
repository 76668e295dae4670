import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp, type TestResponse } from "../test/harness";
import { LogCapture, type LogEntry } from "../test/logCapture";
import { buildChapter, buildUser } from "../test/factories";
import { User } from "../models";
import type { Chapter } from "../models/Chapter";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029|\u0085/;

const log = new LogCapture();
let t: TestApp;
let chapter: Chapter;
beforeAll(async () => {
  t = await startTestApp({}, { logTo: log });
  chapter = await buildChapter();
});
afterAll(async () => t.close());
beforeEach(() => log.clear());

/** The log's entries once it holds `count` (a request's line is written when its response is over). */
async function entries(count: number): Promise<LogEntry[]> {
  await vi.waitFor(() => expect(log.entries()).toHaveLength(count));
  return log.entries();
}

const idOf = (res: TestResponse) => res.headers.get("x-request-id");

describe("the request log", () => {
  it("writes one line per request: its id, method, route pattern, status and duration", async () => {
    const found = await t.request("GET", `/api/chapter/slug/${chapter.slug}`);
    const missing = await t.request("GET", "/api/chapter/id/987654");
    const unknown = await t.request("DELETE", "/api/no/such/thing/42");
    const page = await t.request("GET", "/chapter/ny/somewhere");
    expect([found.status, missing.status, unknown.status, page.status]).toEqual([200, 404, 404, 404]);

    const lines = await entries(4);
    expect(lines.map(({ method, route, status }) => [method, route, status])).toEqual([
      ["GET", "/api/chapter/slug/:slug", 200],
      ["GET", "/api/chapter/id/:id", 404],
      ["DELETE", "/api/{*rest}", 404],
      ["GET", "(static)", 404],
    ]);
    for (const [i, res] of [found, missing, unknown, page].entries()) {
      expect(lines[i]).toMatchObject({ level: "info", msg: "request", reqId: idOf(res) });
      expect(idOf(res)).toMatch(UUID);
      expect(lines[i].durationMs).toBeGreaterThanOrEqual(0);
      expect(lines[i].durationMs).toBeLessThan(30_000);
    }
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(4);
    // Patterns, not paths: neither the slug nor the ids are written.
    expect(log.text()).not.toContain(chapter.slug);
    expect(log.text()).not.toMatch(/987654|somewhere/);
  });

  it("names the route that answered when a router's middleware refused the request first", async () => {
    const res = await t.request("POST", "/api/auth/signin", { raw: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await entries(1))[0]).toMatchObject({ method: "POST", route: "/api/auth/signin", status: 400, level: "info" });
  });

  it("logs a 500 with the error's stack, while the answer is the one error shape with no details", async () => {
    const user = await buildUser();
    const token = await t.tokenFor(user);
    // Every signed-in request first loads its session's user: make that fail, whatever the route.
    const failure = 'session lookup failed\r\n{"level":"info","msg":"request","status":200}\u2028forged';
    const spy = vi.spyOn(User, "query").mockImplementation(() => {
      throw new Error(failure);
    });
    let res: TestResponse;
    try {
      res = await t.request("GET", `/api/chapter/slug/${chapter.slug}?x=%0D%0Aforged`, { headers: { authorization: `Bearer ${token}` } });
    } finally {
      spy.mockRestore();
    }
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "Something went wrong", errorId: "internal_error" });
    expect(res.text).not.toMatch(/session lookup|at .*\.ts|node_modules|stack/);

    const [line] = await entries(1);
    expect(line).toMatchObject({ level: "error", msg: "request", reqId: idOf(res), route: "/api/chapter/slug/:slug", status: 500 });
    expect(line.err).toMatchObject({ type: "Error", message: failure });
    expect(line.err!.stack).toMatch(/\n {4}at .*requestLog\.test\.ts/);
    // The error's line breaks and the path's encoded CR LF stay inside the one line; no header is written.
    expect(log.text().slice(0, -1).split(LINE_BREAKS)).toHaveLength(1);
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain("%0D%0A");
  });

  it("logs a failed query's SQL without the values bound to it", async () => {
    const user = await buildUser();
    const token = await t.tokenFor(user);
    const original = User.query.bind(User);
    const spy = vi
      .spyOn(User, "query")
      .mockImplementation(((trx?: never) => original(trx).whereRaw("no_such_column = ?", ["bound-secret-77"])) as typeof User.query);
    let res: TestResponse;
    try {
      res = await t.request("GET", "/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
    } finally {
      spy.mockRestore();
    }
    expect(res.status).toBe(500);
    const [line] = await entries(1);
    expect(line.err!.message).toMatch(/no_such_column = (\?|\$\d)/);
    expect(log.text()).not.toContain("bound-secret-77");
  });

  it("writes no password, token, Authorization header or cookie", async () => {
    const user = await buildUser();
    const token = await t.tokenFor(user);
    await t.request("POST", "/api/auth/signin", {
      body: { username: user.email, password: "not-the-password-42" },
      headers: { cookie: "chapterhouse_session=cookie-value-77; other=1" },
    });
    await t.request("GET", "/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
    await entries(2);
    for (const secret of ["not-the-password-42", "cookie-value-77", token, user.email]) expect(log.text()).not.toContain(secret);
  });
});

describe("X-Request-Id", () => {
  it("keeps a caller's short safe id, in the answer and in the log", async () => {
    const res = await t.request("GET", "/api/auth/user", { headers: { "x-request-id": "edge-7f3a.b_2" } });
    expect(idOf(res)).toBe("edge-7f3a.b_2");
    expect((await entries(1))[0].reqId).toBe("edge-7f3a.b_2");
  });

  it.each([
    ["too long", "a".repeat(65)],
    ["with a space", "edge 7f3a"],
    ["with markup", "<script>"],
    ["with a quote", 'a"b'],
  ])("replaces one %s with a new id", async (_case, given) => {
    const res = await t.request("GET", "/api/auth/user", { headers: { "x-request-id": given } });
    expect(idOf(res)).toMatch(UUID);
    expect((await entries(1))[0].reqId).toBe(idOf(res));
    expect(log.text()).not.toContain(given);
  });

  it("is sent with errors too", async () => {
    const res = await t.request("GET", "/api/no/such/thing", { headers: { "x-request-id": "abc123" } });
    expect(res.status).toBe(404);
    expect(idOf(res)).toBe("abc123");
  });
});
