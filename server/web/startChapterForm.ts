import Router from "@koa/router";
import { userOfSessionCookie, SESSION_COOKIE, type SessionOptions } from "../auth/session";
import { createHostApplication } from "../commands/createHostApplication";
import { START_CHAPTER_PATH } from "../contracts/hostApplication";
import { unauthorized } from "../errors";
import { parse } from "../lib/validate";
import { viewerFromUser } from "../policies/viewer";
import { hostApplicationSchema } from "../routes/hostApplicationsApplicant";
import type { Services } from "../services";
import { FORM_FROM_ANOTHER_SITE, registerAndSignIn, typedAccount } from "./accountForms";
import { backTo, formText as text, ownFormPost, refusalOf } from "./formPost";

/**
 * The host application (/start_chapter) as plain HTML form posts, for visitors without JavaScript, in the screen's
 * two steps: a signed-out visitor's account form (`step=account`: the registration's command, then signed in, back
 * to the page, which shows the application), and the application (`step=application`: POST
 * /api/chapter_host_application's checks and command, as the signed-in visitor). Back on the page, it says "Great!"
 * or shows the refusal above the form with what was typed filled in again (never a password). The post must come
 * from this site's own page (formPost.ts): it acts as the visitor's session without the X-CSRF-Token header.
 */
export function startChapterFormRoutes(s: Services, sessionOptions: SessionOptions) {
  const router = new Router();
  router.post(START_CHAPTER_PATH, ...ownFormPost(s.config.publicUrl, FORM_FROM_ANOTHER_SITE), async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (text(form.step) === "account") {
      const outcome = await refusalOf(() => registerAndSignIn(ctx, s, form, sessionOptions));
      if ("refused" in outcome) {
        backTo(
          ctx,
          START_CHAPTER_PATH,
          { posted: { form: "hostAccount", done: false, message: outcome.refused.message, values: typedAccount(form) } },
          sessionOptions,
        );
        return;
      }
      ctx.status = 303;
      ctx.redirect(START_CHAPTER_PATH);
      return;
    }
    const typed = { city: text(form.city), state: text(form.state), type: text(form.type), reason: text(form.reason) };
    const outcome = await refusalOf(async () => {
      const user = await userOfSessionCookie(ctx.cookies.get(SESSION_COOKIE), sessionOptions.secret);
      if (!user) throw unauthorized();
      const input = parse(hostApplicationSchema, typed);
      await createHostApplication(s, viewerFromUser(user), input);
    });
    const posted =
      "refused" in outcome
        ? { form: "hostApplication" as const, done: false, message: outcome.refused.message, values: typed }
        : { form: "hostApplication" as const, done: true, values: {} };
    backTo(ctx, START_CHAPTER_PATH, { posted }, sessionOptions);
  });
  return router;
}
