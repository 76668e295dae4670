import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { expectAccess, WHO, type Personas } from "../test/access";
import { ActivityFeedItem, ChapterLink } from "../models";
import type { Chapter } from "../models";

let t: TestApp;
let chapter: Chapter;
let p: Personas;
beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas());
  await ChapterLink.query().insert({ chapterId: chapter.id, title: "Facebook", url: "https://facebook.com/x", position: 0 });
});
afterAll(async () => t.close());

const path = () => `/api/chapter_link/chapter/${chapter.id}`;

describe("chapter links", () => {
  it("GET and POST need host access", async () => {
    await expectAccess(t, p, { method: "GET", path: path() }, WHO.hostAccess);
    await expectAccess(t, p, { method: "POST", path: path(), body: [{ title: "Facebook", url: "https://facebook.com/x" }] }, WHO.hostAccess);
  });

  it("replaces the whole list in order, dropping rows with an empty title or URL", async () => {
    const res = await t.request("POST", path(), {
      as: p.host,
      body: [
        { title: " Venue ", url: " https://venue.example/ " },
        { title: "No URL", url: "" },
        { title: "", url: "https://no-title.example" },
        { title: "Blog", url: "http://blog.example" },
        { title: null, url: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.map((l: { title: string; url: string }) => [l.title, l.url])).toEqual([
      ["Venue", "https://venue.example/"],
      ["Blog", "http://blog.example"],
    ]);
    const get = await t.request("GET", path(), { as: p.fieldOrganizer });
    expect(get.body.map((l: { title: string }) => l.title)).toEqual(["Venue", "Blog"]);
    const item = await ActivityFeedItem.query().where({ chapterId: chapter.id, type: "chapter_link" }).orderBy("id", "desc").first();
    expect(item).toMatchObject({ userId: p.host.id, note: "2 links" });
    // The public chapter answer shows the same list.
    const pub = await t.request("GET", `/api/chapter/id/${chapter.id}`);
    expect(pub.body.chapterLinks.map((l: { title: string }) => l.title)).toEqual(["Venue", "Blog"]);
  });

  it("accepts {links: [...]} too", async () => {
    const res = await t.request("POST", path(), { as: p.admin, body: { links: [{ title: "One", url: "https://one.example" }] } });
    expect(res.body).toHaveLength(1);
  });

  it("refuses URLs other than http and https, naming the row, and keeps the old list", async () => {
    for (const url of ["javascript:window.__xss=1", "data:text/html,<script>alert(1)</script>", "ftp://x.example", "not a url", "//evil.example"]) {
      const res = await t.request("POST", path(), {
        as: p.admin,
        body: [
          { title: "Good", url: "https://good.example" },
          { title: "Bad", url },
        ],
      });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ error: "Link 2: URL must start with http:// or https://", field: "links.1.url" });
    }
    expect((await t.request("GET", path(), { as: p.admin })).body.map((l: { title: string }) => l.title)).toEqual(["One"]);
  });

  it("an empty list removes every link; bad shapes are 400", async () => {
    expect((await t.request("POST", path(), { as: p.admin, body: [] })).body).toEqual([]);
    expect((await t.request("POST", path(), { as: p.admin, body: { links: "nope" } })).status).toBe(400);
    expect((await t.request("GET", "/api/chapter_link/chapter/999999", { as: p.admin })).status).toBe(404);
  });
});
