import type Router from "@koa/router";
import type { Context } from "koa";
import { PressMention } from "../models/PressMention";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { presentPressMentionAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

/**
 * GET /api/press_mention/all (admin): every press mention for the site admin list and editor. Writes
 * go through POST /api/press_mention/ and DELETE /api/press_mention/slug/{slug} (chapter admin).
 */
export function adminPressMentionRoutes(router: Router, _s: Services) {
  const admin = (ctx: Context) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    return ctx.state.viewer!;
  };

  /** Every press mention (visible or not, with or without a chapter), newest first. */
  router.get("/press_mention/all", async (ctx) => {
    admin(ctx);
    const mentions = await PressMention.query().withGraphFetched("chapter").orderBy("createdAt", "desc").orderBy("id", "desc");
    ctx.body = mentions.map(presentPressMentionAdmin);
  });
}
