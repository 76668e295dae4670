import Router from "@koa/router";
import { koaBody } from "koa-body";
import { z } from "zod";
import { ApiError } from "../errors";
import { parse } from "../lib/validate";
import { publicSignUp, signUpSchema } from "../mailingLists/publicSignUp";
import { JOIN_LIST_PATH, type JoinListResult } from "../contracts/mailingList";
import type { SessionOptions } from "../auth/session";
import type { Services } from "../services";
import { safeBackPath, setFormResult } from "./formResult";

const formSchema = signUpSchema.extend({ back: z.string().optional() });

/**
 * The mailing-list signup as a plain HTML form post, for visitors without JavaScript (progressive enhancement of
 * the widget, which posts JSON to /api/mailing_list/sign_up). The same rules and answers: the result goes back to
 * the page in a short-lived cookie (formResult.ts), and the server-rendered page shows "Success!" or "Oops. ..." in
 * its widget.
 * The post is taken as an anonymous visitor's, whatever cookies come with it, so a cross-site form cannot act with
 * someone's session (no CSRF token is needed for what anyone may do).
 */
export function joinListRoutes(s: Services, sessionOptions: SessionOptions) {
  const router = new Router();
  router.post(JOIN_LIST_PATH, koaBody({ urlencoded: true, json: false, text: false, formLimit: "16kb", multipart: false }), async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const back = safeBackPath(body.back);
    const listId = typeof body.listId === "string" ? body.listId.trim() : "";
    let result: JoinListResult;
    try {
      const input = parse(formSchema, body);
      const answer = await publicSignUp(ctx, s, input, null);
      result = { listId, ok: true, needsConfirmation: Boolean(answer.return.results[0]?.needsConfirmation) };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      result = { listId, ok: false, message: err.message };
    }
    setFormResult(ctx, { join: result }, sessionOptions);
    ctx.status = 303;
    ctx.redirect(back);
  });
  return router;
}
