import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { buildUser, TEST_PASSWORD } from "../test/factories";
import { Session, type User } from "../models";
import { SIGN_IN_FAILED } from "../auth/signIn";
import { SIGN_IN_PATH } from "../contracts/user";
import { FORM_RESULT_COOKIE } from "./formResult";
import { FROM_ANOTHER_SITE } from "./signInForm";
import { cookieOf, firstFormTag, pageOf, postForm } from "../test/formPosts";

let t: TestApp;
let user: User;

/** The sign-in form as a browser with JavaScript off posts it from the site's own page. */
const post = (fields: Record<string, string>, headers?: Record<string, string>) => postForm(t, SIGN_IN_PATH, fields, headers);
const page = (location: string, cookie = "") => pageOf(t, location, cookie);

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org" }, { uiIndex: TEST_INDEX_HTML });
  user = await buildUser({ name: "Nora Form", email: "nora@example.org" });
}, 120_000);
afterAll(async () => t.close());

describe("/signin without JavaScript", () => {
  it("is rendered by the server: a form that posts to /signin, carrying returnUrl, kept out of search results", async () => {
    const { res, text } = await page("/signin?returnUrl=%2Fmy_chapters");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Sign In | Living Liberally</title>");
    expect(res.text).toContain('<meta name="robots" content="noindex"');
    const form = firstFormTag(res.text);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/signin"');
    expect(res.text).toMatch(/<input type="hidden" name="returnUrl" value="\/my_chapters"\/>/);
    expect(res.text).toMatch(/<input[^>]*name="email"/);
    expect(/<input[^>]*name="password"[^>]*>/.exec(res.text)![0]).toContain('type="password"');
    // The button sends the form whatever is filled in: only the screen, with JavaScript, waits for both fields.
    expect(res.text).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
    expect(text).toContain("Forgot your password?");
  }, 60_000);

  it("signs in and goes where the screen's sign-in goes: returnUrl, a path of this site, else home", async () => {
    const res = await post({ email: " Nora@Example.org ", password: TEST_PASSWORD, returnUrl: "/my_chapters" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/my_chapters");
    const session = cookieOf(res, "ch_session")!;
    expect(session).toMatch(/^ch_session=.+/);
    expect(cookieOf(res, "ch_csrf")).toMatch(/^ch_csrf=.+/);
    const me = await t.request("GET", "/api/auth/user", { headers: { cookie: session } });
    expect(me.body.user).toMatchObject({ id: user.id, email: "nora@example.org" });
    // The page it lands on is rendered for the signed-in visitor.
    expect((await page("/chapters/tx", session)).text).toContain("Hi, Nora Form!");

    for (const away of ["https://evil.example/", "//evil.example/x", ""]) {
      const other = await post({ email: user.email, password: TEST_PASSWORD, returnUrl: away });
      expect(other.headers.get("location")).toBe("/");
    }
  }, 60_000);

  it("replaces the session the browser had, as the screen's sign-in does", async () => {
    const before = cookieOf(await post({ email: user.email, password: TEST_PASSWORD }), "ch_session")!;
    const res = await post({ email: user.email, password: TEST_PASSWORD }, { "sec-fetch-site": "same-origin", cookie: before });
    expect(res.status).toBe(303);
    expect((await t.request("GET", "/api/auth/user", { headers: { cookie: before } })).body.user).toBeNull();
    expect(await Session.query().where({ userId: user.id }).whereNull("revokedAt").resultSize()).toBeGreaterThan(0);
  }, 60_000);

  it("a wrong password returns to /signin with the message next to the form and the email filled in, once", async () => {
    const res = await post({ email: "nora@example.org", password: "not-it", returnUrl: "/settings" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/signin?returnUrl=%2Fsettings");
    expect(cookieOf(res, "ch_session")).toBeUndefined();
    const shown = await page("/signin?returnUrl=%2Fsettings", cookieOf(res, FORM_RESULT_COOKIE)!);
    expect(shown.text).toContain(SIGN_IN_FAILED);
    expect(shown.res.text).toMatch(/<input[^>]*name="email"[^>]*value="nora@example.org"/);
    // Read once: the page clears the cookie, and the page others get says nothing of it.
    expect(shown.res.headers.getSetCookie().some((c) => c.startsWith(`${FORM_RESULT_COOKIE}=;`))).toBe(true);
    expect((await page("/signin?returnUrl=%2Fsettings")).text).not.toContain(SIGN_IN_FAILED);
  }, 60_000);

  it.each([
    [{ email: "", password: "x" }, "Email is required"],
    [{ email: "nora@example.org", password: "" }, "Password is required"],
    [{ password: "x" }, "Email is required"],
  ])(
    "a form missing a field (%j) returns with the exact message: %s",
    async (fields, message) => {
      const res = await post(fields);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/signin");
      expect((await page("/signin", cookieOf(res, FORM_RESULT_COOKIE)!)).text).toContain(message);
    },
    60_000,
  );

  it("refuses a NUL in a field with a 400 naming it", async () => {
    const res = await post({ email: "nora@example.org\u0000", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorId: "validation_failed", field: "email" });
    expect(res.body.error).toMatch(/^email: /);
  });

  it.each([
    ["another site's form (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain (same-site)", { "sec-fetch-site": "same-site" }],
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["a Referer of another site", { referer: "https://evil.example/page" }],
    ["a request that says nothing of where it comes from", {}],
  ])("refuses %s with a 403, signing no one in", async (_what, headers) => {
    const res = await post({ email: user.email, password: TEST_PASSWORD }, headers);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorId: "cross_site_request", error: FROM_ANOTHER_SITE });
    expect(cookieOf(res, "ch_session")).toBeUndefined();
  });

  it("takes a post from this site's own page by its Origin or Referer when the browser sends no Sec-Fetch-Site", async () => {
    expect((await post({ email: user.email, password: TEST_PASSWORD }, { origin: "https://example.org" })).status).toBe(303);
    expect((await post({ email: user.email, password: TEST_PASSWORD }, { referer: "https://example.org/signin" })).status).toBe(303);
  });

  it("leaves the JSON sign-in as it was", async () => {
    const res = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: null, user: { id: user.id } });
  });
});
