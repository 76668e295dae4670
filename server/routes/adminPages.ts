import type Router from "@koa/router";
import { Page } from "../models/Page";
import { parse } from "../lib/validate";
import { savePage } from "../commands/siteContent";
import { contentBodySchema } from "../contracts/adminRequests";
import { requireAdmin } from "../policies/authorize";
import { presentPageAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

const pageSchema = contentBodySchema;

/**
 * Content pages for admins: GET /api/page lists every page with its source; POST /api/page creates,
 * or updates when `id` is given (the slug of an existing page cannot change).
 */
export function adminPageRoutes(router: Router, _s: Services) {
  router.get("/page", async (ctx) => {
    requireAdmin(ctx);
    const pages = await Page.query().orderBy("title");
    ctx.body = pages.map(presentPageAdmin);
  });

  router.post("/page", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { id: pageId, ...input } = parse(pageSchema, ctx.request.body);
    const saved = await savePage(viewer, pageId, input);
    ctx.status = pageId ? 200 : 201;
    ctx.body = presentPageAdmin(saved);
  });
}
