import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPersonas, type TestApp } from "../test/harness";
import { buildUser, grant } from "../test/factories";
import { expectAccess, WHO, type EndpointCall, type PersonaName, type Personas } from "../test/access";
import { Permission, PressMention, type Chapter } from "../models";

/**
 * One table for the whole chapter admin area: every endpoint, who may call it. A plain user and a host of
 * another chapter are refused (403) on each, visitors get 401. The detailed behaviour is in each module's tests.
 */
let t: TestApp;
let chapter: Chapter;
let p: Personas;
let table: [EndpointCall, PersonaName[]][];

beforeAll(async () => {
  ({ t, chapter, p } = await startWithPersonas());
  const id = chapter.id;
  const mention = await PressMention.query().insertAndFetch({
    title: "T",
    url: "https://x.example",
    notes: "",
    slug: "access_table_mention",
    isVisible: true,
    chapterId: id,
  });
  const someone = await grant(await buildUser(), 3, chapter);
  const permission = await Permission.query().findOne({ userId: someone.id, chapterId: id });
  // Granting a role to one of the personas would change the table under test: grant it to a bystander.
  const bystander = await buildUser();
  let n = 0;
  table = [
    [{ method: "GET", path: `/api/activity_feed_item/chapter/${id}` }, WHO.hostAccess],
    [{ method: "GET", path: "/api/activity_feed_item/all" }, WHO.admin],
    [{ method: "GET", path: `/api/chapter/first_steps/${id}` }, WHO.hostAccess],
    [{ method: "POST", path: "/api/chapter", body: () => ({ id, city: `City ${++n}` }) }, WHO.fieldOrganizerAccess],
    [{ method: "POST", path: "/api/chapter", body: () => ({ id, slug: `slug_${++n}` }) }, WHO.admin],
    [{ method: "POST", path: "/api/chapter", body: () => ({ id, about: `About ${++n}` }) }, WHO.hostAccess],
    [{ method: "POST", path: `/api/chapter/header_image/${id}` }, WHO.hostAccess],
    [{ method: "DELETE", path: `/api/chapter/header_image/${id}` }, WHO.hostAccess],
    [{ method: "GET", path: `/api/permission/${id}` }, WHO.hostAccess],
    [{ method: "POST", path: `/api/permission/${id}`, body: { userId: bystander.id, roleId: 3 } }, WHO.admin],
    [{ method: "POST", path: "/api/permission/delete", body: { id: permission!.id } }, WHO.admin],
    [{ method: "POST", path: "/api/user/search", body: { search: "ab" } }, WHO.admin],
    [{ method: "GET", path: `/api/chapter_link/chapter/${id}` }, WHO.hostAccess],
    [{ method: "POST", path: `/api/chapter_link/chapter/${id}`, body: [] }, WHO.hostAccess],
    [{ method: "GET", path: `/api/chapter_note/chapter/${id}` }, WHO.hostAccess],
    [{ method: "POST", path: "/api/chapter_note", body: { chapterId: id, note: "n" } }, WHO.hostAccess],
    [{ method: "POST", path: "/api/chapter_note", body: { chapterId: id, note: "n", adminOnly: true } }, WHO.admin],
    [{ method: "GET", path: `/api/press_mention/chapter/${id}/all` }, WHO.hostAccess],
    [{ method: "POST", path: "/api/press_mention/", body: { title: "T", url: "https://x.example", chapterId: id } }, WHO.hostAccess],
    [{ method: "POST", path: "/api/press_mention/", body: { title: "T", url: "https://x.example", chapterId: -1 } }, WHO.admin],
    [{ method: "DELETE", path: `/api/press_mention/slug/${mention.slug}` }, WHO.hostAccess],
  ];
});
afterAll(async () => t.close());

describe("chapter admin area: who may call each endpoint", () => {
  it("refuses visitors (401), plain users and hosts of other chapters (403) everywhere; lets the right roles in", async () => {
    for (const [call, allowed] of table) {
      expect(allowed).not.toContain("user");
      expect(allowed).not.toContain("otherHost");
      await expectAccess(t, p, call, allowed);
    }
  });
});
