import jwt from "jsonwebtoken";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser, grant, TEST_PASSWORD } from "../test/factories";
import { ChapterHostApplication, Session, User } from "../models";
import { issueToken } from "./session";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST } from "../models/Role";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const application = { city: "Burlington", state: "VT", type: "dining", reason: "We need a dinner club." };

async function cookieSignIn(email: string, password = TEST_PASSWORD) {
  const res = await t.request("POST", "/api/auth/signin", { body: { username: email, password } });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const csrf = cookies.find((c) => c.startsWith("ch_csrf="))!.slice("ch_csrf=".length);
  return { cookie: cookies.join("; "), csrf };
}

async function bearerSignIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.request("POST", "/api/auth/signin", { body: { username: email, password }, headers: { "x-session-transport": "bearer" } });
  expect(res.status).toBe(200);
  return res.body.token;
}

const whoIs = async (headers: Record<string, string>) => (await t.request("GET", "/api/auth/user", { headers })).body.user?.id ?? null;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("signing out ends the session on the server", () => {
  it("a replayed cookie is anonymous: 401 on a signed-in route, and its writes are refused", async () => {
    const user = await buildUser();
    const { cookie, csrf } = await cookieSignIn(user.email);
    expect(await whoIs({ cookie })).toBe(user.id);

    const out = await t.request("GET", "/api/auth/signout", { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/ch_session=;/);

    expect(await whoIs({ cookie })).toBeNull();
    expect((await t.request("GET", "/api/chapter_host_application/my", { headers: { cookie } })).status).toBe(401);
    const write = await t.request("POST", "/api/chapter_host_application", { headers: { cookie, "x-csrf-token": csrf }, body: application });
    expect(write.status).toBe(401);
    expect(await ChapterHostApplication.query().where({ userId: user.id }).resultSize()).toBe(0);
  });

  it("a replayed Bearer token (desktop app) is anonymous after signing out with it", async () => {
    const user = await buildUser();
    const token = await bearerSignIn(user.email);
    expect(await whoIs(bearer(token))).toBe(user.id);
    expect((await t.request("GET", "/api/auth/signout", { headers: bearer(token) })).status).toBe(200);
    expect(await whoIs(bearer(token))).toBeNull();
    const write = await t.request("POST", "/api/chapter_host_application", { headers: bearer(token), body: application });
    expect(write.status).toBe(401);
  });

  it("ends only the session signed out of: the same account elsewhere stays signed in", async () => {
    const user = await buildUser();
    const laptop = await cookieSignIn(user.email);
    const desktopApp = await bearerSignIn(user.email);
    await t.request("GET", "/api/auth/signout", { headers: { cookie: laptop.cookie } });
    expect(await whoIs({ cookie: laptop.cookie })).toBeNull();
    expect(await whoIs(bearer(desktopApp))).toBe(user.id);
  });

  it("signing in again replaces the session the browser had", async () => {
    const user = await buildUser();
    const first = await cookieSignIn(user.email);
    const again = await t.request("POST", "/api/auth/signin", {
      headers: { cookie: first.cookie, "x-csrf-token": first.csrf },
      body: { username: user.email, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(200);
    expect(await whoIs({ cookie: first.cookie })).toBeNull();
    const second = again.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await whoIs({ cookie: second })).toBe(user.id);
  });

  it("a token signed with the secret but naming no session is anonymous", async () => {
    const user = await buildUser();
    const forged = jwt.sign({ csrf: "x" }, t.config.sessionSecret, { subject: String(user.id), expiresIn: "30d", algorithm: "HS256" });
    expect(await whoIs(bearer(forged))).toBeNull();
  });
});

describe("a password reset ends every session of the account", () => {
  const tokenFromMail = () => /password_verify\/([A-Za-z0-9_-]+)/.exec(t.mail.sent.at(-1)!.text)![1];

  it("also a session issued in the same second, before the reset", async () => {
    // Freeze the clock: the sign-in and the reset happen in the very same second (and millisecond).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const user = await buildUser();
    const token = await bearerSignIn(user.email);
    const { cookie } = await cookieSignIn(user.email);
    expect(await whoIs(bearer(token))).toBe(user.id);

    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    const reset = await t.request("POST", "/api/password_reset/new_password", { body: { token: tokenFromMail(), password: "brand-new-pw" } });
    expect(reset.body).toEqual({ result: "ok" });

    expect(await whoIs(bearer(token))).toBeNull();
    expect(await whoIs({ cookie })).toBeNull();
    // Signing in again with the new password, still in that second, works.
    const fresh = await bearerSignIn(user.email, "brand-new-pw");
    expect(await whoIs(bearer(fresh))).toBe(user.id);
  });

  it("a sign-in that checked the old password starts no session once the reset has changed it", async () => {
    const user = await buildUser();
    const checkedHash = user.passwordHash;
    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    await t.request("POST", "/api/password_reset/new_password", { body: { token: tokenFromMail(), password: "brand-new-pw" } });
    expect(await issueToken(user.id, t.config.sessionSecret, { passwordHash: checkedHash })).toBeNull();
    expect(await Session.query().where({ userId: user.id }).resultSize()).toBe(0);
  });
});

describe("removing a user or a role", () => {
  it("deleting the account ends its sessions", async () => {
    const user = await grant(await buildUser(), ROLE_ADMIN);
    const token = await bearerSignIn(user.email);
    expect((await t.request("GET", "/api/user/count", { headers: bearer(token) })).status).toBe(200);
    await User.query().deleteById(user.id);
    expect(await whoIs(bearer(token))).toBeNull();
    expect((await t.request("GET", "/api/user/count", { headers: bearer(token) })).status).toBe(401);
  });

  it("a removed admin right or chapter role stops working on the next request of the same session", async () => {
    const chapter = await buildChapter();
    const user = await grant(await grant(await buildUser(), ROLE_ADMIN), ROLE_CHAPTER_HOST, chapter);
    const token = await bearerSignIn(user.email);
    expect((await t.request("GET", "/api/user/count", { headers: bearer(token) })).status).toBe(200);
    expect((await t.request("GET", `/api/chapter_note/chapter/${chapter.id}`, { headers: bearer(token) })).status).toBe(200);

    await User.relatedQuery("permissions").for(user.id).delete();
    expect((await t.request("GET", "/api/user/count", { headers: bearer(token) })).status).toBe(403);
    expect((await t.request("GET", `/api/chapter_note/chapter/${chapter.id}`, { headers: bearer(token) })).status).toBe(403);
    expect(await whoIs(bearer(token))).toBe(user.id);
  });
});
