import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildUser, TEST_PASSWORD, grant } from "../test/factories";
import { SIGN_IN_FAILED } from "./auth";
import { User } from "../models";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe("POST /api/auth/signup", () => {
  it("creates the account with username = email and signs the user in", async () => {
    const res = await t.request("POST", "/api/auth/signup", {
      body: { name: "Jo Public", email: "Jo@Example.org", password: "abcdef", confirmPassword: "abcdef" },
    });
    expect(res.status).toBe(201);
    expect(res.body.error).toBeNull();
    expect(res.body.user).toMatchObject({ name: "Jo Public", email: "jo@example.org", username: "jo@example.org", isAdmin: false, hasChapters: false });
    expect(res.body.user.passwordHash).toBeUndefined();
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/ch_session=[^;]+;.*httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const stored = await User.query().findOne({ email: "jo@example.org" });
    expect(stored!.passwordHash).not.toContain("abcdef");
  });

  it.each([
    [{ email: "a@b.org", password: "abcdef" }, "name", "Name is required"],
    [{ name: "A", password: "abcdef" }, "email", "Email is required"],
    [{ name: "A", email: "a@b.org" }, "password", "Password is required"],
    [{ name: "A", email: "a@b.org", password: "abc" }, "password", "Password must be at least 6 characters"],
    [{ name: "A", email: "not-an-email", password: "abcdef" }, "email", "Email is not a valid email address"],
    [{ name: "A", email: "a@b.org", password: "abcdef", confirmPassword: "abcdeg" }, "confirmPassword", "Passwords do not match"],
  ])("refuses %j with 400 naming %s", async (body, field, message) => {
    const before = await User.query().resultSize();
    const res = await t.request("POST", "/api/auth/signup", { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ user: null, error: message, errorId: "validation_failed", field });
    expect(await User.query().resultSize()).toBe(before);
  });

  it("answers 409 for an email that already has an account", async () => {
    const user = await buildUser();
    const res = await t.request("POST", "/api/auth/signup", { body: { name: "Dup", email: user.email.toUpperCase(), password: "abcdef" } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ user: null, error: "An account with that email already exists.", field: "email" });
  });
});

describe("POST /api/auth/signin", () => {
  it("signs in with {username, password} and answers {user, error}", async () => {
    const user = await buildUser();
    const res = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: null, user: { id: user.id, email: user.email } });
  });

  it("answers the spec's error text for a wrong password and an unknown email alike", async () => {
    const user = await buildUser();
    const wrong = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: "nope-nope" } });
    const unknown = await t.request("POST", "/api/auth/signin", { body: { username: "ghost@example.org", password: "nope-nope" } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ user: null, error: SIGN_IN_FAILED });
    }
    expect(SIGN_IN_FAILED).toBe("Oops. Either your email or password is incorrect.");
  });

  it("requires email and password", async () => {
    const res = await t.request("POST", "/api/auth/signin", { body: { username: "", password: "" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ user: null, field: "username", error: "Email is required" });
  });

  it("locks an account out after 10 failures in 15 minutes, even with the right password", async () => {
    const user = await buildUser();
    for (let i = 0; i < 10; i++) {
      const r = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: "wrong-" + i } });
      expect(r.status).toBe(401);
    }
    const res = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/Too many sign-in attempts/);
  });

  it("gives the desktop app a Bearer token instead of cookies", async () => {
    const user = await buildUser();
    const res = await t.request("POST", "/api/auth/signin", {
      body: { username: user.email, password: TEST_PASSWORD },
      headers: { "x-session-transport": "bearer" },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe("string");
    expect(res.headers.get("set-cookie")).toBeNull();
    const me = await t.request("GET", "/api/auth/user", { headers: { authorization: `Bearer ${res.body.token}` } });
    expect(me.body.user.id).toBe(user.id);
  });
});

describe("signing in and signing up take JSON only (a form from another site cannot sign a browser in)", () => {
  it.each([
    ["/api/auth/signin", "sign-in", "application/x-www-form-urlencoded"],
    ["/api/auth/signin", "sign-in", "text/plain"],
    ["/api/auth/signup", "registration", "application/x-www-form-urlencoded"],
  ])("%s refuses a %s body sent as %s with a 415 and no session", async (path, what, type) => {
    const user = await buildUser();
    const fields = {
      username: user.email,
      password: TEST_PASSWORD,
      name: "Form Sender",
      email: `form${Date.now()}@example.org`,
      confirmPassword: TEST_PASSWORD,
    };
    const raw = type === "text/plain" ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const res = await t.request("POST", path, { raw, headers: { "content-type": type } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: `Send the ${what} as JSON (Content-Type: application/json)`, errorId: "json_required" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("GET /api/auth/user and signout", () => {
  it("answers null for anonymous callers", async () => {
    const res = await t.request("GET", "/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
  });

  it("derives the role flags from permissions", async () => {
    const user = await grant(await buildUser(), 1);
    const res = await t.request("GET", "/api/auth/user", { as: user });
    expect(res.body.user).toMatchObject({ id: user.id, isAdmin: true, isChapterHost: false, hasChapters: false });
  });

  it("clears the session cookies on signout", async () => {
    const res = await t.request("GET", "/api/auth/signout");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/ch_session=;/);
  });

  it("ignores a forged token", async () => {
    const res = await t.request("GET", "/api/auth/user", { headers: { authorization: "Bearer abc.def.ghi" } });
    expect(res.body.user).toBeNull();
  });
});

/** Signs a user in as a browser does: the session and CSRF cookies, as a Cookie header, and the CSRF token. */
async function cookieSession(user?: User) {
  user ??= await buildUser();
  const res = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const csrf = cookies.find((c) => c.startsWith("ch_csrf="))!.slice("ch_csrf=".length);
  return { user, cookie: cookies.join("; "), csrf };
}

const signedInAs = async (headers: Record<string, string>) => (await t.request("GET", "/api/auth/user", { headers })).body.user?.id ?? null;

describe("cookie sessions and CSRF", () => {
  it("reads the user from the cookie", async () => {
    const { user, cookie } = await cookieSession();
    const res = await t.request("GET", "/api/auth/user", { headers: { cookie } });
    expect(res.body.user.id).toBe(user.id);
  });

  it("refuses a cookie-authenticated write without the CSRF header", async () => {
    const { cookie } = await cookieSession();
    const res = await t.request("POST", "/api/auth/signup", { headers: { cookie }, body: { name: "X", email: "x@y.org", password: "abcdef" } });
    expect(res.status).toBe(403);
    expect(res.body.errorId).toBe("csrf_failed");
  });

  it("accepts it with the header echoing the CSRF cookie", async () => {
    const { cookie, csrf } = await cookieSession();
    const res = await t.request("POST", "/api/password_reset/create", { headers: { cookie, "x-csrf-token": csrf }, body: { email: "nobody@example.org" } });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/auth/signout from another site", () => {
  const REFUSED = { error: "Sign out from this site's own pages: a link or page of another site cannot sign you out", errorId: "cross_site_request" };

  it.each([
    ["a link on another site", { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", referer: "https://evil.example/page" }],
    ["a page of a sibling subdomain", { "sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors" }],
    ["another origin's script", { origin: "https://evil.example" }],
    ["another origin's script that says same-origin", { "sec-fetch-site": "same-origin", origin: "https://evil.example" }],
    ["a link from a browser without Sec-Fetch-Site", { referer: "https://evil.example/page" }],
    ["an unreadable Referer without Sec-Fetch-Site", { referer: "not a url" }],
  ])("refuses %s with the session cookie (403), and the session lives on", async (_, headers) => {
    const { user, cookie } = await cookieSession();
    const res = await t.request("GET", "/api/auth/signout", { headers: { cookie, ...headers } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await signedInAs({ cookie })).toBe(user.id);
  });

  it.each([
    ["this site's own page (fetch)", () => ({ "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", referer: `${t.config.publicUrl}/settings` })],
    ["a typed URL or a bookmark", () => ({ "sec-fetch-site": "none", "sec-fetch-mode": "navigate" })],
    ["this site's own page, from a browser without Sec-Fetch-Site", () => ({ referer: `${t.config.publicUrl}/settings`, origin: t.config.publicUrl })],
    ["a client that says nothing of where it comes from", () => ({})],
  ])("signs out a request from %s", async (_, headers) => {
    const { cookie } = await cookieSession();
    const res = await t.request("GET", "/api/auth/signout", { headers: { cookie, ...headers() } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: "ok" });
    expect(res.headers.get("set-cookie")).toMatch(/ch_session=;/);
    expect(await signedInAs({ cookie })).toBeNull();
  });

  it("signs out the desktop app's Bearer token whatever the request says of its origin", async () => {
    const user = await buildUser();
    const authorization = `Bearer ${await t.tokenFor(user)}`;
    expect(await signedInAs({ authorization })).toBe(user.id);
    const res = await t.request("GET", "/api/auth/signout", {
      headers: { authorization, "sec-fetch-site": "cross-site", origin: "app://chapterhouse", referer: "https://evil.example/" },
    });
    expect(res.status).toBe(200);
    expect(await signedInAs({ authorization })).toBeNull();
  });

  it("clears the cookies of a cross-site request that has no live session (nothing to protect)", async () => {
    const res = await t.request("GET", "/api/auth/signout", { headers: { cookie: "ch_session=forged", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/ch_session=;/);
  });
});

describe("signing in again", () => {
  it("ends the session the browser had before, and only that one", async () => {
    const first = await cookieSession();
    const elsewhere = await cookieSession(first.user);
    const res = await t.request("POST", "/api/auth/signin", {
      headers: { cookie: first.cookie, "x-csrf-token": first.csrf },
      body: { username: first.user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await signedInAs({ cookie: first.cookie })).toBeNull();
    expect(await signedInAs({ cookie })).toBe(first.user.id);
    expect(await signedInAs({ cookie: elsewhere.cookie })).toBe(first.user.id);
  });

  it("as another user ends the previous user's session", async () => {
    const previous = await cookieSession();
    const next = await buildUser();
    const res = await t.request("POST", "/api/auth/signin", {
      headers: { cookie: previous.cookie, "x-csrf-token": previous.csrf },
      body: { username: next.email, password: TEST_PASSWORD },
    });
    expect(res.body.user.id).toBe(next.id);
    expect(await signedInAs({ cookie: previous.cookie })).toBeNull();
  });

  it("from the desktop app ends its previous Bearer token", async () => {
    const user = await buildUser();
    const authorization = `Bearer ${await t.tokenFor(user)}`;
    const res = await t.request("POST", "/api/auth/signin", {
      headers: { authorization, "x-session-transport": "bearer" },
      body: { username: user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await signedInAs({ authorization })).toBeNull();
    expect(await signedInAs({ authorization: `Bearer ${res.body.token}` })).toBe(user.id);
  });
});
