import crypto from "node:crypto";
import type { Context } from "koa";
import { z } from "zod";
import { hashPassword, newPasswordSchema } from "../auth/passwords";
import { PasswordResetToken } from "../models/PasswordResetToken";
import { User } from "../models/User";
import { emailSchema, parse } from "../lib/validate";
import { bucketFor, enforceLimit } from "../lib/rateLimits";
import type { Services } from "../services";
import { automaticMessage, composeLetter } from "../mail/letter";
import { networkContact } from "../lib/networkContact";
import { changePassword } from "./changePassword";

const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** Refusals keep the spec's { result } beside the error body. */
const TOO_MANY = { result: "too many requests" };

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const createSchema = z.object({ email: emailSchema });
/** The new password and the link's token; the confirmation, when sent (the form without JavaScript), must match. */
export const newPasswordBody = z
  .object({
    token: z.string({ error: "token is required" }).min(1, "token is required").max(200),
    password: newPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** The open reset token a link carries: not used, not expired (the link's token is never stored, only its hash). */
export async function findUsableToken(token: string): Promise<PasswordResetToken | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await PasswordResetToken.query().findOne({ tokenHash: sha256(token) });
  if (!row || row.usedAt || Date.parse(row.expiresAt) <= Date.now()) return undefined;
  return row;
}

/**
 * Mails a reset link for the account of `body.email`, within the limits of the caller's address and of the
 * account: "ok", or "user not found" (spec 000 section 7); a 400 for a bad address, a 429 past a limit. POST
 * /api/password_reset/create and the form posted without JavaScript both ask here.
 */
export async function sendResetLink(ctx: Context, s: Services, body: unknown): Promise<"ok" | "user not found"> {
  const { email } = parse(createSchema, body);
  const limits = s.config.rateLimits;
  await enforceLimit(ctx, {
    bucket: bucketFor("reset-address", ctx.ip),
    limit: limits.passwordReset,
    message: (wait) => `Too many reset requests from your address. Please try again in ${wait}.`,
    extra: TOO_MANY,
  });
  const user = await User.query().findOne({ email });
  if (!user) return "user not found";
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
  return "ok";
}

/**
 * Uses a reset token: claims it atomically (a second use finds usedAt set and changes nothing), stores the
 * new password hash, ends the account's sessions and spends its other open tokens, in one transaction.
 * Answers false when the token was already used.
 */
async function resetPasswordWithToken(token: PasswordResetToken, passwordHash: string): Promise<boolean> {
  return PasswordResetToken.transaction(async (trx) => {
    const claimed = await PasswordResetToken.query(trx).patch({ usedAt: new Date().toISOString() }).where({ id: token.id }).whereNull("usedAt");
    if (claimed !== 1) return false;
    await changePassword(token.userId, passwordHash, trx);
    await PasswordResetToken.query(trx).patch({ usedAt: new Date().toISOString() }).where({ userId: token.userId }).whereNull("usedAt");
    return true;
  });
}

/**
 * Sets the new password a reset link's form sent ({ token, password, confirmPassword? }): a 400 naming the field
 * for a bad password, false for a token that is not (or no longer) usable. POST /api/password_reset/new_password
 * and the form posted without JavaScript both set it here.
 */
export async function setPasswordFromLink(body: unknown): Promise<boolean> {
  const input = parse(newPasswordBody, body);
  const row = await findUsableToken(input.token);
  if (!row) return false;
  return resetPasswordWithToken(row, await hashPassword(input.password));
}
