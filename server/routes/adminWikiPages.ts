import type Router from "@koa/router";
import { WikiPage } from "../models/WikiPage";
import { parse } from "../lib/validate";
import { saveWikiPage } from "../commands/siteContent";
import { wikiPageBodySchema } from "../contracts/adminRequests";
import { requireAdmin } from "../policies/authorize";
import { presentWikiPageAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

const wikiSchema = wikiPageBodySchema;

/**
 * The wiki for admins: GET /api/wiki_page lists every page with its source; POST /api/wiki_page
 * creates (public and editable by default), or updates when `id` is given. The body of a
 * non-editable page is never replaced.
 */
export function adminWikiPageRoutes(router: Router, _s: Services) {
  router.get("/wiki_page", async (ctx) => {
    requireAdmin(ctx);
    const pages = await WikiPage.query().orderBy("title");
    ctx.body = pages.map(presentWikiPageAdmin);
  });

  router.post("/wiki_page", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { id: pageId, ...input } = parse(wikiSchema, ctx.request.body);
    const saved = await saveWikiPage(viewer, pageId, input);
    ctx.status = pageId ? 200 : 201;
    ctx.body = presentWikiPageAdmin(saved);
  });
}
