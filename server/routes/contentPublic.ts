import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { BlogPost } from "../models/BlogPost";
import { FrontPage } from "../models/FrontPage";
import { Page } from "../models/Page";
import { WikiPage } from "../models/WikiPage";
import { readCacheOf, sendCached, sendPublicJson } from "../lib/readCache";
import { parse } from "../lib/validate";
import { showOrNotFound } from "../policies/authorize";
import { contentPolicy } from "../policies/content";
import { BLOG_PAGE_SIZE } from "../contracts/content";
import { presentBlogPost, presentFrontPage, presentPage, presentWikiPage } from "../presenters/content";
import { presentPublicDates } from "../presenters/publicDates";
import type { Services } from "../services";

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, "page must be a whole number from 0")
  .transform(Number);

const slugParam = z.string().trim().min(1, "Slug is Required").max(200, "Slug is too long");

/**
 * Public reads of site content (spec 000 section 7 "Site content"): the front page settings, blog posts,
 * pages and wiki pages by slug (a non-public one answers those who may not read it as one that does not exist). Lists and writes belong to the site admin routes.
 */
export function contentPublicRoutes(router: Router, s: Services) {
  const reads = readCacheOf(s.knex);
  /** Every public item of a kind as its slug and last change, kept ready under `key` (lib/readCache). */
  const sendDates = async (ctx: Context, key: string, table: string, read: () => PromiseLike<{ slug: string; updatedAt?: string }[]>) =>
    sendCached(ctx, await reads.answer(key, [table], async () => ({ value: presentPublicDates(await read()) })));

  router.get("/front_page", async (ctx) => {
    const front = await FrontPage.query().findById(1);
    sendPublicJson(ctx, presentFrontPage(front));
  });

  /** Every public blog post's slug and last change, newest first (before /blog_post/public/:page, which it would match). */
  router.get("/blog_post/public/dates", (ctx) =>
    sendDates(ctx, "blog:dates", "blog_posts", () =>
      BlogPost.query().where({ isPublic: true }).select("slug", "updatedAt").orderBy("createdAt", "desc").orderBy("id", "desc"),
    ),
  );

  /** Public blog posts, newest first, BLOG_PAGE_SIZE a page, page 0 first. */
  router.get("/blog_post/public/:page", async (ctx) => {
    const page = parse(pageParam, ctx.params.page);
    const answer = await reads.answer(`blog:${page}`, ["blog_posts", "users"], async () => {
      const posts = await BlogPost.query()
        .where({ isPublic: true })
        .withGraphFetched("user")
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .offset(page * BLOG_PAGE_SIZE)
        .limit(BLOG_PAGE_SIZE);
      return { value: posts.map(presentBlogPost) };
    });
    sendCached(ctx, answer);
  });

  router.get("/blog_post/slug/:slug", async (ctx) => {
    const slug = parse(slugParam, ctx.params.slug);
    const post = await BlogPost.query().findOne({ slug }).withGraphFetched("user");
    showOrNotFound(ctx.state.viewer, contentPolicy.read, post, "Blog post");
    ctx.body = presentBlogPost(post);
  });

  /** Every public page's slug and last change, by slug. */
  router.get("/page/public/dates", (ctx) =>
    sendDates(ctx, "page:dates", "pages", () => Page.query().where({ isPublic: true }).select("slug", "updatedAt").orderBy("slug")),
  );

  router.get("/page/slug/:slug", async (ctx) => {
    const slug = parse(slugParam, ctx.params.slug);
    const page = await Page.query().findOne({ slug });
    showOrNotFound(ctx.state.viewer, contentPolicy.read, page, "Page");
    if (page.isPublic) sendPublicJson(ctx, presentPage(page));
    else ctx.body = presentPage(page);
  });

  /** Every public wiki page's slug and last change, by slug. */
  router.get("/wiki_page/public/dates", (ctx) =>
    sendDates(ctx, "wiki:dates", "wiki_pages", () => WikiPage.query().where({ isPublic: true }).select("slug", "updatedAt").orderBy("slug")),
  );

  /** A non-public wiki page is for admins (the page shows them the notice); to everyone else it does not exist. */
  router.get("/wiki_page/slug/:slug", async (ctx) => {
    const slug = parse(slugParam, ctx.params.slug);
    const wiki = await WikiPage.query().findOne({ slug });
    showOrNotFound(ctx.state.viewer, contentPolicy.read, wiki, "Wiki page");
    ctx.body = presentWikiPage(wiki);
  });
}
