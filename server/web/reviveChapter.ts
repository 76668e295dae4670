import Router from "@koa/router";
import { koaBody } from "koa-body";
import { ApiError } from "../errors";
import { parse } from "../lib/validate";
import { refuseNulInBody } from "../lib/inputGuard";
import { REVIVE_ANCHOR, REVIVE_CHAPTER_PATH, REVIVE_MESSAGE_MAX, reviveMessageSchema, type ReviveResult } from "../contracts/chapterRevive";
import { sendReviveMessage } from "../commands/reviveChapter";
import type { SessionOptions } from "../auth/session";
import type { Services } from "../services";
import { safeBackPath, setFormResult } from "./formResult";

const text = (v: unknown, max: number): string => (typeof v === "string" ? v.slice(0, max) : "");

/**
 * A hidden chapter's revive form, a plain HTML form post (it works the same with JavaScript on or off): checked,
 * limited and sent by sendReviveMessage, then a redirect back to the page's revive section, which shows "sent" or
 * the problem with what was typed filled in again (formResult.ts). Taken as an anonymous visitor's post, whatever
 * cookies come with it.
 */
export function reviveChapterRoutes(s: Services, sessionOptions: SessionOptions) {
  const router = new Router();
  const formBody = koaBody({ urlencoded: true, json: false, text: false, formLimit: "16kb", multipart: false });
  router.post(REVIVE_CHAPTER_PATH, formBody, refuseNulInBody(), async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const back = safeBackPath(body.back).replace(/#.*$/, "");
    const chapterId = Number(body.chapterId) || 0;
    let result: ReviveResult;
    try {
      const input = parse(reviveMessageSchema, body);
      const { sentTo } = await sendReviveMessage(ctx, s, input);
      result = { chapterId, ok: true, sentTo };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      const typed = { name: text(body.name, 100), email: text(body.email, 254), message: text(body.message, REVIVE_MESSAGE_MAX) };
      result = { chapterId, ok: false, message: err.message, field: err.field, typed };
    }
    setFormResult(ctx, { revive: result }, sessionOptions);
    ctx.status = 303;
    ctx.redirect(`${back}#${REVIVE_ANCHOR}`);
  });
  return router;
}
