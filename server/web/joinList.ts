import Router from "@koa/router";
import type { Context } from "koa";
import { koaBody } from "koa-body";
import { z } from "zod";
import { ApiError } from "../errors";
import { parse } from "../lib/validate";
import { publicSignUp, signUpSchema } from "../mailingLists/publicSignUp";
import { JOIN_LIST_PATH, type JoinListResult } from "../contracts/mailingList";
import type { SessionOptions } from "../auth/session";
import type { Services } from "../services";

/** The cookie that carries a plain form post's result to the page it returns to (read once, see readJoinResult). */
export const JOIN_RESULT_COOKIE = "ch_join";
const JOIN_RESULT_MS = 5 * 60_000;

/** Only a path on this site: never another origin (`//host`, `/\host`) or a URL with a scheme. */
export function safeBackPath(back: unknown): string {
  if (typeof back !== "string" || !back.startsWith("/") || back.startsWith("//") || back.startsWith("/\\") || back.length > 2000) return "/";
  return /[\u0000-\u001f]/.test(back) ? "/" : back;
}

const formSchema = signUpSchema.extend({ back: z.string().optional() });

/**
 * The mailing-list signup as a plain HTML form post, for visitors without JavaScript (progressive enhancement of
 * the widget, which posts JSON to /api/mailing_list/sign_up). The same rules and answers: the result goes back to
 * the page in a short-lived cookie, and the server-rendered page shows "Success!" or "Oops. ..." in its widget.
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
    ctx.cookies.set(JOIN_RESULT_COOKIE, Buffer.from(JSON.stringify(result)).toString("base64url"), {
      httpOnly: true,
      sameSite: "lax",
      secure: sessionOptions.secureCookies,
      maxAge: JOIN_RESULT_MS,
      overwrite: true,
    });
    ctx.status = 303;
    ctx.redirect(back);
  });
  return router;
}

/** The result of a plain form post for the page being rendered, once: the cookie is cleared as it is read. */
export function readJoinResult(ctx: Context): JoinListResult | null {
  const raw = ctx.cookies.get(JOIN_RESULT_COOKIE);
  if (!raw) return null;
  ctx.cookies.set(JOIN_RESULT_COOKIE, null, { httpOnly: true, sameSite: "lax", overwrite: true });
  try {
    const v = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<JoinListResult>;
    if (typeof v.listId !== "string" || typeof v.ok !== "boolean") return null;
    return {
      listId: v.listId,
      ok: v.ok,
      needsConfirmation: Boolean(v.needsConfirmation),
      message: typeof v.message === "string" ? v.message.slice(0, 500) : undefined,
    };
  } catch {
    return null;
  }
}
