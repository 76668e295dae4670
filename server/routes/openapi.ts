import type Router from "@koa/router";
import type { Context } from "koa";
import { cachePublicly } from "../lib/cache";
import { matchesEtag } from "../lib/readCache";
import { servedDocs, type ServedDoc } from "../openapi/served";

/** The document changes only with a deploy: kept by browsers for five minutes, then asked again with its ETag. */
function send(ctx: Context, type: string, doc: ServedDoc) {
  cachePublicly(ctx, 300);
  ctx.set("ETag", doc.etag);
  if (matchesEtag(ctx.get("if-none-match") || undefined, doc.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = type;
  ctx.body = doc.body;
}

/** The API described (issue 32 item 5): the OpenAPI 3.1 document and a readable page of it, public. */
export function openApiRoutes(router: Router) {
  router.get("/openapi.json", (ctx) => send(ctx, "application/json; charset=utf-8", servedDocs().json));
  router.get("/docs", (ctx) => send(ctx, "text/html; charset=utf-8", servedDocs().html));
}
