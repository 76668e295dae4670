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

describe("cookie sessions and CSRF", () => {
  async function cookieSession() {
    const user = await buildUser();
    const res = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    const csrf = cookies.find((c) => c.startsWith("ch_csrf="))!.slice("ch_csrf=".length);
    return { user, cookie: cookies.join("; "), csrf };
  }

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
