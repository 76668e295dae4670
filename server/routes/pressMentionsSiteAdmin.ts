import type Router from "@koa/router";
import { PressMention } from "../models/PressMention";
import { requireAdmin } from "../policies/authorize";
import { presentPressMentionAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

/**
 * GET /api/press_mention/all (admin): every press mention for the site admin list and editor. Writes
 * go through POST /api/press_mention/ and DELETE /api/press_mention/slug/{slug} (chapter admin).
 */
export function pressMentionSiteAdminRoutes(router: Router, _s: Services) {
  /** Every press mention (visible or not, with or without a chapter), newest first. */
  router.get("/press_mention/all", async (ctx) => {
    requireAdmin(ctx);
    const mentions = await PressMention.query().withGraphFetched("chapter").orderBy("createdAt", "desc").orderBy("id", "desc");
    ctx.body = mentions.map(presentPressMentionAdmin);
  });
}
