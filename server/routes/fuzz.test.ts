import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, createApp } from "../app";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildEvent } from "../test/factories";
import { NASTY_PATH_VALUES, NASTY_QUERIES, NASTY_VALUES, RAW_BODIES, STACK_TEXT, nastyFieldValue, plausibleBody } from "../test/fuzzInputs";

/**
 * Every route the app serves (listed from its routers, so a new route is covered without editing this file)
 * gets hostile path values, query strings and bodies, anonymously and as an admin (Bearer, so no CSRF header
 * is needed and the validation behind authorization runs). No answer may be a 5xx or carry stack text.
 */

let t: TestApp;
let admin: { id: number };
let adminToken: string;
let fill: Record<string, string>;
let base: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
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

/**
 * One request. A stream (text/event-stream: GET /api/admin/events never ends) is judged on its status and
 * headers, then dropped. No answer within 10 s counts as a failure (999).
 */
async function send(a: Attempt): Promise<Outcome> {
  const headers: Record<string, string> = {};
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
  }, 170_000);
});
