import fs from "node:fs";
import net from "node:net";
import zlib from "node:zlib";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiRoutes, createApp } from "../app";
import { startTestApp, type TestApp } from "../test/harness";
import { LogCapture } from "../test/logCapture";
import { buildAdmin, buildChapter, buildEvent } from "../test/factories";
import { complete, MULTIPART_TYPE, part } from "../test/multipart";
import { JOIN_LIST_PATH } from "../contracts/mailingList";
import { NASTY_PATH_VALUES, NASTY_QUERIES, NASTY_VALUES, RAW_BODIES, STACK_TEXT, nastyFieldValue, plausibleBody } from "../test/fuzzInputs";

/**
 * Every route the app serves (listed from its routers, so a new route is covered without editing this file)
 * gets hostile path values, query strings and bodies, anonymously and as an admin (Bearer, so no CSRF header
 * is needed and the validation behind authorization runs). No answer may be a 5xx or carry stack text, and
 * nothing may be logged at error level: the server's log is read (at info) to check.
 */

const log = new LogCapture();
let t: TestApp;
let admin: { id: number };
let adminToken: string;
let fill: Record<string, string>;
let base: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp({}, { logTo: log });
  const chapter = await buildChapter();
  await buildEvent(chapter);
  admin = await buildAdmin();
  adminToken = await t.tokenFor(admin);
  fill = {
    id: String(chapter.id),
    chapterId: String(chapter.id),
    userId: String(admin.id),
    slug: chapter.slug,
    state: "il",
    page: "0",
    count: "5",
    token: "x".repeat(30),
    secret: "x",
  };
  base = plausibleBody({
    chapterId: chapter.id,
    userId: admin.id,
    listId: chapter.sendInBlueListId,
    domain: Object.values(t.config.chapterEmailDomains)[0] ?? "example.org",
  });
});
afterAll(() => t.close());

const FUZZ_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

interface Attempt {
  method: string;
  path: string;
  as: "anonymous" | "admin";
  label: string;
  contentType?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Fills every :param (and the catch-all) of a route pattern, with `value` for the one at `index` (all when -1). */
function fillPath(pattern: string, value: string | null, index = -1): string {
  let i = 0;
  return pattern.replace(/:(\w+)|\{\*\w+\}/g, (_, name: string | undefined) => {
    const here = i++;
    if (value !== null && (index === -1 || index === here)) return value;
    return name ? (fill[name] ?? "1") : "no/such/thing";
  });
}

const paramCount = (pattern: string) => (pattern.match(/:(\w+)|\{\*\w+\}/g) ?? []).length;

/**
 * The requests for one route and caller. `deep` ones (one nasty field in a plausible body) are sent only when
 * the plausible body itself got past authentication: behind a 401 or 403 they would all stop at the same check.
 */
interface Group {
  always: Attempt[];
  probe?: Attempt;
  deep: Attempt[];
}

function groupsFor(method: string, pattern: string): Group[] {
  return (["anonymous", "admin"] as const).map((as) => {
    const group: Group = { always: [], deep: [] };
    const plain = fillPath(pattern, null);
    const add = (a: Omit<Attempt, "method" | "as">, list = group.always) => list.push({ method, as, ...a });
    for (let p = 0; p < paramCount(pattern); p++) {
      for (const v of NASTY_PATH_VALUES) add({ path: fillPath(pattern, v, p), label: `path param ${p} = ${v.slice(0, 40)}` });
    }
    if (method === "GET") for (const q of NASTY_QUERIES) add({ path: `${plain}?${q}`, label: `query ${q.slice(0, 60)}` });
    if (!BODY_METHODS.has(method)) {
      add({ path: `${plain}?x=a%00b`, label: "NUL in the query" });
      return group;
    }
    const json = (label: string, body: unknown, list = group.always) =>
      add({ path: plain, label, contentType: "application/json", body: JSON.stringify(body) }, list);
    for (const raw of RAW_BODIES) add({ path: plain, label: raw.label, contentType: raw.contentType, body: raw.body });
    for (const v of NASTY_VALUES) json(`every field = ${JSON.stringify(v)?.slice(0, 40)}`, Object.fromEntries(Object.keys(base).map((k) => [k, v])));
    group.probe = { method, as, path: plain, label: "plausible body", contentType: "application/json", body: JSON.stringify(base) };
    for (const [key, plausible] of Object.entries(base)) {
      const v = nastyFieldValue(key, plausible);
      if (v !== undefined) json(`${key} = ${JSON.stringify(v)}`, { ...base, [key]: v }, group.deep);
    }
    return group;
  });
}

interface Outcome {
  status: number;
  text: string;
}

/** What the server logged at error level (or worse) since the log was last cleared, a line each. */
const errorLines = () =>
  log
    .entries()
    .filter((entry) => entry.level === "error" || entry.level === "fatal")
    .map((entry) => `${entry.method} ${entry.route} ${entry.status ?? ""}: ${entry.msg} ${entry.err?.message ?? ""}`);

/**
 * One request. A stream (text/event-stream: GET /api/admin/events never ends) is judged on its status and
 * headers, then dropped. No answer within 10 s counts as a failure (999).
 */
async function send(a: Attempt): Promise<Outcome> {
  const headers: Record<string, string> = { ...a.headers };
  if (a.as === "admin") headers.authorization = `Bearer ${adminToken}`;
  if (a.contentType) headers["content-type"] = a.contentType;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 10_000);
  try {
    const res = await fetch(t.baseUrl + a.path, { method: a.method, headers, body: a.body as BodyInit | undefined, signal: abort.signal, redirect: "manual" });
    if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      abort.abort();
      return { status: res.status, text: "" };
    }
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 999, text: `no answer: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the groups a few at a time; returns a line per failure. */
async function run(groups: Group[], parallel = 8): Promise<{ failures: string[]; sent: number }> {
  const failures: string[] = [];
  let sent = 0;
  const check = async (a: Attempt) => {
    const outcome = await send(a);
    sent++;
    const stack = STACK_TEXT.exec(outcome.text);
    if (outcome.status >= 500 || stack) {
      failures.push(
        `${a.method} ${a.path.slice(0, 120)} as ${a.as} [${a.label}] -> ${outcome.status}${stack ? ` with stack text "${stack[0]}"` : ""}: ${outcome.text.slice(0, 160)}`,
      );
    }
    return outcome;
  };
  const probeThenDeep = (g: Group) => async () => {
    const { status } = await check(g.probe!);
    if (status !== 401 && status !== 403) for (const a of g.deep) await check(a);
  };
  const queue = groups.flatMap((g) => [...g.always.map((a) => () => check(a)), ...(g.probe ? [probeThenDeep(g)] : [])]);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await queue[next++]();
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { failures, sent };
}

describe("every API route under hostile input", () => {
  it("lists the routes from the app's own routers", () => {
    const routes = apiRoutes(createApp(t.services));
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual({ method: "POST", path: "/api/mailing_list/sign_up" });
    expect(routes).toContainEqual({ method: "GET", path: "/api/chapter_calendar/:slug/events.ics" });
  });

  it("sends the admin's requests with a live session", async () => {
    const me = await t.request("GET", "/api/auth/user", { headers: { authorization: `Bearer ${adminToken}` } });
    expect(me.body.user?.id).toBe(admin.id);
  });

  it("never answers 5xx or shows stack text", async () => {
    const routes = apiRoutes(createApp(t.services)).filter((r) => FUZZ_METHODS.has(r.method));
    const started = Date.now();
    // Deletes run after everything else, so the rows the other routes use exist while they run (and the
    // answers do not depend on how requests happen to interleave).
    const phases = [routes.filter((r) => r.method !== "DELETE"), routes.filter((r) => r.method === "DELETE")];
    const failures: string[] = [];
    let sent = 0;
    for (const phase of phases) {
      const result = await run(phase.flatMap((r) => groupsFor(r.method, r.path)));
      failures.push(...result.failures);
      sent += result.sent;
    }
    // FUZZ_REPORT=file writes every failure there (the assertion shows the first 60).
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, failures.join("\n"));
    console.info(`fuzz: ${sent} requests to ${routes.length} routes in ${Date.now() - started} ms`);
    expect(failures.slice(0, 60), `${failures.length} of ${sent} requests failed`).toEqual([]);
    expect(errorLines().slice(0, 60)).toEqual([]);
  }, 170_000);
});

/** The fuzz above may have deleted the admin's chapter and ended their session: the tests below start anew. */
async function freshAdminAndChapter() {
  admin = await buildAdmin();
  adminToken = await t.tokenFor(admin);
  fill.id = fill.chapterId = String((await buildChapter()).id);
}

describe("bodies that are not what their Content-Encoding says", () => {
  const ENCODINGS = ["gzip", "deflate", "br"];
  beforeAll(freshAdminAndChapter);

  it.each(ENCODINGS)("every POST, PUT and PATCH route answers 400 naming %s, before any sign-in check, and logs no error", async (encoding) => {
    log.clear();
    const routes = apiRoutes(createApp(t.services)).filter((r) => BODY_METHODS.has(r.method));
    const attempts: Attempt[] = routes.flatMap((r) =>
      (["anonymous", "admin"] as const).map((as) => ({
        method: r.method,
        path: fillPath(r.path, null),
        as,
        label: encoding,
        contentType: "application/json",
        headers: { "content-encoding": encoding },
        body: '{"a":1}',
      })),
    );
    attempts.push({
      method: "POST",
      path: JOIN_LIST_PATH,
      as: "anonymous",
      label: "form",
      contentType: "application/x-www-form-urlencoded",
      headers: { "content-encoding": encoding },
      body: "email=a%40example.org",
    });
    const wrong: string[] = [];
    for (let i = 0; i < attempts.length; i += 8) {
      await Promise.all(
        attempts.slice(i, i + 8).map(async (a) => {
          const { status, text } = await send(a);
          const expected = JSON.stringify({ error: `The request body could not be decoded as ${encoding}`, errorId: "bad_body_encoding" });
          if (status !== 400 || text !== expected) wrong.push(`${a.method} ${a.path} as ${a.as} -> ${status} ${text.slice(0, 120)}`);
        }),
      );
    }
    expect(wrong.slice(0, 40), `${wrong.length} of ${attempts.length}`).toEqual([]);
    // A request's line is written once its response is over.
    await vi.waitFor(() => expect(log.messages().filter((m) => m === "request").length).toBeGreaterThanOrEqual(attempts.length));
    expect(errorLines()).toEqual([]);
  });

  it("answers 415 for a Content-Encoding it cannot decode", async () => {
    for (const encoding of ["x-unknown", "gzip, br", "compress"]) {
      const res = await t.request("POST", "/api/password_reset/create", {
        raw: '{"a":1}',
        headers: { "content-type": "application/json", "content-encoding": encoding },
      });
      expect(res.status, encoding).toBe(415);
      expect(res.body).toEqual({
        error: "The request body's Content-Encoding is not supported: send it as it is, or as gzip, deflate or br",
        errorId: "unsupported_body_encoding",
      });
    }
  });

  it("reads a body that is what its Content-Encoding says", async () => {
    const json = JSON.stringify({ email: "nobody@example.org" });
    const encoded = { gzip: zlib.gzipSync(json), deflate: zlib.deflateSync(json), br: zlib.brotliCompressSync(json) };
    for (const [encoding, body] of Object.entries(encoded)) {
      const res = await t.request("POST", "/api/password_reset/create", {
        raw: body,
        headers: { "content-type": "application/json", "content-encoding": encoding },
      });
      expect(res.status, encoding).toBe(200);
    }
  });

  it("refuses an upload sent with a Content-Encoding with 415: uploads are read as they come", async () => {
    const res = await t.request("POST", `/api/chapter/header_image/${fill.id}`, {
      raw: complete(part("file", "abc", "x.png")),
      headers: { authorization: `Bearer ${adminToken}`, "content-type": MULTIPART_TYPE, "content-encoding": "gzip" },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: "An upload may not be sent with a Content-Encoding", errorId: "unsupported_body_encoding" });
  });
});

describe("a body the client stops sending", () => {
  let server: Server;
  let port: number;
  /** The paths of the requests whose middleware has finished, on this file's own app. */
  const settled: string[] = [];

  beforeAll(async () => {
    await freshAdminAndChapter();
    const app = createApp(t.services);
    app.middleware.unshift(async (ctx, next) => {
      try {
        await next();
      } finally {
        settled.push(ctx.path);
      }
    });
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends the head and the first part of a body longer than that, waits until the server reads it, then hangs up. */
  async function sendHalf(path: string, headers: Record<string, string>, body: Buffer) {
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    const head = Object.entries({ host: `127.0.0.1:${port}`, "content-length": String(body.length), ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`POST ${path} HTTP/1.1\r\n${head.join("")}\r\n`);
    socket.write(body.subarray(0, body.length >> 1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.destroy();
  }

  const noise = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const json = Buffer.from(JSON.stringify({ email: "a@example.org", note: noise(20_000) }));
  const form = Buffer.from(`email=a%40example.org&listId=1&back=%2F${noise(10_000)}`);
  const cases: [string, string, Record<string, string>, () => Buffer][] = [
    ["JSON", "/api/password_reset/create", { "content-type": "application/json" }, () => json],
    ["gzip JSON", "/api/password_reset/create", { "content-type": "application/json", "content-encoding": "gzip" }, () => zlib.gzipSync(json)],
    ["br JSON", "/api/password_reset/create", { "content-type": "application/json", "content-encoding": "br" }, () => zlib.brotliCompressSync(json)],
    ["a plain form post", JOIN_LIST_PATH, { "content-type": "application/x-www-form-urlencoded" }, () => form],
    ["a gzip plain form post", JOIN_LIST_PATH, { "content-type": "application/x-www-form-urlencoded", "content-encoding": "gzip" }, () => zlib.gzipSync(form)],
    [
      "an upload",
      "/api/chapter/header_image/:id",
      { "content-type": MULTIPART_TYPE, authorization: "Bearer :token" },
      () => complete(part("file", Buffer.from(noise(20_000)), "x.png")),
    ],
  ];

  it.each(cases)("%s: the request comes to an end and nothing is logged at error level", async (_, pattern, headers, body) => {
    log.clear();
    const path = pattern.replace(":id", fill.id);
    const before = settled.filter((p) => p === path).length;
    await sendHalf(path, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace(":token", adminToken)])), body());
    await vi.waitFor(() => expect(settled.filter((p) => p === path).length).toBe(before + 1), { timeout: 5000 });
    await vi.waitFor(() => expect(log.entries().find((e) => e.msg === "request")).toMatchObject({ aborted: true }));
    expect(errorLines()).toEqual([]);
  });
});
