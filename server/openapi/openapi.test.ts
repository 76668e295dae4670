import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { z } from "zod";
import { apiRoutes, createApp } from "../app";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildEvent, buildPersonas } from "../test/factories";
import { buildOpenApiDocument, openApiPath, operationIdOf } from "./document";
import { renderDocsPage, typeText } from "./docsPage";
import { operations } from "./operations";
import * as ch from "./answers/chapters";
import * as ct from "./answers/content";
import * as ls from "./answers/lists";
import * as pp from "./answers/people";

type Doc = { paths: Record<string, Record<string, { operationId: string; summary: string }>>; components: { schemas: Record<string, unknown> } };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The routes the app's routers answer, as the table keys them ("GET /api/chapter/slug/:slug"), less the 404 catch-all. */
const routerKeys = () =>
  apiRoutes(createApp(t.services))
    .filter((r) => !r.path.includes("{*"))
    .map((r) => `${r.method} ${r.path}`);

const documentKeys = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));

describe("the OpenAPI document", () => {
  const doc = buildOpenApiDocument() as unknown as Doc;

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is refused by the validator when broken (the check can fail)", async () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths["/api/site_config"].get.responses = { 200: { content: {} } }; // a response needs a description
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("describes every route of the API router (add the missing ones to server/openapi/operations.ts)", () => {
    const documented = new Set(documentKeys(doc));
    const missing = routerKeys().filter((key) => !documented.has(key.replace(/:(\w+)/g, "{$1}")));
    expect(missing).toEqual([]);
    expect(routerKeys().length).toBeGreaterThan(100);
  });

  it("describes no route the router does not have", () => {
    const served = new Set(routerKeys().map((key) => key.replace(/:(\w+)/g, "{$1}")));
    expect(documentKeys(doc).filter((key) => !served.has(key))).toEqual([]);
    expect(Object.keys(operations).filter((key) => !served.has(openApiPath(key)))).toEqual([]);
  });

  it("writes path parameters the OpenAPI way, with a type", () => {
    const op = doc.paths["/api/chapter_event/chapter/{chapterId}/all"].get as unknown as {
      parameters: { name: string; in: string; schema: { type: string } }[];
    };
    expect(op.parameters).toContainEqual({ name: "chapterId", in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 2147483647 } });
    expect(operationIdOf("GET", "/api/chapter/slug/:slug")).toBe("getChapterSlugBySlug");
    expect(new Set(documentKeys(doc).map((k) => k)).size).toBe(Object.keys(operations).length);
  });

  it("gives request bodies, queries and answers their shapes from the contracts", () => {
    const post = doc.paths["/api/chapter_note"].post as unknown as { requestBody: { content: Record<string, { schema: { required: string[] } }> } };
    expect(post.requestBody.content["application/json"].schema.required).toEqual(expect.arrayContaining(["chapterId", "note"]));
    const list = doc.paths["/api/chapters"].get as unknown as {
      parameters: { name: string }[];
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(list.parameters.map((p) => p.name)).toEqual(["q", "sort", "page", "limit"]);
    expect(list.responses["200"].content["application/json"].schema).toEqual({ type: "array", items: { $ref: "#/components/schemas/ChapterSummary" } });
    expect(doc.components.schemas.ChapterSummary).toMatchObject({ required: expect.arrayContaining(["id", "slug", "displayTitle", "chapterType"]) });
    const csvAnswer = doc.paths["/api/chapter_health/export.csv"].get as unknown as { responses: Record<string, { content: Record<string, unknown> }> };
    expect(Object.keys(csvAnswer.responses["200"].content)).toEqual(["text/csv"]);
  });
});

describe("the answers match their documented shapes", () => {
  /** Parsing strips fields the schema does not name, so an answer equal to its parse has no field the document misses. */
  const expectShape = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);

  it("for a chapter's page, the chapter lists, the site's config and the front page", async () => {
    const chapter = await buildChapter();
    expectShape(ch.ChapterDetail, (await t.request("GET", `/api/chapter/slug/${chapter.slug}`)).body);
    const chapters = (await t.request("GET", "/api/chapters")).body as unknown[];
    expect(chapters.length).toBeGreaterThan(0);
    for (const row of chapters) expectShape(ch.ChapterSummary, row);
    expectShape(ch.ChapterPins, (await t.request("GET", "/api/chapters/pins")).body);
    expectShape(ct.SiteConfig, (await t.request("GET", "/api/site_config")).body);
    expectShape(ct.FrontPage, (await t.request("GET", "/api/front_page")).body);
    expectShape(pp.AuthAnswer, (await t.request("GET", "/api/auth/user")).body);
  });

  it("for what a host and an admin read: events, notes, permissions, stats, users, email settings", async () => {
    const chapter = await buildChapter();
    const { host, admin } = await buildPersonas(chapter);
    const event = await buildEvent(chapter);
    expectShape(ch.ChapterEvent, (await t.request("GET", `/api/chapter_event/slug/${event.slug}`, { as: host })).body);
    const active = (await t.request("GET", "/api/chapters/active")).body as { chapterEvents: unknown[] }[];
    expect(active.some((c) => c.chapterEvents.length > 0)).toBe(true);
    for (const row of active) expectShape(ch.ChapterWithEvents, row);
    const note = await t.request("POST", "/api/chapter_note", { as: host, body: { chapterId: chapter.id, note: "Hello" } });
    expect(note.status).toBe(201);
    expectShape(pp.ChapterNote, note.body);
    for (const row of (await t.request("GET", `/api/permission/${chapter.id}`, { as: host })).body) expectShape(pp.Permission, row);
    expectShape(ch.ChapterStats, (await t.request("GET", `/api/chapter_stats/chapter/${chapter.id}`, { as: host })).body);
    expectShape(pp.AuthAnswer, (await t.request("GET", "/api/auth/user", { as: admin })).body);
    expectShape(pp.UserDetail, (await t.request("GET", `/api/user/user/${host.id}`, { as: admin })).body);
    expectShape(ls.EmailSettings, (await t.request("GET", "/api/email_settings", { as: admin })).body);
    expectShape(ch.HealthPage, (await t.request("GET", "/api/chapter_health/summary", { as: admin })).body);
    expectShape(pp.ApiError, (await t.request("GET", `/api/user/user/${host.id}`, { as: host })).body);
  });
});

describe("GET /api/openapi.json and GET /api/docs", () => {
  it("serve the document to anyone, cacheable, with an ETag that answers 304", async () => {
    const res = await t.request("GET", "/api/openapi.json", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await t.request("GET", "/api/openapi.json", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("serve a readable page listing each operation, with no script", async () => {
    const res = await t.request("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('<article id="getChapterSlugBySlug"><h3><span class="method GET">GET</span> <code>/api/chapter/slug/{slug}</code></h3>');
    expect(res.text).toContain("<p>A chapter&#39;s page by slug</p>");
    // Each operation says whether it needs signing in, from its security in the document.
    expect(res.text).toContain('<p>A chapter&#39;s page by slug</p><p class="access">Open to anyone; signed in, the answer may say more.</p>');
    expect(res.text).toContain(
      '<p>A chapter&#39;s notes</p><p class="access">Sign in first: the session cookie (with the X-CSRF-Token header on writes) or Authorization: Bearer.</p>',
    );
    expect(res.text).toContain('<section id="schema-ChapterSummary">');
    const articles = res.text.match(/<article /g) ?? [];
    expect(articles.length).toBe(Object.keys(operations).length);
  });

  it("escape every text taken from the document", () => {
    const doc = buildOpenApiDocument({
      "GET /api/x/:id": { tag: "<b>Tag</b>", summary: "<script>alert(1)</script>", answer: pp.ResultAnswer },
    });
    const page = renderDocsPage(doc);
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("&lt;b&gt;Tag&lt;/b&gt;");
    expect(typeText({ enum: ['"><img src=x>'] })).toBe("<code>&quot;\\&quot;&gt;&lt;img src=x&gt;&quot;</code>");
  });
});
