import crypto from "node:crypto";
import { automaticMessage, composeLetter } from "../mail/letter";
import { networkContact } from "../lib/networkContact";
import type Router from "@koa/router";
import { z } from "zod";
import { hashPassword, newPasswordSchema } from "../auth/passwords";
import { PasswordResetToken } from "../models/PasswordResetToken";
import { User } from "../models/User";
import { resetPasswordWithToken } from "../commands/passwordReset";
import { emailSchema, parse } from "../lib/validate";
import { bucketFor, enforceLimit } from "../lib/rateLimits";
import type { Services } from "../services";

const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** Refusals keep the spec's { result } beside the error body. */
const TOO_MANY = { result: "too many requests" };

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

async function findUsableToken(token: string): Promise<PasswordResetToken | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await PasswordResetToken.query().findOne({ tokenHash: sha256(token) });
  if (!row || row.usedAt || Date.parse(row.expiresAt) <= Date.now()) return undefined;
  return row;
}

export const createSchema = z.object({ email: emailSchema });
export const newPasswordBody = z.object({
  token: z.string({ error: "token is required" }).min(1, "token is required").max(200),
  password: newPasswordSchema,
});

/** Password reset: random tokens, stored hashed, single use, one hour (spec 000 sections 2, 7, 9). */
export function passwordResetRoutes(router: Router, s: Services) {
  router.post("/password_reset/create", async (ctx) => {
    const { email } = parse(createSchema, ctx.request.body);
    const limits = s.config.rateLimits;
    await enforceLimit(ctx, {
      bucket: bucketFor("reset-address", ctx.ip),
      limit: limits.passwordReset,
      message: (wait) => `Too many reset requests from your address. Please try again in ${wait}.`,
      extra: TOO_MANY,
    });
    const user = await User.query().findOne({ email });
    if (!user) {
      ctx.body = { result: "user not found" };
      return;
    }
    await enforceLimit(ctx, {
      bucket: bucketFor("reset-account", user.id),
      limit: limits.passwordResetPerAccount,
      message: (wait) => `Too many reset requests for this account. Please try again in ${wait}.`,
      extra: TOO_MANY,
    });
    const token = crypto.randomBytes(32).toString("base64url");
    await PasswordResetToken.query().insert({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MS).toISOString(),
      usedAt: null,
    });
    const link = `${s.config.publicUrl}/password_verify/${token}`;
    const letter = composeLetter({
      subject: "Reset your password",
      greeting: `Hi ${user.name},`,
      blocks: [
        "Someone asked to reset the password of your account. To choose a new password, open this link within one hour:",
        link,
        "If you did not ask for this, you can ignore this email.",
      ],
      why: "You are receiving this email because a password reset was asked for your account.",
    });
    await s.mail.send(automaticMessage(user.email, letter, (await networkContact(s)).email));
    ctx.body = { result: "ok" };
  });

  router.get("/password_reset/check/:token", async (ctx) => {
    const row = await findUsableToken(ctx.params.token);
    ctx.body = { result: row ? "ok" : "invalid" };
  });

  router.post("/password_reset/new_password", async (ctx) => {
    const input = parse(newPasswordBody, ctx.request.body);
    const row = await findUsableToken(input.token);
    if (!row) {
      ctx.status = 400;
      ctx.body = { result: "invalid", error: "Your token is invalid or expired.", errorId: "invalid_token", field: "token" };
      return;
    }
    const passwordHash = await hashPassword(input.password);
    const changed = await resetPasswordWithToken(row, passwordHash);
    if (!changed) {
      ctx.status = 400;
      ctx.body = { result: "invalid", error: "Your token is invalid or expired.", errorId: "invalid_token", field: "token" };
      return;
    }
    ctx.body = { result: "ok" };
  });
}
