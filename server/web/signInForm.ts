import Router from "@koa/router";
import { checkSignIn, startSession } from "../auth/signIn";
import { SESSION_COOKIE, sessionIdOf, setSessionCookies, type SessionOptions } from "../auth/session";
import { SIGN_IN_PATH } from "../contracts/user";
import type { Services } from "../services";
import { safeBackPath } from "./formResult";
import { backTo, formText as text, ownFormPost, refusalOf } from "./formPost";

export const FROM_ANOTHER_SITE = "Sign in on this site's own sign-in page: a form of another site cannot sign you in";

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
  router.post(SIGN_IN_PATH, ...ownFormPost(s.config.publicUrl, FROM_ANOTHER_SITE), async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    // Only a path of this site is followed (or kept for the next try).
    const asked = text(form.returnUrl);
    const returnUrl = asked && safeBackPath(asked) === asked ? asked : "";
    const outcome = await refusalOf(async () => {
      const { user, passwordHash } = await checkSignIn(ctx, { username: form.email, password: form.password });
      const previous = sessionIdOf(ctx.cookies.get(SESSION_COOKIE), sessionOptions.secret);
      setSessionCookies(ctx, await startSession(user, passwordHash, sessionOptions, previous), sessionOptions);
    });
    if ("refused" in outcome) {
      const back = returnUrl ? `${SIGN_IN_PATH}?${new URLSearchParams({ returnUrl }).toString()}` : SIGN_IN_PATH;
      backTo(ctx, back, { signIn: { email: text(form.email).trim(), message: outcome.refused.message } }, sessionOptions);
      return;
    }
    ctx.status = 303;
    ctx.redirect(returnUrl || "/");
  });
  return router;
}
