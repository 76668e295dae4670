import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildUser, TEST_PASSWORD } from "../test/factories";
import { PasswordResetToken } from "../models";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://chapters.example.org" });
});
afterAll(async () => t.close());

const tokenFromMail = () => {
  const text = t.mail.sent.at(-1)!.text;
  return /password_verify\/([A-Za-z0-9_-]+)/.exec(text)![1];
};

describe("password reset", () => {
  it("answers 'user not found' for an unknown email", async () => {
    const res = await t.request("POST", "/api/password_reset/create", { body: { email: "ghost@example.org" } });
    expect(res.body).toEqual({ result: "user not found" });
  });

  it("requires an email", async () => {
    const res = await t.request("POST", "/api/password_reset/create", { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("email");
  });

  it("mails a one-hour link, stores only a hash, and lets the token be used once", async () => {
    const user = await buildUser();
    const res = await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    expect(res.body).toEqual({ result: "ok" });
    const mail = t.mail.sent.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain("https://chapters.example.org/password_verify/");
    const token = tokenFromMail();
    const row = await PasswordResetToken.query().findOne({ userId: user.id });
    expect(row!.tokenHash).not.toBe(token);
    expect(Date.parse(row!.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(row!.expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    expect((await t.request("GET", `/api/password_reset/check/${token}`)).body).toEqual({ result: "ok" });
    const short = await t.request("POST", "/api/password_reset/new_password", { body: { token, password: "abc" } });
    expect(short.status).toBe(400);
    // A confirmation, when sent (the form without JavaScript sends one), must match.
    const differ = await t.request("POST", "/api/password_reset/new_password", { body: { token, password: "brand-new-pw", confirmPassword: "brand-new-pv" } });
    expect(differ.status).toBe(400);
    expect(differ.body).toMatchObject({ error: "Passwords do not match", field: "confirmPassword" });
    const ok = await t.request("POST", "/api/password_reset/new_password", { body: { token, password: "brand-new-pw" } });
    expect(ok.body).toEqual({ result: "ok" });

    const again = await t.request("POST", "/api/password_reset/new_password", { body: { token, password: "another-pw" } });
    expect(again.body.result).toBe("invalid");
    expect((await t.request("GET", `/api/password_reset/check/${token}`)).body).toEqual({ result: "invalid" });

    const oldPw = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(oldPw.status).toBe(401);
    const newPw = await t.request("POST", "/api/auth/signin", { body: { username: user.email, password: "brand-new-pw" } });
    expect(newPw.status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const user = await buildUser();
    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    const token = tokenFromMail();
    await PasswordResetToken.query()
      .patch({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where({ userId: user.id });
    expect((await t.request("GET", `/api/password_reset/check/${token}`)).body).toEqual({ result: "invalid" });
  });

  it("rejects garbage tokens", async () => {
    expect((await t.request("GET", "/api/password_reset/check/not-a-token")).body).toEqual({ result: "invalid" });
  });
});
