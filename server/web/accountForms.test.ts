import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { buildUser, TEST_PASSWORD } from "../test/factories";
import { cookieOf, firstFormTag, pageOf, postForm } from "../test/formPosts";
import { User } from "../models";
import { FORM_RESULT_COOKIE } from "./formResult";
import { FORM_FROM_ANOTHER_SITE } from "./accountForms";

let t: TestApp;
const page = (location: string, ...cookies: (string | undefined)[]) => pageOf(t, location, cookies.filter(Boolean).join("; "));
const tokenFromMail = () => /password_verify\/([A-Za-z0-9_-]+)/.exec(t.mail.sent.at(-1)!.text)![1];
const account = (email: string, over: Record<string, string> = {}) => ({
  name: "Rita Form",
  email,
  password: "a-new-password",
  confirmPassword: "a-new-password",
  ...over,
});

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org" }, { uiIndex: TEST_INDEX_HTML });
}, 120_000);
afterAll(async () => t.close());

describe("/register_for_account without JavaScript", () => {
  it("is rendered by the server: a form that posts to its own path, carrying returnUrl, kept out of search results", async () => {
    const { res } = await page("/register_for_account?returnUrl=%2Fchapters%2Fco");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Register | Living Liberally</title>");
    expect(res.text).toContain('<meta name="robots" content="noindex"');
    const form = firstFormTag(res.text);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/register_for_account"');
    expect(res.text).toMatch(/<input type="hidden" name="returnUrl" value="\/chapters\/co"\/>/);
    for (const name of ["name", "email", "password", "confirmPassword"]) expect(res.text).toMatch(new RegExp(`<input[^>]*name="${name}"`));
    // The button sends the form whatever is filled in: only the screen, with JavaScript, waits for valid fields.
    expect(res.text).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  }, 60_000);

  it("creates the account, signs the browser in and comes back to say so, with the way on to returnUrl", async () => {
    const res = await postForm(t, "/register_for_account", { ...account("rita@example.org"), returnUrl: "/chapters/co" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/register_for_account?returnUrl=%2Fchapters%2Fco");
    const session = cookieOf(res, "ch_session");
    expect(session).toMatch(/^ch_session=.+/);
    expect((await t.request("GET", "/api/auth/user", { headers: { cookie: session! } })).body.user).toMatchObject({
      name: "Rita Form",
      email: "rita@example.org",
    });
    const shown = await page("/register_for_account?returnUrl=%2Fchapters%2Fco", session, cookieOf(res, FORM_RESULT_COOKIE));
    expect(shown.text).toContain("Success! Welcome");
    expect(shown.res.text).toMatch(/<a[^>]*href="\/chapters\/co"[^>]*>Let&#x27;s Get Started!<\/a>/);
    expect(shown.text).toContain("Hi, Rita Form!");
  }, 60_000);

  it.each([
    ["an email in use", { email: "taken@example.org" }, "An account with that email already exists."],
    ["passwords that differ", { confirmPassword: "something-else" }, "Passwords do not match"],
    ["no name", { name: " " }, "Name is required"],
    ["a short password", { password: "abc", confirmPassword: "abc" }, "Password must be at least 6 characters"],
  ])(
    "refuses %s with the screen's message, the name and email filled in, never a password",
    async (_what, over, message) => {
      await buildUser({ email: "taken@example.org" }).catch(() => undefined);
      const fields = account("new-one@example.org", over);
      const res = await postForm(t, "/register_for_account", fields);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/register_for_account");
      expect(cookieOf(res, "ch_session")).toBeUndefined();
      const shown = await page("/register_for_account", cookieOf(res, FORM_RESULT_COOKIE));
      expect(shown.text).toContain(message);
      expect(shown.res.text).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${fields.email}"`));
      expect(shown.res.text).toMatch(new RegExp(`<input[^>]*name="name"[^>]*value="${fields.name}"`));
      expect(shown.res.text).not.toMatch(/<input[^>]*type="password"[^>]*value="[^"]/);
      expect(await User.query().findOne({ email: "new-one@example.org" })).toBeUndefined();
    },
    60_000,
  );

  it("refuses a post from another site's page with a 403, creating no account", async () => {
    const res = await postForm(t, "/register_for_account", account("cross@example.org"), { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorId: "cross_site_request", error: FORM_FROM_ANOTHER_SITE });
    expect(await User.query().findOne({ email: "cross@example.org" })).toBeUndefined();
  });
});

describe("/password_reset without JavaScript", () => {
  it("is rendered by the server with a form that posts to its own path", async () => {
    const { res, text } = await page("/password_reset");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Reset Your Password | Living Liberally</title>");
    const form = firstFormTag(res.text);
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/password_reset"');
    expect(text).toContain("Reset links work for one hour.");
    expect(res.text).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  }, 60_000);

  it.each([
    ["an address with an account", "reset-me@example.org", "Reset email sent!"],
    ["an address without one", "nobody@example.org", "Email address not found."],
    ["a malformed address", "not-an-address", "Something went wrong."],
  ])(
    "answers %s as the screen does, the email filled in",
    async (_what, email, message) => {
      await buildUser({ email: "reset-me@example.org" }).catch(() => undefined);
      const sent = t.mail.sent.length;
      const res = await postForm(t, "/password_reset", { email });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/password_reset");
      const shown = await page("/password_reset", cookieOf(res, FORM_RESULT_COOKIE));
      expect(shown.text).toContain(message);
      expect(shown.res.text).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${email}"`));
      expect(t.mail.sent.length).toBe(message === "Reset email sent!" ? sent + 1 : sent);
    },
    60_000,
  );
});

describe("a reset link's page without JavaScript", () => {
  it("shows the new password form while the link works, posts it, and says so; the old password no longer signs in", async () => {
    const user = await buildUser();
    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    const token = tokenFromMail();
    const path = `/password_verify/${token}`;
    const opened = await page(path);
    expect(opened.res.status).toBe(200);
    expect(firstFormTag(opened.res.text)).toContain(`action="${path}"`);
    expect(opened.res.text).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);

    const differ = await postForm(t, path, { password: "fresh-password", confirmPassword: "fresh-passw0rd" });
    expect(differ.status).toBe(303);
    expect(differ.headers.get("location")).toBe(path);
    expect((await page(path, cookieOf(differ, FORM_RESULT_COOKIE))).text).toContain("Passwords do not match");

    const res = await postForm(t, path, { password: "fresh-password", confirmPassword: "fresh-password" });
    const done = await page(path, cookieOf(res, FORM_RESULT_COOKIE));
    expect(done.text).toContain("Great! Please sign in to continue.");
    expect((await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } })).status).toBe(401);
    expect((await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: "fresh-password" } })).status).toBe(200);
    // The link's page is read afresh, never kept: now it says the link is spent.
    expect((await page(path)).text).toContain("Your token is invalid or expired.");
  }, 60_000);

  it("says a link that does not work is invalid, and a form posted with it comes back saying so", async () => {
    const path = `/password_verify/${"x".repeat(43)}`;
    expect((await page(path)).text).toContain("Your token is invalid or expired.");
    const res = await postForm(t, path, { password: "fresh-password", confirmPassword: "fresh-password" });
    expect(res.status).toBe(303);
    expect((await page(path, cookieOf(res, FORM_RESULT_COOKIE))).text).toContain("Your token is invalid or expired.");
  }, 60_000);

  it("refuses a post from another site's page with a 403, leaving the password as it was", async () => {
    const user = await buildUser();
    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    const res = await postForm(
      t,
      `/password_verify/${tokenFromMail()}`,
      { password: "evil-password", confirmPassword: "evil-password" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect((await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } })).status).toBe(200);
  });
});
