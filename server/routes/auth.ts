import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { ApiError, tooManyRequests, toHttpError } from "../errors";
import { hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from "../auth/passwords";
import { clearSessionCookies, issueToken, loadUserWithPermissions, setSessionCookies } from "../auth/session";
import { checkSignInRate, clearSignInFailures, recordSignInFailure } from "../auth/rateLimit";
import { User } from "../models/User";
import { presentCurrentUser } from "../presenters/user";
import { emailSchema, parse } from "../lib/validate";
import { singleLine } from "../contracts/text";
import type { Services } from "../services";

export const SIGN_IN_FAILED = "Oops. Either your email or password is incorrect.";

const signupSchema = z
  .object({
    name: singleLine(z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name is too long"), "Name"),
    email: emailSchema,
    password: z
      .string({ error: "Password is required" })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(200, "Password is too long"),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

const signinSchema = z.object({
  username: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254).transform((s) => s.toLowerCase()),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

/** The desktop app asks for a Bearer token instead of cookies. */
const wantsBearer = (ctx: Context) => ctx.get("x-session-transport").toLowerCase() === "bearer";

/** Auth answers always carry { user, error } (spec 000 section 7), also on failure. */
async function authAnswer(ctx: Context, work: () => Promise<{ user: User; status?: number }>) {
  try {
    const { user, status } = await work();
    const body: Record<string, unknown> = { user: presentCurrentUser(user), error: null };
    const sessionOpts = ctx.state.sessionOptions;
    if (wantsBearer(ctx)) body.token = issueToken(user.id, sessionOpts.secret).token;
    else setSessionCookies(ctx, user.id, sessionOpts);
    ctx.status = status ?? 200;
    ctx.body = body;
  } catch (err) {
    const { status, body, expected } = toHttpError(err);
    if (!expected) throw err;
    ctx.status = status;
    ctx.body = { user: null, ...body };
  }
}

export function authRoutes(router: Router, _s: Services) {
  router.get("/auth/user", async (ctx) => {
    const viewer = ctx.state.viewer;
    const user = viewer ? await loadUserWithPermissions(viewer.id) : undefined;
    ctx.body = { user: user ? presentCurrentUser(user) : null, error: null };
  });

  router.post("/auth/signup", async (ctx) => {
    await authAnswer(ctx, async () => {
      const input = parse(signupSchema, ctx.request.body);
      const existing = await User.query().findOne({ email: input.email });
      if (existing) throw new ApiError(409, "email_taken", "An account with that email already exists.", "email");
      const user = await User.query().insertAndFetch({
        name: input.name,
        email: input.email,
        username: input.email,
        passwordHash: await hashPassword(input.password),
      });
      user.permissions = [];
      return { user, status: 201 };
    });
  });

  router.post("/auth/signin", async (ctx) => {
    await authAnswer(ctx, async () => {
      const input = parse(signinSchema, ctx.request.body);
      const limited = await checkSignInRate(input.username, ctx.ip);
      if (limited) throw tooManyRequests(limited);
      const user = await User.query().findOne({ email: input.username }).withGraphFetched("permissions");
      const ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyPassword(input.password, DUMMY_HASH);
      if (!user || !ok) {
        await recordSignInFailure(input.username, ctx.ip);
        throw new ApiError(401, "sign_in_failed", SIGN_IN_FAILED);
      }
      await clearSignInFailures(input.username);
      return { user };
    });
  });

  router.get("/auth/signout", async (ctx) => {
    clearSessionCookies(ctx, ctx.state.sessionOptions);
    ctx.body = { result: "ok" };
  });

}

/** Compared against when the email is unknown, so both paths take the same time. */
const DUMMY_HASH = "$2b$11$GxUxhITWoZ.puO1kRs9dYuY6UgLlkID9DQxQPUZIaVdKeHXfaIsjy";
