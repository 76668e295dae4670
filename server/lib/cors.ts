import type { Context, Next } from "koa";

/** The origin of the desktop app's pages (electron/constants.ts: app://chapterhouse). */
export const DESKTOP_APP_ORIGIN = "app://chapterhouse";

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, DELETE";
const ALLOWED_HEADERS = "Accept, Authorization, Content-Type, X-Session-Transport";
/** Answer headers the app may read besides the safelisted ones: a paged list's count and next page. */
const EXPOSED_HEADERS = "X-Total-Count, Link";

/**
 * Public reads any site may make, for the embeddable finder (docs/embedding.md): the script itself and the
 * nearest-chapter search it calls. Exact paths; everything else stays same-origin.
 */
export const OPEN_READ_PATHS: ReadonlySet<string> = new Set(["/embed/finder.js", "/api/chapters/near"]);
const OPEN_READ_METHODS = "GET, HEAD, OPTIONS";

/**
 * The one CORS policy, with two rules and never credentials:
 * - the desktop app's pages may call the whole API from their own origin. They sign requests with
 *   `Authorization: Bearer` and never with cookies, so a cookie session can never be used from that origin;
 * - any origin may GET (or HEAD) the open reads (OPEN_READ_PATHS), answered `Access-Control-Allow-Origin: *`
 *   whoever asks, so the answer is the same for every caller (no Vary) and a browser sends no cookies with it.
 * Any other origin, method or path gets no CORS headers (same-origin only).
 */
export function cors() {
  return async (ctx: Context, next: Next) => {
    const origin = ctx.get("origin");
    if (origin === DESKTOP_APP_ORIGIN && ctx.path.startsWith("/api/")) return desktop(ctx, next);
    if (OPEN_READ_PATHS.has(ctx.path)) return openRead(ctx, next);
    return next();
  };
}

async function desktop(ctx: Context, next: Next) {
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
}

async function openRead(ctx: Context, next: Next) {
  if (ctx.method === "OPTIONS" && ctx.get("access-control-request-method")) {
    // A preflight: only for a read. A site asking to write gets no CORS headers, so its browser refuses.
    if (!["GET", "HEAD"].includes(ctx.get("access-control-request-method").toUpperCase())) return next();
    ctx.set("Access-Control-Allow-Origin", "*");
    ctx.set("Access-Control-Allow-Methods", OPEN_READ_METHODS);
    ctx.set("Access-Control-Max-Age", "600");
    ctx.status = 204;
    return;
  }
  if (ctx.method === "GET" || ctx.method === "HEAD") {
    ctx.set("Access-Control-Allow-Origin", "*");
    // Helmet says same-origin, which would stop other sites' <script> tags (no-cors loads) from running the finder.
    ctx.set("Cross-Origin-Resource-Policy", "cross-origin");
  }
  await next();
}
