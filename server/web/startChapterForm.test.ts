import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { buildUser, TEST_PASSWORD } from "../test/factories";
import { cookieOf, firstFormTag, pageOf, postForm } from "../test/formPosts";
import { ChapterHostApplication, User } from "../models";
import { FORM_RESULT_COOKIE } from "./formResult";
import { FORM_FROM_ANOTHER_SITE } from "./accountForms";

let t: TestApp;
const page = (location: string, ...cookies: (string | undefined)[]) => pageOf(t, location, cookies.filter(Boolean).join("; "));
const application = { step: "application", city: "Boise", state: "id", type: "dining", reason: "We need a table of our own." };

/** A browser signed in with the sign-in form: its session cookie. */
async function signedIn(email: string): Promise<string> {
  await buildUser({ name: "Ada Apply", email });
  return cookieOf(await postForm(t, "/signin", { email, password: TEST_PASSWORD }), "ch_session")!;
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org" }, { uiIndex: TEST_INDEX_HTML });
}, 120_000);
afterAll(async () => t.close());

describe("/start_chapter without JavaScript", () => {
  it("shows a signed-out visitor the account form, posting to /start_chapter, its Create Account button enabled", async () => {
    const { res, text } = await page("/start_chapter");
    expect(res.status).toBe(200);
    expect(text).toContain("First, create your account");
    const form = firstFormTag(res.text);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/start_chapter"');
    expect(res.text).toMatch(/<input type="hidden" name="step" value="account"\/>/);
    expect(res.text).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  }, 60_000);

  it("creates the account and signs the browser in, then shows the application form", async () => {
    const res = await postForm(t, "/start_chapter", {
      step: "account",
      name: "Hal Host",
      email: "hal@example.org",
      password: "hal-password",
      confirmPassword: "hal-password",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/start_chapter");
    const session = cookieOf(res, "ch_session");
    expect(session).toMatch(/^ch_session=.+/);
    const { res: shown, text } = await page("/start_chapter", session);
    expect(text).toContain("About your chapter");
    expect(shown.text).toMatch(/<input type="hidden" name="step" value="application"\/>/);
    expect(shown.text).toMatch(/<input[^>]*name="city"/);
    expect(shown.text).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  }, 60_000);

  it("refuses an account as registration does, with the name and email filled in", async () => {
    await buildUser({ email: "in-use@example.org" });
    const res = await postForm(t, "/start_chapter", {
      step: "account",
      name: "Ivy",
      email: "in-use@example.org",
      password: "ivy-password",
      confirmPassword: "ivy-password",
    });
    expect(res.status).toBe(303);
    expect(cookieOf(res, "ch_session")).toBeUndefined();
    const shown = await page("/start_chapter", cookieOf(res, FORM_RESULT_COOKIE));
    expect(shown.text).toContain("An account with that email already exists.");
    expect(shown.res.text).toMatch(/<input[^>]*name="name"[^>]*value="Ivy"/);
    expect(shown.res.text).not.toMatch(/<input[^>]*type="password"[^>]*value="[^"]/);
  }, 60_000);

  it('files the application of the signed-in visitor and says "Great!"', async () => {
    const session = await signedIn("ada@example.org");
    const res = await postForm(t, "/start_chapter", application, { "sec-fetch-site": "same-origin", cookie: session });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/start_chapter");
    const user = await User.query().findOne({ email: "ada@example.org" });
    expect(await ChapterHostApplication.query().where({ userId: user!.id })).toMatchObject([{ city: "Boise", state: "id", type: "dining", status: "open" }]);
    const { text } = await page("/start_chapter", session, cookieOf(res, FORM_RESULT_COOKIE));
    expect(text).toContain("Great!");
    expect(text).toContain("We'll be in touch soon!");
  }, 60_000);

  it("refuses an incomplete application with the API's message, everything typed filled in", async () => {
    const session = await signedIn("bea@example.org");
    const res = await postForm(t, "/start_chapter", { ...application, city: "" }, { "sec-fetch-site": "same-origin", cookie: session });
    expect(res.status).toBe(303);
    const shown = await page("/start_chapter", session, cookieOf(res, FORM_RESULT_COOKIE));
    expect(shown.text).toContain("City is Required");
    expect(shown.res.text).toContain("We need a table of our own.</textarea>");
    expect(shown.res.text).toMatch(/<option value="id" selected="">Idaho<\/option>/);
    expect(shown.res.text).toMatch(/<input type="radio" name="type" checked="" value="dining"\/>/);
    const user = await User.query().findOne({ email: "bea@example.org" });
    expect(await ChapterHostApplication.query().where({ userId: user!.id })).toEqual([]);
  }, 60_000);

  it("takes a reason of 5,000 letters outside ASCII, and brings a long one back cut to what a cookie holds", async () => {
    const session = await signedIn("dee@example.org");
    const long = "é".repeat(5000);
    const refused = await postForm(t, "/start_chapter", { ...application, city: "", reason: long }, { "sec-fetch-site": "same-origin", cookie: session });
    expect(refused.status).toBe(303);
    const cookie = cookieOf(refused, FORM_RESULT_COOKIE)!;
    expect(cookie.length).toBeLessThan(4000);
    const shown = await page("/start_chapter", session, cookie);
    expect(shown.text).toContain("City is Required");
    expect(shown.res.text).toMatch(/<textarea[^>]*name="reason"[^>]*>é{500,}<\/textarea>/);

    const res = await postForm(t, "/start_chapter", { ...application, reason: long }, { "sec-fetch-site": "same-origin", cookie: session });
    expect(res.status).toBe(303);
    const user = await User.query().findOne({ email: "dee@example.org" });
    expect((await ChapterHostApplication.query().where({ userId: user!.id }))[0].reason).toBe(long);
  }, 60_000);

  it("asks a visitor whose session has ended to sign in, filing nothing", async () => {
    const before = await ChapterHostApplication.query().resultSize();
    const res = await postForm(t, "/start_chapter", application);
    expect(res.status).toBe(303);
    expect((await page("/start_chapter", cookieOf(res, FORM_RESULT_COOKIE))).text).toContain("Please sign in to continue.");
    expect(await ChapterHostApplication.query().resultSize()).toBe(before);
  }, 60_000);

  it("refuses an application posted from another site's page with a 403, filing nothing", async () => {
    const session = await signedIn("cy@example.org");
    const before = await ChapterHostApplication.query().resultSize();
    const res = await postForm(t, "/start_chapter", application, { "sec-fetch-site": "cross-site", cookie: session });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorId: "cross_site_request", error: FORM_FROM_ANOTHER_SITE });
    expect(await ChapterHostApplication.query().resultSize()).toBe(before);
  });
});
