import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser } from "../test/factories";
import { MailingListContact, type Chapter } from "../models";
import { JOIN_LIST_PATH } from "../contracts/mailingList";
import { FORM_RESULT_COOKIE, safeBackPath } from "./formResult";

const INDEX = `<!doctype html><html lang="en"><head><title>Living Liberally</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let chapter: Chapter;

/** The signup form as a browser with JavaScript off posts it. */
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request("POST", JOIN_LIST_PATH, {
    raw: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });

const resultCookie = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FORM_RESULT_COOKIE}=`))!
    .split(";")[0];

/** The page the form returns to, as the browser then loads it (with the result cookie); its text without tags. */
async function pageText(location: string, cookie: string) {
  const res = await t.request("GET", location, { headers: { accept: "text/html", cookie } });
  return {
    res,
    text: res.text
      .replace(/<style[\s\S]*?<\/style>/g, "")
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  };
}

beforeAll(async () => {
  t = await startTestApp({}, { uiIndex: INDEX });
  chapter = await buildChapter({ slug: "boise", title: "Drinking Liberally", city: "Boise", state: "id" });
}, 120_000);
afterAll(async () => t.close());

describe("the mailing-list signup as a plain form post (no JavaScript)", () => {
  it("signs the visitor up and returns to the page, which shows Success! in its widget once", async () => {
    const res = await post({ email: "Nora@Example.org", listId: chapter.sendInBlueListId, back: "/chapter/id/boise" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/chapter/id/boise");
    expect(await MailingListContact.query().findOne({ chapterId: chapter.id, email: "nora@example.org" })).toBeTruthy();

    const cookie = resultCookie(res);
    const shown = await pageText("/chapter/id/boise", cookie);
    expect(shown.text).toContain("Success!");
    // Read once: the page clears the cookie, so a reload shows the form again.
    expect(shown.res.headers.getSetCookie().some((c) => c.startsWith(`${FORM_RESULT_COOKIE}=;`))).toBe(true);
    const again = await pageText("/chapter/id/boise", "");
    expect(again.text).not.toContain("Success!");
    expect(again.text).toContain("Join the mailing list");
  }, 60_000);

  it("returns a refusal with the same message the widget shows after 'Oops. ', and a Try again link back to the form", async () => {
    const res = await post({ email: "a@b", listId: chapter.sendInBlueListId, back: "/chapter/id/boise" });
    expect(res.status).toBe(303);
    const shown = await pageText("/chapter/id/boise", resultCookie(res));
    expect(shown.text).toContain("Oops. Email is not a valid email address");
    // Try again loads the page again (a link to …#join from …#join would only scroll, leaving the answer).
    expect(shown.res.text).toMatch(/<a[^>]*href="\/chapter\/id\/boise"[^>]*>Try again<\/a>/);
    expect(await MailingListContact.query().where({ chapterId: chapter.id }).resultSize()).toBe(1);
  }, 60_000);

  it("acts as an anonymous visitor whatever session cookie comes with it, so a cross-site form cannot act for anyone", async () => {
    const user = await buildUser({ name: "Signed In", email: "signed@example.org" });
    const token = await t.tokenFor(user);
    const res = await post({ email: "other@example.org", listId: chapter.sendInBlueListId, back: "/chapter/id/boise" }, { cookie: `ch_session=${token}` });
    expect(res.status).toBe(303);
    const contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email: "other@example.org" });
    expect(contact).toBeTruthy();
  });

  it("comes back to the signup box's section when the form names it (the chapter page's #join)", async () => {
    const res = await post({ email: "anchored@example.org", listId: chapter.sendInBlueListId, back: "/chapter/id/boise#join" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/chapter/id/boise#join"]);
    const form = await t.request("GET", "/chapter/id/boise", { headers: { accept: "text/html" } });
    expect(form.text).toContain('name="back" value="/chapter/id/boise#join"');
  });

  it("only ever returns to a page of this site", async () => {
    const res = await post({ email: "x@example.org", listId: chapter.sendInBlueListId, back: "//evil.example/phish" });
    expect(res.headers.get("location")).toBe("/");
    expect(safeBackPath("/chapter/id/boise?x=1")).toBe("/chapter/id/boise?x=1");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", undefined, 42, "/a\r\nSet-Cookie: x=1"]) {
      expect(safeBackPath(bad)).toBe("/");
    }
  });
});
