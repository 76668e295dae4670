import type Router from "@koa/router";
import type { Context } from "koa";
import { crossSiteRequest, jsonRequired, toHttpError } from "../errors";
import { registerAccount, signupSchema } from "../auth/signUp";
import { clearSessionCookies, revokeSession, setSessionCookies } from "../auth/session";
import { checkSignIn, SIGN_IN_FAILED, startSession } from "../auth/signIn";
import { fromAnotherSite } from "../auth/crossSite";
import type { User } from "../models/User";
import { presentCurrentUser } from "../presenters/user";
import type { Services } from "../services";

export { SIGN_IN_FAILED, signupSchema };

/** The desktop app asks for a Bearer token instead of cookies. */
const wantsBearer = (ctx: Context) => ctx.get("x-session-transport").toLowerCase() === "bearer";

/**
 * Auth answers always carry { user, error } (spec 000 section 7), also on failure. `passwordHash` is the
 * hash the password was checked against: no session starts if a reset changed it meanwhile.
 */
async function authAnswer(ctx: Context, work: () => Promise<{ user: User; passwordHash: string; status?: number }>) {
  try {
    const { user, passwordHash, status } = await work();
    const body: Record<string, unknown> = { user: presentCurrentUser(user), error: null };
    const sessionOpts = ctx.state.sessionOptions;
    const issued = await startSession(user, passwordHash, sessionOpts, ctx.state.sessionId ?? null);
    if (wantsBearer(ctx)) body.token = issued.token;
    else setSessionCookies(ctx, issued, sessionOpts);
    ctx.status = status ?? 200;
    ctx.body = body;
  } catch (err) {
    const { status, body, expected } = toHttpError(err);
    if (!expected) throw err;
    ctx.status = status;
    ctx.body = { user: null, ...body };
  }
}

export function authRoutes(router: Router, s: Services) {
  router.get("/auth/user", async (ctx) => {
    const { user } = ctx.state;
    ctx.body = { user: user ? presentCurrentUser(user) : null, error: null };
  });

  router.post("/auth/signup", async (ctx) => {
    if (!ctx.is("application/json")) throw jsonRequired("registration");
    await authAnswer(ctx, async () => ({ ...(await registerAccount(ctx, s, ctx.request.body)), status: 201 }));
  });

  router.post("/auth/signin", async (ctx) => {
    // JSON only: another site's page can send a form or text to us, never JSON without our CORS say-so, and a form
    // from elsewhere must not sign a visitor's browser into someone else's account. (POST /signin is the form.)
    if (!ctx.is("application/json")) throw jsonRequired("sign-in");
    await authAnswer(ctx, () => checkSignIn(ctx, ctx.request.body));
  });

  /**
   * Ends the caller's session on the server (every process), then clears the cookies. A link, image or script on
   * another site may not end a browser's session (docs/decisions.md "Signing out"); the desktop app's Bearer
   * token cannot be sent by another site.
   */
  router.get("/auth/signout", async (ctx) => {
    if (ctx.state.sessionVia === "cookie" && fromAnotherSite(ctx, s.config.publicUrl)) {
      throw crossSiteRequest("Sign out from this site's own pages: a link or page of another site cannot sign you out");
    }
    if (ctx.state.sessionId) await revokeSession(ctx.state.sessionId);
    clearSessionCookies(ctx, ctx.state.sessionOptions);
    ctx.body = { result: "ok" };
  });
}
