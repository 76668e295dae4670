/**
 * Per-address limits of the abuse-prone public writes, at their production defaults (RATE_LIMITS: ""):
 * account signup 10, mailing-list signup 20 and reset requests 10 per address and hour, reset mails 5 per
 * account and hour. Addresses come through X-Forwarded-For (TRUST_PROXY=true).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser } from "../test/factories";
import { MailingListContact, User } from "../models";
import type { Chapter } from "../models/Chapter";

let t: TestApp;
let chapter: Chapter;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true", RATE_LIMITS: "" });
  chapter = await buildChapter();
});
afterAll(async () => t.close());

let n = 0;
const from = (address: string) => ({ "x-forwarded-for": address });
const newAccount = (address: string) =>
  t.request("POST", "/api/auth/signup", {
    headers: from(address),
    body: { name: "Sam Signup", email: `signup${++n}@example.org`, password: "abcdef", confirmPassword: "abcdef" },
  });
const listSignUp = (address: string, email = `reader${++n}@example.org`) =>
  t.request("POST", "/api/mailing_list/sign_up", { headers: from(address), body: { email, listId: chapter.sendInBlueListId } });
const resetRequest = (address: string, email: string) => t.request("POST", "/api/password_reset/create", { headers: from(address), body: { email } });

const expectRetryAfter = (res: { headers: Headers }, atMost: number) => {
  const seconds = Number(res.headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(atMost);
};

describe("POST /api/auth/signup", () => {
  it("takes 10 accounts an hour from one address, then answers 429 in the {user, error} shape", async () => {
    for (let i = 0; i < 10; i++) expect((await newAccount("203.0.113.1")).status).toBe(201);
    const refused = await newAccount("203.0.113.1");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ user: null, error: "Too many new accounts from your address. Please try again in 60 minutes.", errorId: "rate_limited" });
    expectRetryAfter(refused, 3600);
    expect(await User.query().where("email", "like", "signup%").resultSize()).toBe(10);
    // Another address is not affected.
    expect((await newAccount("203.0.113.2")).status).toBe(201);
  });

  it("a burst of 40 at once still creates only 10", async () => {
    const before = await User.query().resultSize();
    const answers = await Promise.all(Array.from({ length: 40 }, () => newAccount("203.0.113.3")));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30);
    expect(await User.query().resultSize()).toBe(before + 10);
  });
});

describe("POST /api/mailing_list/sign_up", () => {
  it("takes 20 signups an hour from one address, then 429 with the list result the widget shows", async () => {
    for (let i = 0; i < 20; i++) expect((await listSignUp("198.51.100.1")).status).toBe(200);
    const refused = await listSignUp("198.51.100.1");
    expect(refused.status).toBe(429);
    const message = "Too many sign-ups from your address. Please try again in 60 minutes.";
    expect(refused.body).toMatchObject({ error: message, errorId: "rate_limited", return: { results: [{ isError: true, errorString: message }] } });
    expectRetryAfter(refused, 3600);
    expect(await MailingListContact.query().where({ chapterId: chapter.id }).resultSize()).toBe(20);
    expect((await listSignUp("198.51.100.2")).status).toBe(200);
  });

  it("300 arbitrary addresses in a burst from one address: 20 are stored", async () => {
    const before = await MailingListContact.query().resultSize();
    const answers = await Promise.all(Array.from({ length: 300 }, () => listSignUp("198.51.100.3")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    expect(await MailingListContact.query().resultSize()).toBe(before + 20);
  });
});

describe("POST /api/password_reset/create", () => {
  it("takes 10 requests an hour from one address, known accounts or not", async () => {
    const user = await buildUser();
    for (let i = 0; i < 9; i++) expect((await resetRequest("192.0.2.1", `nobody${i}@example.org`)).body).toEqual({ result: "user not found" });
    expect((await resetRequest("192.0.2.1", user.email)).body).toEqual({ result: "ok" });
    const refused = await resetRequest("192.0.2.1", user.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      result: "too many requests",
      error: "Too many reset requests from your address. Please try again in 60 minutes.",
      errorId: "rate_limited",
    });
    expectRetryAfter(refused, 3600);
  });

  it("mails one account at most 5 times an hour, from however many addresses", async () => {
    const user = await buildUser();
    const mailsBefore = t.mail.sent.length;
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await resetRequest(`192.0.2.${100 + (i % 50)}`, user.email));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      result: "too many requests",
      error: "Too many reset requests for this account. Please try again in 60 minutes.",
      errorId: "rate_limited",
    });
    expect(t.mail.sent.length - mailsBefore).toBe(5);
    expect(t.mail.sent.slice(mailsBefore).every((m) => m.to === user.email)).toBe(true);
  });

  it("100 requests across accounts from one address send at most 10 mails", async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => buildUser()));
    const mailsBefore = t.mail.sent.length;
    const answers = await Promise.all(users.map((u) => resetRequest("192.0.2.200", u.email)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(t.mail.sent.length - mailsBefore).toBe(10);
  });
});
