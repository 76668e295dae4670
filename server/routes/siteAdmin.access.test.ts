/**
 * Every site admin endpoint refuses everyone but admins: anonymous 401; a plain user, a host of
 * another chapter, a host and a field organizer 403. (The admin event stream, which field organizers
 * may also open, is checked in adminEvents.test.ts.)
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildPersonas, buildUser } from "../test/factories";
import { buildApplication } from "../test/siteAdminFactories";
import { expectAccess, WHO, type EndpointCall, type Personas } from "../test/access";
import type { Chapter, ChapterHostApplication, User } from "../models";

let t: TestApp;
let who: Personas;
let chapter: Chapter;
let application: ChapterHostApplication;
let someone: User;

beforeAll(async () => {
  t = await startTestApp();
  chapter = await buildChapter();
  who = await buildPersonas(chapter);
  someone = await buildUser();
  application = await buildApplication();
});
afterAll(async () => t.close());

const uniq = () => Math.random().toString(36).slice(2, 8);

/** One row per endpoint: a label and the call (built lazily, after the records exist). */
const ENDPOINTS: Array<[string, () => EndpointCall]> = [
  ["GET /api/chapter_host_application", () => ({ method: "GET", path: "/api/chapter_host_application" })],
  ["GET /api/chapter_host_application/user/{userId}", () => ({ method: "GET", path: `/api/chapter_host_application/user/${application.userId}` })],
  ["GET /api/chapter_host_application/slug/{slug}/admin", () => ({ method: "GET", path: `/api/chapter_host_application/slug/${application.slug}/admin` })],
  [
    "PUT /api/chapter_host_application/slug/{slug}",
    () => ({ method: "PUT", path: `/api/chapter_host_application/slug/${application.slug}`, body: { didHavePhoneCall: true } }),
  ],
  ["GET /api/chapter_host_application/slug/{slug}/notes", () => ({ method: "GET", path: `/api/chapter_host_application/slug/${application.slug}/notes` })],
  [
    "POST /api/chapter_host_application/slug/{slug}/notes",
    () => ({ method: "POST", path: `/api/chapter_host_application/slug/${application.slug}/notes`, body: { note: "checked" } }),
  ],
  [
    "POST /api/chapter/new",
    () => ({
      method: "POST",
      path: "/api/chapter/new",
      body: () => ({ title: `Town ${uniq()}`, city: "Town", state: "vt", postalCode: "05401", country: "USA" }),
    }),
  ],
  ["GET /api/user/count", () => ({ method: "GET", path: "/api/user/count" })],
  ["GET /api/user/all", () => ({ method: "GET", path: "/api/user/all" })],
  ["POST /api/user/search", () => ({ method: "POST", path: "/api/user/search", body: { search: "pat" } })],
  ["GET /api/user/user/{id}", () => ({ method: "GET", path: `/api/user/user/${someone.id}` })],
  ["GET /api/user_note/user/{id}", () => ({ method: "GET", path: `/api/user_note/user/${someone.id}` })],
  ["POST /api/user_note", () => ({ method: "POST", path: "/api/user_note", body: { note: "hello", aboutUserId: someone.id } })],
  ["POST /api/permission/{chapterId}", () => ({ method: "POST", path: `/api/permission/${chapter.id}`, body: { userId: someone.id, roleId: 3 } })],
  ["POST /api/front_page", () => ({ method: "POST", path: "/api/front_page", body: { imageLinkURL: "https://example.org" } })],
  ["POST /api/front_page_image", () => ({ method: "POST", path: "/api/front_page_image", body: {} })],
  ["GET /api/blog_post", () => ({ method: "GET", path: "/api/blog_post" })],
  ["POST /api/blog_post", () => ({ method: "POST", path: "/api/blog_post", body: () => ({ title: "Post", slug: `post_${uniq()}` }) })],
  ["GET /api/page", () => ({ method: "GET", path: "/api/page" })],
  ["POST /api/page", () => ({ method: "POST", path: "/api/page", body: () => ({ title: "Page", slug: `page_${uniq()}` }) })],
  ["GET /api/wiki_page", () => ({ method: "GET", path: "/api/wiki_page" })],
  ["POST /api/wiki_page", () => ({ method: "POST", path: "/api/wiki_page", body: () => ({ title: "Wiki", slug: `wiki_${uniq()}` }) })],
  ["GET /api/press_mention/all", () => ({ method: "GET", path: "/api/press_mention/all" })],
];

describe("site admin endpoints are for admins only", () => {
  it.each(ENDPOINTS)("%s", async (_label, call) => {
    await expectAccess(t, who, call(), WHO.admin);
  });
  it("GET /api/front_page is public", async () => {
    await expectAccess(t, who, { method: "GET", path: "/api/front_page" }, ["anonymous", ...WHO.signedIn]);
  });
});
