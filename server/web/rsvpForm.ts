import Router from "@koa/router";
import { koaBody } from "koa-body";
import { z } from "zod";
import { ApiError } from "../errors";
import { parse } from "../lib/validate";
import { refuseNulInBody } from "../lib/inputGuard";
import { answerOrMailLink } from "../routes/rsvps";
import { RSVP_FORM_PATH, type RsvpFormResult } from "../contracts/rsvp";
import { rsvpBodySchema } from "../contracts/rsvpRequests";
import type { SessionOptions } from "../auth/session";
import type { Services } from "../services";
import { safeBackPath, setFormResult } from "./formResult";

const formSchema = rsvpBodySchema.extend({ back: z.string().optional() });

/**
 * The chapter page's "I'm coming" as a plain HTML form post, for visitors without JavaScript (the button posts JSON
 * to /api/rsvp). The same rules and answers, taken as an anonymous visitor's whatever cookies come with it (so a
 * cross-site form cannot answer with someone's account): a link to confirm goes to the address given. The result
 * goes back to the page in the form-result cookie, and the page shows it in place of the button.
 */
export function rsvpFormRoutes(s: Services, sessionOptions: SessionOptions) {
  const router = new Router();
  router.post(RSVP_FORM_PATH, koaBody({ urlencoded: true, json: false, text: false, formLimit: "16kb", multipart: false }), refuseNulInBody(), async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const back = safeBackPath(body.back);
    const key = { eventSlug: typeof body.slug === "string" ? body.slug.trim() : "", date: typeof body.date === "string" ? body.date.trim() : "" };
    let result: RsvpFormResult;
    try {
      const input = parse(formSchema, body);
      const answer = await answerOrMailLink(ctx, s, input, null);
      result = { ...key, ok: true, status: answer.status };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      result = { ...key, ok: false, message: err.message };
    }
    setFormResult(ctx, { rsvp: result }, sessionOptions);
    ctx.status = 303;
    ctx.redirect(back);
  });
  return router;
}
