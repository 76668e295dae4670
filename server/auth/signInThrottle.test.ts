import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildUser, TEST_PASSWORD } from "../test/factories";
import { SIGN_IN_FAILED } from "../routes/auth";
import { signInDelayMs } from "./signInThrottle";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const A = "203.0.113.10";
const B = "198.51.100.20";
const signIn = (username: string, password: string, from: string) =>
  t.request("POST", "/api/auth/signin", { body: { username, password }, headers: { "x-forwarded-for": from } });
const fail = (username: string, from: string) => signIn(username, "not-the-password", from);

describe("sign-in throttling is keyed on account and client address together", () => {
  it("20 wrong passwords from one address do not lock the admin out: a right password from another address signs in", async () => {
    const admin = await buildAdmin();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await fail(admin.email, A)).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual(Array(10).fill(429));

    const fromB = await signIn(admin.email, TEST_PASSWORD, B);
    expect(fromB.status).toBe(200);
    expect(fromB.body.user).toMatchObject({ id: admin.id, isAdmin: true });

    // The attacking address waits, even with the right password, and is told for how long.
    const fromA = await signIn(admin.email, TEST_PASSWORD, A);
    expect(fromA.status).toBe(429);
    expect(fromA.body).toMatchObject({ user: null, errorId: "rate_limited" });
    expect(fromA.body.error).toMatch(/^Too many sign-in attempts\. Please wait (\d+ seconds|1 minute) and try again\.$/);
    const retryAfter = Number(fromA.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });

  it("the delays grow: 30 s after the 10th failure, doubling with each one after it, at most 15 minutes", async () => {
    expect([9, 10, 11, 12, 13, 14, 15, 40].map((n) => signInDelayMs(n, 10) / 1000)).toEqual([0, 30, 60, 120, 240, 480, 900, 900]);

    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const user = await buildUser();
    const from = "203.0.113.99";
    for (let i = 0; i < 10; i++) expect((await fail(user.email, from)).status).toBe(401);
    expect(Number((await fail(user.email, from)).headers.get("retry-after"))).toBe(30);

    vi.setSystemTime(start + 31_000);
    expect((await fail(user.email, from)).status).toBe(401);
    const second = await fail(user.email, from);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBe(60);
    expect(second.body.error).toBe("Too many sign-in attempts. Please wait 1 minute and try again.");

    // Refused attempts are not counted: waiting out the delay is enough.
    vi.setSystemTime(start + 31_000 + 61_000);
    const afterWait = await signIn(user.email, TEST_PASSWORD, from);
    expect(afterWait.status).toBe(200);
  });

  it("a successful sign-in clears the failures of that account and address", async () => {
    const user = await buildUser();
    for (let i = 0; i < 9; i++) expect((await fail(user.email, A)).status).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, A)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await fail(user.email, A)).status).toBe(401);
    expect((await fail(user.email, A)).status).toBe(429);
  });

  it("an address that fails 100 times across accounts in an hour is slowed for every account, and only that address", async () => {
    const from = "192.0.2.77";
    const users = await Promise.all(Array.from({ length: 11 }, () => buildUser()));
    for (const user of users.slice(0, 10)) {
      for (let i = 0; i < 10; i++) expect((await fail(user.email, from)).status).toBe(401);
    }
    const fresh = users[10];
    const refused = await signIn(fresh.email, TEST_PASSWORD, from);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many sign-in attempts/);
    expect((await signIn(fresh.email, TEST_PASSWORD, B)).status).toBe(200);
    expect((await signIn(users[0].email, TEST_PASSWORD, B)).status).toBe(200);
  });

  it("unknown accounts are throttled like real ones, with the same answers", async () => {
    const ghost = "ghost-account@example.org";
    for (let i = 0; i < 10; i++) {
      const res = await fail(ghost, A);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(SIGN_IN_FAILED);
    }
    expect((await fail(ghost, A)).status).toBe(429);
  });

  it("counts the address the proxy saw: a client cannot escape by prepending addresses of its own", async () => {
    const user = await buildUser();
    for (let i = 0; i < 10; i++) expect((await fail(user.email, `10.0.0.${i}, ${A}`)).status).toBe(401);
    expect((await fail(user.email, `10.9.9.9, ${A}`)).status).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, `${A}, ${B}`)).status).toBe(200);
  });
});

describe("without TRUST_PROXY", () => {
  let direct: TestApp;
  beforeAll(async () => {
    direct = await startTestApp();
  });
  afterAll(async () => direct.close());

  it("X-Forwarded-For is ignored: the socket address counts", async () => {
    const user = await buildUser();
    const attempt = (password: string, from: string) =>
      direct.request("POST", "/api/auth/signin", { body: { username: user.email, password }, headers: { "x-forwarded-for": from } });
    for (let i = 0; i < 10; i++) expect((await attempt("wrong-pw", A)).status).toBe(401);
    expect((await attempt(TEST_PASSWORD, B)).status).toBe(429);
  });
});
