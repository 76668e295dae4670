import Router from "@koa/router";
import type { Context, Next } from "koa";
import { koaBody } from "koa-body";
import { ApiError, crossSiteRequest } from "../errors";
import { fromThisSite } from "../auth/crossSite";
import { checkSignIn, startSession } from "../auth/signIn";
import { SESSION_COOKIE, sessionIdOf, setSessionCookies, type SessionOptions } from "../auth/session";
import { SIGN_IN_PATH } from "../contracts/user";
import { refuseNulInBody } from "../lib/inputGuard";
import type { Services } from "../services";
import { safeBackPath, setFormResult } from "./formResult";

export const FROM_ANOTHER_SITE = "Sign in on this site's own sign-in page: a form of another site cannot sign you in";

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * The sign-in form as a plain HTML form post, for visitors without JavaScript (the screen posts JSON to
 * /api/auth/signin, unchanged). The same checks and throttle (auth/signIn.ts). Signed in, the answer is a redirect to
 * `returnUrl` (a path of this site, else the home page), as after the screen's sign-in; otherwise back to /signin,
 * which shows the message next to the form with the email filled in (formResult.ts).
 *
 * A form post carries no X-CSRF-Token header: instead the browser must say the post comes from this site's own
 * page (fromThisSite), so another site's form cannot sign a visitor into an account of its choosing.
 */
export function signInFormRoutes(s: Services, sessionOptions: SessionOptions) {
  const router = new Router();
  const formBody = koaBody({ urlencoded: true, json: false, text: false, formLimit: "16kb", multipart: false });
  const ownPagesOnly = async (ctx: Context, next: Next) => {
    if (!fromThisSite(ctx, s.config.publicUrl)) throw crossSiteRequest(FROM_ANOTHER_SITE);
    await next();
  };
  router.post(SIGN_IN_PATH, ownPagesOnly, formBody, refuseNulInBody(), async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    // Only a path of this site is followed (or kept for the next try).
    const asked = text(form.returnUrl);
    const returnUrl = asked && safeBackPath(asked) === asked ? asked : "";
    try {
      const { user, passwordHash } = await checkSignIn(ctx, { username: form.email, password: form.password });
      const previous = sessionIdOf(ctx.cookies.get(SESSION_COOKIE), sessionOptions.secret);
      setSessionCookies(ctx, await startSession(user, passwordHash, sessionOptions, previous), sessionOptions);
      ctx.status = 303;
      ctx.redirect(returnUrl || "/");
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      setFormResult(ctx, { signIn: { email: text(form.email).trim(), message: err.message } }, sessionOptions);
      ctx.status = 303;
      ctx.redirect(returnUrl ? `${SIGN_IN_PATH}?${new URLSearchParams({ returnUrl }).toString()}` : SIGN_IN_PATH);
    }
  });
  return router;
}
