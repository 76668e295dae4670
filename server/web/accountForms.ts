import Router from "@koa/router";
import type { Context } from "koa";
import { registerAccount } from "../auth/signUp";
import { startSession } from "../auth/signIn";
import { SESSION_COOKIE, sessionIdOf, setSessionCookies, type SessionOptions } from "../auth/session";
import { sendResetLink, setPasswordFromLink } from "../commands/passwordReset";
import { PASSWORD_RESET_PATH, REGISTER_PATH } from "../contracts/user";
import type { Services } from "../services";
import { safeBackPath } from "./formResult";
import { backTo, formText as text, ownFormPost, refusalOf } from "./formPost";

/** The answer to a form of these posted from another site's page. */
export const FORM_FROM_ANOTHER_SITE = "Send this form from this site's own page: a form of another site cannot act for you";
/** The reset link's form, when the token is not (or no longer) usable: the page then says so too. */
const INVALID_TOKEN = "Your token is invalid or expired.";

type Form = Record<string, unknown>;

/** The fields of the registration form (also the host application's account step) the sign-up reads. */
const accountOf = (form: Form) => ({
  name: text(form.name),
  email: text(form.email),
  password: text(form.password),
  confirmPassword: text(form.confirmPassword),
});

/** What of the account form comes back filled in after a refusal: never the passwords. */
export const typedAccount = (form: Form) => ({ name: text(form.name), email: text(form.email) });

/** Creates the account the form names and signs the browser into it, replacing the session it had. */
export async function registerAndSignIn(ctx: Context, s: Services, form: Form, sessionOptions: SessionOptions): Promise<void> {
  const { user, passwordHash } = await registerAccount(ctx, s, accountOf(form));
  const previous = sessionIdOf(ctx.cookies.get(SESSION_COOKIE), sessionOptions.secret);
  setSessionCookies(ctx, await startSession(user, passwordHash, sessionOptions, previous), sessionOptions);
}

/**
 * The account forms as plain HTML form posts, for visitors without JavaScript (their screens post JSON to the API,
 * unchanged): registration, the reset link request and the reset link's new password. Each does what its API route
 * does, through the same command (one validation, one limit), and goes back (303) to its page, which shows the
 * answer as the screen shows the API's, with what was typed filled in again (never a password): formResult.ts.
 * Like the sign-in form, each post must come from this site's own page (formPost.ts): registration signs the
 * browser in, and another site's form must not choose the account it is signed into.
 */
export function accountFormRoutes(s: Services, sessionOptions: SessionOptions) {
  const router = new Router();
  const own = ownFormPost(s.config.publicUrl, FORM_FROM_ANOTHER_SITE);

  router.post(REGISTER_PATH, ...own, async (ctx) => {
    const form = (ctx.request.body ?? {}) as Form;
    const asked = text(form.returnUrl);
    const returnUrl = asked && safeBackPath(asked) === asked ? asked : "";
    const back = returnUrl ? `${REGISTER_PATH}?${new URLSearchParams({ returnUrl }).toString()}` : REGISTER_PATH;
    const outcome = await refusalOf(() => registerAndSignIn(ctx, s, form, sessionOptions));
    const posted =
      "refused" in outcome
        ? { form: "register" as const, done: false, message: outcome.refused.message, values: typedAccount(form) }
        : { form: "register" as const, done: true, values: {} };
    backTo(ctx, back, { posted }, sessionOptions);
  });

  router.post(PASSWORD_RESET_PATH, ...own, async (ctx) => {
    const form = (ctx.request.body ?? {}) as Form;
    const outcome = await refusalOf(() => sendResetLink(ctx, s, { email: text(form.email) }));
    // The screen says "Something went wrong." for any refusal, as it does with JavaScript.
    const result = "done" in outcome ? outcome.done : outcome.refused.errorId;
    backTo(ctx, PASSWORD_RESET_PATH, { posted: { form: "passwordReset", done: result === "ok", result, values: { email: text(form.email) } } }, sessionOptions);
  });

  router.post("/password_verify/:token", ...own, async (ctx) => {
    const form = (ctx.request.body ?? {}) as Form;
    const token = String(ctx.params.token);
    const outcome = await refusalOf(() => setPasswordFromLink({ token, password: text(form.password), confirmPassword: text(form.confirmPassword) }));
    const done = "done" in outcome && outcome.done;
    const message = done ? undefined : "refused" in outcome ? outcome.refused.message : INVALID_TOKEN;
    backTo(ctx, `/password_verify/${encodeURIComponent(token)}`, { posted: { form: "newPassword", done, message, values: {} } }, sessionOptions);
  });
  return router;
}
