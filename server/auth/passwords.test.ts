import bcrypt from "bcrypt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildUser } from "../test/factories";
import { User } from "../models";
import { createOrPromoteAdmin } from "../commands/createAdmin";
import { ApiError } from "../errors";
import { hashPassword, PASSWORD_WORK_BUSY, PASSWORD_WORK_SLOTS, verifyPassword } from "./passwords";
import { up as markLegacyPasswords } from "../../migrations/20261203000500_mark_passwords_set_before_the_byte_limit";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const TOO_LONG = "Password must be at most 72 bytes";
const ascii72 = "p".repeat(72);
const ascii73 = "p".repeat(73);
// "é" is 2 bytes in UTF-8: 36 of them are 72 bytes, 37 are 74 bytes in only 37 characters.
const accents72 = "é".repeat(36);
const accents74 = "é".repeat(37);

let n = 0;
const signup = (password: string) =>
  t.request("POST", "/api/auth/signup", { body: { name: "Long Password", email: `long${++n}@example.org`, password, confirmPassword: password } });
const signIn = (username: string, password: string) => t.request("POST", "/api/auth/signin", { body: { username, password } });

describe("passwords are at most 72 bytes (bcrypt reads no further)", () => {
  it.each([
    ["73 ASCII characters", ascii73],
    ["37 accented characters (74 bytes)", accents74],
  ])("signup refuses %s with a clear message", async (_, password) => {
    const res = await signup(password);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ user: null, error: TOO_LONG, field: "password", errorId: "validation_failed" });
  });

  it.each([
    ["72 ASCII characters", ascii72],
    ["36 accented characters (72 bytes)", accents72],
  ])("signup takes %s, which then signs in", async (_, password) => {
    const res = await signup(password);
    expect(res.status).toBe(201);
    expect((await signIn(res.body.user.email, password)).status).toBe(200);
  });

  it("a password of 72 bytes does not sign in with anything appended to it", async () => {
    const res = await signup(ascii72);
    const email = res.body.user.email;
    const wrong = await signIn(email, ascii72 + "x");
    expect(wrong.status).toBe(401);
    expect((await signIn(email, ascii72 + "anything else")).status).toBe(401);
    expect((await signIn(email, ascii72)).status).toBe(200);
  });

  it("the reset's new password is held to the same limit", async () => {
    const user = await buildUser();
    await t.request("POST", "/api/password_reset/create", { body: { email: user.email } });
    const token = /password_verify\/([A-Za-z0-9_-]+)/.exec(t.mail.sent.at(-1)!.text)![1];
    const refused = await t.request("POST", "/api/password_reset/new_password", { body: { token, password: accents74 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: TOO_LONG, field: "password" });
    // The token is still good for a password that fits.
    expect((await t.request("POST", "/api/password_reset/new_password", { body: { token, password: accents72 } })).body).toEqual({ result: "ok" });
    expect((await signIn(user.email, accents72)).status).toBe(200);
  });

  it("create-admin refuses it too", async () => {
    await expect(createOrPromoteAdmin({ email: "long-admin@example.org", name: "Long", password: ascii73 })).rejects.toThrow(TOO_LONG);
    const user = await buildUser();
    await expect(createOrPromoteAdmin({ email: user.email, password: accents74 })).rejects.toThrow(TOO_LONG);
    expect(await User.query().findOne({ email: "long-admin@example.org" })).toBeUndefined();
  });
});

describe("accounts from before the limit", () => {
  it("are marked by the migration, and still sign in with their long password", async () => {
    const long = "a-passphrase-from-before-the-limit-".repeat(3); // 105 bytes
    const user = await buildUser({ passwordHash: bcrypt.hashSync(long, 4) });
    await t.services.knex("users").update({ legacy_long_password: false });
    await markLegacyPasswords(t.services.knex);
    expect((await User.query().findById(user.id))!.legacyLongPassword).toBe(true);
    expect((await signIn(user.email, long)).status).toBe(200);
  });

  it("lose the mark when they choose a new password", async () => {
    const user = await buildUser();
    await User.query().findById(user.id).patch({ legacyLongPassword: true });
    await createOrPromoteAdmin({ email: user.email, password: ascii72 });
    expect((await User.query().findById(user.id))!.legacyLongPassword).toBe(false);
    expect((await signIn(user.email, ascii72 + "x")).status).toBe(401);
  });
});

describe("password work is gated so a burst of it leaves the process a share of the machine", () => {
  it("runs a burst in turn up to the line's length, and refuses the rest at once with a 429 that says when to try again", async () => {
    const lineLength = PASSWORD_WORK_SLOTS * 6;
    const burst = await Promise.allSettled(Array.from({ length: lineLength + 5 }, (_, i) => hashPassword(`burst-password-${i}`)));
    const refused = burst.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const hashed = burst.filter((r): r is PromiseFulfilledResult<string> => r.status === "fulfilled");
    expect(hashed).toHaveLength(lineLength);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(ApiError);
      expect(r.reason).toMatchObject({ status: 429, message: PASSWORD_WORK_BUSY, retryAfterSeconds: 30 });
    }
    expect(await bcrypt.compare("burst-password-0", hashed[0].value)).toBe(true);
    // The line has emptied: the next one is hashed.
    expect(await verifyPassword("after the burst", await hashPassword("after the burst"))).toBe(true);
  });
});
