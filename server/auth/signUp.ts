import type { Context } from "koa";
import { z } from "zod";
import { ApiError } from "../errors";
import { emailSchema, parse } from "../lib/validate";
import { bucketFor, enforceLimit } from "../lib/rateLimits";
import { singleLine } from "../contracts/text";
import { User } from "../models/User";
import type { Services } from "../services";
import { hashPassword, newPasswordSchema } from "./passwords";

export const signupSchema = z
  .object({
    name: singleLine(z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name is too long"), "Name"),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

const EMAIL_TAKEN = "An account with that email already exists.";

/**
 * Creates an account from what the registration form sent (name, email, password and its confirmation), within
 * the sign-up limit of the caller's address: a 400 naming the field, a 409 for an email in use, a 429. The JSON
 * sign-up (POST /api/auth/signup) and the forms posted without JavaScript (registration, the host application's
 * account step) both create accounts here. Answers the new user and its hash, for startSession.
 */
export async function registerAccount(ctx: Context, s: Services, body: unknown): Promise<{ user: User; passwordHash: string }> {
  const input = parse(signupSchema, body);
  await enforceLimit(ctx, {
    bucket: bucketFor("signup", ctx.ip),
    limit: s.config.rateLimits.signup,
    message: (wait) => `Too many new accounts from your address. Please try again in ${wait}.`,
  });
  const existing = await User.query().findOne({ email: input.email });
  if (existing) throw new ApiError(409, "email_taken", EMAIL_TAKEN, "email");
  const user = await User.query().insertAndFetch({
    name: input.name,
    email: input.email,
    username: input.email,
    passwordHash: await hashPassword(input.password),
  });
  user.permissions = [];
  return { user, passwordHash: user.passwordHash };
}
