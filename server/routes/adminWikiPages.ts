import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { WikiPage } from "../models/WikiPage";
import { ApiError, notFound } from "../errors";
import { parse } from "../lib/validate";
import { contentFields } from "../lib/contentSlug";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { recordActivity } from "../commands/activity";
import { WIKI_NOT_EDITABLE_MESSAGE } from "../contracts/siteAdmin";
import { presentWikiPageAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

const wikiSchema = z.object({ ...contentFields, isEditable: z.boolean().default(true) });

/**
 * The wiki for admins: GET /api/wiki_page lists every page with its source; POST /api/wiki_page
 * creates (public and editable by default), or updates when `id` is given. The body of a
 * non-editable page is never replaced.
 */
export function adminWikiPageRoutes(router: Router, _s: Services) {
  const admin = (ctx: Context) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    return ctx.state.viewer!;
  };

  router.get("/wiki_page", async (ctx) => {
    admin(ctx);
    const pages = await WikiPage.query().orderBy("title");
    ctx.body = pages.map(presentWikiPageAdmin);
  });

  router.post("/wiki_page", async (ctx) => {
    const viewer = admin(ctx);
    const { id: pageId, ...input } = parse(wikiSchema, ctx.request.body);
    const saved = await WikiPage.transaction(async (trx) => {
      let page: WikiPage;
      if (pageId) {
        const existing = await WikiPage.query(trx).findById(pageId);
        if (!existing) throw notFound("Wiki page");
        // Non-editable pages hold formatting the editor would damage: their body is never replaced here.
        if (!existing.isEditable && input.body !== existing.body) throw new ApiError(409, "not_editable", WIKI_NOT_EDITABLE_MESSAGE, "body");
        page = await WikiPage.query(trx).patchAndFetchById(pageId, input);
      } else {
        page = await WikiPage.query(trx).insertAndFetch(input);
      }
      await recordActivity({ type: "site_content", title: `Wiki page ${pageId ? "updated" : "added"}: ${page.title}`, adminOnly: true, userId: viewer.id, objectId: page.slug }, trx);
      return page;
    });
    ctx.status = pageId ? 200 : 201;
    ctx.body = presentWikiPageAdmin(saved);
  });
}
