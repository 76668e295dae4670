import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { startTestApp, type TestApp, type TestResponse } from "../test/harness";
import { buildAdmin, buildUser } from "../test/factories";
import { seedDemoIfEmpty } from "../seed/demo";
import { buildOpenApiDocument } from "./document";

/**
 * Every GET of the OpenAPI document, asked of a server holding the demo network, anonymously and signed in as an
 * admin: each answer must match what the document says of it (its 2xx schema, or the error shape), checked by a
 * JSON Schema validator (ajv, draft 2020-12) that knows nothing of the zod schemas the document is made from.
 */

type Json = Record<string, unknown>;
interface DocOperation {
  operationId: string;
  security?: Json[];
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}
interface Doc {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Json>; securitySchemes?: Record<string, Json> };
  servers?: { url: string }[];
}

/** The admin event stream never ends: the walk leaves it to server/routes/adminEvents tests. */
const NOT_WALKED = new Set(["/api/admin/events"]);

/** Writes anyone may make with a token from a mail (or signed in without one). */
const TOKEN_WRITES = new Set(["/api/chapter_event/cancel", "/api/chapter_event/confirm"]);

const doc = buildOpenApiDocument() as unknown as Doc;

/** The validator of each answer schema, by its place in the document (`#/paths/...`). */
function validators() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
  ajv.addSchema({ ...doc, $id: "openapi.json" } as Json);
  const pointer = (...parts: string[]) => `openapi.json#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
  const compiled = new Map<string, ValidateFunction>();
  return (...parts: string[]): ValidateFunction => {
    const key = pointer(...parts);
    if (!compiled.has(key)) compiled.set(key, ajv.getSchema(key) ?? ajv.compile({ $ref: key }));
    return compiled.get(key)!;
  };
}

let t: TestApp;
let admin: { id: number };
/** A value for each path parameter, by the path it is in and its name (from the demo network and a few more records). */
let samples: (path: string, name: string) => string;

beforeAll(async () => {
  t = await startTestApp();
  expect(await seedDemoIfEmpty(t.services)).toBe(true);
  admin = await buildAdmin();
  const knex = t.services.knex;
  const applicant = await buildUser({ name: "Ann Applicant" });
  const applied = await t.request("POST", "/api/chapter_host_application", {
    as: applicant,
    body: { type: "drinking", city: "Boise", state: "ID", reason: "Friends who talk politics" },
  });
  expect(applied.status).toBe(201);
  const application = applied.body as { slug: string };
  expect((await t.request("POST", `/api/chapter_host_application/slug/${application.slug}/notes`, { as: admin, body: { note: "Called" } })).status).toBe(201);
  expect((await t.request("POST", "/api/user_note", { as: admin, body: { aboutUserId: applicant.id, note: "Met at the convention" } })).status).toBe(201);

  const chapter = await knex("chapters").where({ slug: "nyc" }).first("id", "slug", "state");
  const first = async (table: string, where: Json = {}) => (await knex(table).where(where).orderBy("id").first("id", "slug")) as { id: number; slug: string };
  const event = await first("chapter_events", { chapter_id: chapter.id });
  const mention = await first("press_mentions", { is_visible: true });
  const post = await first("chapter_blog_posts");
  const blog = await first("blog_posts");
  const page = await first("pages");
  const wiki = await first("wiki_pages");
  const contact = (await knex("mailing_list_contacts").where({ chapter_id: chapter.id }).orderBy("id").first("id")) as { id: number };
  const byName: Record<string, string> = {
    id: String(chapter.id),
    chapterId: String(chapter.id),
    userId: String(applicant.id),
    state: chapter.state,
    count: "8",
    page: "0",
    token: "not-a-real-token",
    secret: "not-the-secret",
    eventSlug: event.slug,
    date: new Date().toISOString().slice(0, 10),
  };
  const slugOf: Array<[string, string]> = [
    ["/api/chapter_event/", event.slug],
    ["/api/press_mention/", mention.slug],
    ["/api/chapter_blog_post/", post.slug],
    ["/api/blog_post/", blog.slug],
    ["/api/page/", page.slug],
    ["/api/wiki_page/", wiki.slug],
    ["/api/chapter_host_application/", application.slug],
  ];
  samples = (path, name) => {
    if (path.startsWith("/api/user/user/")) return String(applicant.id);
    if (path.startsWith("/api/mailing_list/contact_details/")) return String(contact.id);
    if (name === "slug") return slugOf.find(([prefix]) => path.startsWith(prefix))?.[1] ?? chapter.slug;
    const value = byName[name];
    if (value === undefined) throw new Error(`No sample for {${name}} in ${path}`);
    return value;
  };
}, 120_000);
afterAll(() => t?.close());

interface Checked {
  path: string;
  status: number;
  problems: string[];
}

/** Asks every GET of the document as `who` and checks each answer against its documented schema. */
async function walk(who: { id: number } | null): Promise<Checked[]> {
  const validate = validators();
  const checked: Checked[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item.get;
    if (!op || NOT_WALKED.has(path)) continue;
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(samples(path, name)));
    const res: TestResponse = await t.request("GET", url, { as: who });
    const type = (res.headers.get("content-type") ?? "").split(";")[0];
    const code = String(res.status);
    const declared = op.responses[code] ? code : "default";
    const content = op.responses[declared].content ?? {};
    const problems: string[] = [];
    if (res.status === 304 || res.status === 204) {
      checked.push({ path, status: res.status, problems });
      continue;
    }
    if (!content[type]) problems.push(`answered ${type} with ${code}; the document says ${Object.keys(content).join(", ") || "no content"} for ${declared}`);
    else if (type === "application/json") {
      const check = validate("paths", path, "get", "responses", declared, "content", type, "schema");
      if (!check(res.body))
        problems.push(...(check.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(answer)"} ${e.message} ${JSON.stringify(e.params)}`));
    }
    checked.push({ path, status: res.status, problems });
  }
  return checked;
}

const failures = (checked: Checked[]) => checked.filter((c) => c.problems.length > 0).map((c) => `GET ${c.path} (${c.status}): ${c.problems.join("; ")}`);

describe("every GET answer matches its schema in the OpenAPI document (ajv, draft 2020-12)", () => {
  it("for anonymous callers", async () => {
    const checked = await walk(null);
    expect(failures(checked)).toEqual([]);
    // Most reads are public; the rest refuse with the error shape (checked above) and 401.
    const ok = checked.filter((c) => c.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(35);
    expect(checked.filter((c) => c.status === 401).length).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it("signed in as an admin", async () => {
    const checked = await walk(admin);
    expect(failures(checked)).toEqual([]);
    expect(checked.filter((c) => c.status === 401)).toEqual([]);
    expect(checked.filter((c) => c.status === 200).length).toBeGreaterThanOrEqual(70);
  }, 120_000);

  it("the check can fail: an answer that breaks its schema is reported", async () => {
    const validate = validators();
    const check = validate("paths", "/api/press_mention/public/all", "get", "responses", "200", "content", "application/json", "schema");
    const mentions = (await t.request("GET", "/api/press_mention/public/all")).body as Json[];
    expect(mentions.length).toBeGreaterThan(0);
    expect(check(mentions)).toBe(true);
    expect(check(mentions.map(({ slug: _, ...rest }) => rest))).toBe(false);
  });
});

describe("the document's security and servers", () => {
  it("declares the session cookie with the CSRF header, and Bearer tokens", () => {
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "ch_session" }),
      csrfToken: expect.objectContaining({ type: "apiKey", in: "header", name: "X-CSRF-Token" }),
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
  });

  it("says per operation how to call it: writes with the cookie carry the CSRF header; public ones need nothing", () => {
    const ops = Object.values(doc.paths).flatMap((item) => Object.entries(item));
    expect(ops.every(([, op]) => Array.isArray(op.security))).toBe(true);
    const security = (path: string, method: string) => doc.paths[path][method].security;
    expect(security("/api/chapter_note", "post")).toEqual([{ sessionCookie: [], csrfToken: [] }, { bearerAuth: [] }]);
    expect(security("/api/chapter_note/chapter/{chapterId}", "get")).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(security("/api/site_config", "get")).toEqual([{}, { sessionCookie: [] }, { bearerAuth: [] }]);
    expect(security("/api/mailing_list/sign_up", "post")).toEqual([{}, { sessionCookie: [], csrfToken: [] }, { bearerAuth: [] }]);
  });

  it("marks public exactly the operations an anonymous caller may call (401 for the others, before reading any body)", async () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (NOT_WALKED.has(path)) continue;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(samples(path, name)));
        // An empty body (or a token that names nothing): a public write refuses it, so nothing changes.
        const body = TOKEN_WRITES.has(path) ? { token: "not-a-real-token" } : {};
        const status = (await t.request(method.toUpperCase(), url, method === "get" ? {} : { body })).status;
        const isPublic = op.security!.some((s) => Object.keys(s).length === 0);
        if (isPublic === (status === 401))
          wrong.push(`${method.toUpperCase()} ${path}: ${isPublic ? "public" : "signed in"} in the document, ${status} anonymously`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
