import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildHost } from "../test/factories";
import type { Chapter, User } from "../models";
import { ChapterNote, Permission } from "../models";
import { findNul, NUL_MESSAGE } from "./inputGuard";

let t: TestApp;
let chapter: Chapter;
let admin: User;
let host: User;
beforeAll(async () => {
  t = await startTestApp();
  chapter = await buildChapter();
  admin = await buildAdmin();
  host = await buildHost(chapter);
});
afterAll(() => t.close());

describe("NUL characters (Postgres cannot store them: they were 500s there)", () => {
  it("are refused in a JSON body with 400 naming the field, anonymous routes included", async () => {
    const res = await t.request("POST", "/api/mailing_list/sign_up", { body: { email: "ann@example.org", listId: "1\u0000" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: `listId: ${NUL_MESSAGE}`, errorId: "validation_failed", field: "listId" });
    const nested = await t.request("POST", `/api/chapter_link/chapter/${chapter.id}`, {
      as: host,
      body: {
        links: [
          { title: "ok", url: "https://example.org" },
          { title: "a\u0000b", url: "https://example.org" },
        ],
      },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.field).toBe("links.1.title");
    const key = await t.request("POST", "/api/auth/signin", {
      raw: '{"user\\u0000name":"a@b.org","password":"x"}',
      headers: { "content-type": "application/json" },
    });
    expect(key.status).toBe(400);
    expect(key.body.field).toBe("user\u0000name");
  });

  it("are refused in form and text bodies", async () => {
    const form = await t.request("POST", "/api/mailing_list/sign_up", {
      raw: "email=ann%40example.org&listId=1%00",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    expect(form.body.field).toBe("listId");
    const text = await t.request("POST", "/api/auth/signin", { raw: "a\u0000b", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe(NUL_MESSAGE);
  });

  it("are refused in the path and the query string, before any route (the calendar lane too)", async () => {
    for (const path of [
      "/api/chapter/slug/a%00b",
      "/api/chapter_calendar/a%00b/events.ics",
      "/api/mailing_list/unsubscribe/%00",
      "/api/press_mention/slug/a%00b",
    ]) {
      const res = await t.request("GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: NUL_MESSAGE, errorId: "validation_failed" });
    }
    const query = await t.request("GET", "/api/chapters/search?q=ab%00c");
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ error: `q: ${NUL_MESSAGE}`, field: "q" });
  });

  it("are found at any depth without recursion", () => {
    const deep = JSON.parse('{"a":'.repeat(20_000) + '"x\\u0000"' + "}".repeat(20_000));
    expect(findNul(deep)?.split(".").length).toBe(20_000);
    expect(findNul({ a: ["ok", { b: "fine" }] })).toBeNull();
    expect(findNul("a\u0000")).toBe("");
  });
});

describe("ids beyond a 32-bit integer (out of range on Postgres: they were 500s there)", () => {
  it("are refused in bodies with 400 '{field} must be a positive whole number'", async () => {
    const note = await t.request("POST", "/api/chapter_note", { as: host, body: { chapterId: 2147483648, note: "Hello" } });
    expect(note.status).toBe(400);
    expect(note.body).toMatchObject({ error: "chapterId must be a positive whole number", field: "chapterId" });
    const grant = await t.request("POST", `/api/permission/${chapter.id}`, { as: admin, body: { userId: 2147483648, roleId: 2 } });
    expect(grant.body).toMatchObject({ error: "userId must be a positive whole number", field: "userId" });
    const removal = await t.request("POST", "/api/permission/delete", { as: admin, body: { id: 99999999999 } });
    expect(removal.body).toMatchObject({ error: "id must be a positive whole number", field: "id" });
    const event = await t.request("POST", "/api/chapter_event", { as: host, body: { id: "2147483648", chapterId: chapter.id } });
    expect(event.body).toMatchObject({ error: "id must be a positive whole number", field: "id" });
    const post = await t.request("POST", "/api/blog_post", { as: admin, body: { id: 2147483648, title: "T", slug: "t" } });
    expect(post.body).toMatchObject({ error: "id must be a positive whole number", field: "id" });
    const settings = await t.request("POST", "/api/chapter", { as: admin, body: { id: chapter.id, chapterTypeId: 2147483648 } });
    expect(settings.body).toMatchObject({ error: "chapterTypeId must be a positive whole number", field: "chapterTypeId" });
    const mention = await t.request("POST", "/api/press_mention", { as: admin, body: { title: "T", url: "https://example.org", chapterId: 2147483648 } });
    expect(mention.body).toMatchObject({ error: "chapterId must be a chapter id, or -1 for none", field: "chapterId" });
    const alias = await t.request("POST", "/api/admin/mailgun/aliases", {
      as: admin,
      body: { localPart: "x", domain: Object.values(t.config.chapterEmailDomains)[0], recipients: ["a@example.org"], chapterId: 2147483648 },
    });
    expect(alias.body).toMatchObject({ error: "chapterId must be a positive whole number", field: "chapterId" });
    const userNote = await t.request("POST", "/api/user_note", { as: admin, body: { aboutUserId: 2147483648, note: "x" } });
    expect(userNote.body).toMatchObject({ error: "aboutUserId must be a positive whole number", field: "aboutUserId" });
    expect(await ChapterNote.query().resultSize()).toBe(0);
    expect(await Permission.query().where({ chapterId: chapter.id }).resultSize()).toBe(1);
  });

  it("still accept the largest id", async () => {
    const res = await t.request("POST", "/api/chapter_note", { as: host, body: { chapterId: 2147483647, note: "Hello" } });
    expect(res.status).toBe(404);
  });
});
