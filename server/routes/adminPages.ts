import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { Page } from "../models/Page";
import { badRequest, notFound } from "../errors";
import { parse } from "../lib/validate";
import { contentFields } from "../lib/contentSlug";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { recordActivity } from "../commands/activity";
import { presentPageAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";
import { RESERVED_PAGE_SLUG_MESSAGE, RESERVED_PAGE_SLUGS } from "../contracts/content";

const pageSchema = z.object(contentFields);

/**
 * Content pages for admins: GET /api/page lists every page with its source; POST /api/page creates,
 * or updates when `id` is given (the slug of an existing page cannot change).
 */
export function adminPageRoutes(router: Router, _s: Services) {
  const admin = (ctx: Context) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    return ctx.state.viewer!;
  };

  router.get("/page", async (ctx) => {
    admin(ctx);
    const pages = await Page.query().orderBy("title");
    ctx.body = pages.map(presentPageAdmin);
  });

  router.post("/page", async (ctx) => {
    const viewer = admin(ctx);
    const { id: pageId, ...input } = parse(pageSchema, ctx.request.body);
    const saved = await Page.transaction(async (trx) => {
      let page: Page;
      if (pageId) {
        const existing = await Page.query(trx).findById(pageId);
        if (!existing) throw notFound("Page");
        // The slug is read-only once a page exists: links to /page/{slug} must keep working.
        if (input.slug !== existing.slug) throw badRequest("The slug of an existing page cannot be changed", "slug");
        page = await Page.query(trx).patchAndFetchById(pageId, input);
      } else {
        if ((RESERVED_PAGE_SLUGS as readonly string[]).includes(input.slug)) throw badRequest(RESERVED_PAGE_SLUG_MESSAGE, "slug");
        page = await Page.query(trx).insertAndFetch(input);
      }
      await recordActivity({ type: "site_content", title: `Page ${pageId ? "updated" : "added"}: ${page.title}`, adminOnly: true, userId: viewer.id, objectId: page.slug }, trx);
      return page;
    });
    ctx.status = pageId ? 200 : 201;
    ctx.body = presentPageAdmin(saved);
  });
}
