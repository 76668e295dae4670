import type { Context } from "koa";
import { z } from "zod";
import { ApiError } from "../errors";
import { parse } from "../lib/validate";
import { rateLimited, waitText } from "../lib/rateLimits";
import { User } from "../models/User";
import { verifyPassword } from "./passwords";
import { issueToken, revokeSession, type IssuedToken, type SessionOptions } from "./session";
import { beginSignIn, signInSucceeded } from "./signInThrottle";

export const SIGN_IN_FAILED = "Oops. Either your email or password is incorrect.";

export const signinSchema = z.object({
  username: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254)
    .transform((s) => s.toLowerCase()),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

const signInFailed = () => new ApiError(401, "sign_in_failed", SIGN_IN_FAILED);

/** Compared against when the email is unknown, so both paths take the same time. */
const DUMMY_HASH = "$2b$11$GxUxhITWoZ.puO1kRs9dYuY6UgLlkID9DQxQPUZIaVdKeHXfaIsjy";

/**
 * The account an email and password name, or a 401 (the same for an unknown email and a wrong password), a 400 for
 * a missing field, or a 429 while the account or address must wait (signInThrottle.ts). The JSON sign-in and the
 * sign-in form both check here. Answers the hash the password was checked against, for startSession.
 */
export async function checkSignIn(ctx: Context, body: unknown): Promise<{ user: User; passwordHash: string }> {
  const input = parse(signinSchema, body);
  const attempt = await beginSignIn(input.username, ctx.ip);
  if (attempt.waitSeconds) {
    throw rateLimited(ctx, attempt.waitSeconds, `Too many sign-in attempts. Please wait ${waitText(attempt.waitSeconds)} and try again.`);
  }
  const user = await User.query().findOne({ email: input.username }).withGraphFetched("permissions");
  const ok = user ? await verifyPassword(input.password, user.passwordHash, user.legacyLongPassword) : await verifyPassword(input.password, DUMMY_HASH);
  // A wrong password stays counted as a failure of this account and address.
  if (!user || !ok) throw signInFailed();
  await signInSucceeded(attempt);
  return { user, passwordHash: user.passwordHash };
}

/**
 * Starts the user's session, unless a password reset changed `passwordHash` meanwhile (a 401 then). The session the
 * browser or app had before (`previousSid`) is replaced, not left alive beside the new one.
 */
export async function startSession(user: User, passwordHash: string, opts: SessionOptions, previousSid: string | null): Promise<IssuedToken> {
  const issued = await issueToken(user.id, opts.secret, { passwordHash });
  if (!issued) throw signInFailed();
  if (previousSid) await revokeSession(previousSid);
  return issued;
}
