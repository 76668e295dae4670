import type { Context } from "koa";

/**
 * Marks an answer that is the same for every caller as cacheable for a short while
 * (the API answers no-store by default). Never use it on answers that depend on the viewer.
 */
export function cachePublicly(ctx: Context, seconds = 60): void {
  ctx.set("Cache-Control", `public, max-age=${seconds}`);
}
