import type { Context, Middleware, Next } from "koa";
import { koaBody } from "koa-body";
import { ApiError, crossSiteRequest } from "../errors";
import { fromThisSite } from "../auth/crossSite";
import { refuseNulInBody } from "../lib/inputGuard";
import type { SessionOptions } from "../auth/session";
import type { FormResult } from "../contracts/ssr";
import { setFormResult } from "./formResult";

/** A field of a posted form as text ("" when it is missing or not text). */
export const formText = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * What every plain form post that acts with the visitor's browser goes through before its handler: the browser must
 * say the post comes from one of this site's own pages (fromThisSite, instead of the X-CSRF-Token header a form
 * cannot send), then the urlencoded body is read (room for a host application's 5,000-character reason however it
 * is spelled: each byte of a letter outside ASCII is sent as three characters) and a NUL in it refused.
 */
export function ownFormPost(publicUrl: string, fromAnotherSite: string): Middleware[] {
  const ownPagesOnly = async (ctx: Context, next: Next) => {
    if (!fromThisSite(ctx, publicUrl)) throw crossSiteRequest(fromAnotherSite);
    ctx.set("Cache-Control", "no-store");
    await next();
  };
  return [ownPagesOnly, koaBody({ urlencoded: true, json: false, text: false, formLimit: "64kb", multipart: false }), refuseNulInBody()];
}

/**
 * Runs what a form post does; an expected refusal (a 4xx ApiError) is answered by `refused`, anything else goes to
 * the error middleware as in the API.
 */
export async function refusalOf<T>(work: () => Promise<T>): Promise<{ done: T } | { refused: ApiError }> {
  try {
    return { done: await work() };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    return { refused: err };
  }
}

/** Back to a page (303, so the browser GETs it) that shows `result` next to its form, once (formResult.ts). */
export function backTo(ctx: Context, path: string, result: FormResult, opts: SessionOptions): void {
  setFormResult(ctx, result, opts);
  ctx.status = 303;
  ctx.redirect(path);
}
