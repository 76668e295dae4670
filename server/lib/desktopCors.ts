import type { Context, Next } from "koa";

/** The origin of the desktop app's pages (electron/constants.ts: app://chapterhouse). */
export const DESKTOP_APP_ORIGIN = "app://chapterhouse";

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, DELETE";
const ALLOWED_HEADERS = "Accept, Authorization, Content-Type, X-Session-Transport";
/** Answer headers the app may read besides the safelisted ones: a paged list's count and next page. */
const EXPOSED_HEADERS = "X-Total-Count, Link";

/**
 * Lets the desktop app's pages call the API from their own origin. It signs requests with
 * `Authorization: Bearer` and never with cookies, so credentials are not allowed: a cookie session
 * can never be used from that origin. Any other origin gets no CORS headers (same-origin only).
 */
export function desktopCors() {
  return async (ctx: Context, next: Next) => {
    if (ctx.get("origin") !== DESKTOP_APP_ORIGIN || !ctx.path.startsWith("/api/")) return next();
    ctx.vary("Origin");
    ctx.set("Access-Control-Allow-Origin", DESKTOP_APP_ORIGIN);
    ctx.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    if (ctx.method === "OPTIONS" && ctx.get("access-control-request-method")) {
      ctx.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
      ctx.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
      ctx.set("Access-Control-Max-Age", "600");
      ctx.status = 204;
      return;
    }
    await next();
  };
}
