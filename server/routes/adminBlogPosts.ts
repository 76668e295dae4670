import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { BlogPost } from "../models/BlogPost";
import { notFound } from "../errors";
import { parse } from "../lib/validate";
import { contentFields } from "../lib/contentSlug";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { recordActivity } from "../commands/activity";
import { presentBlogPostAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

const blogSchema = z.object(contentFields);

/**
 * The site blog for admins: GET /api/blog_post lists every post (public or not) with its stored
 * source, so the editor can open any of them; POST /api/blog_post creates, or updates when `id` is
 * given. New posts are public unless said otherwise. Public reads live with the public site.
 */
export function adminBlogPostRoutes(router: Router, _s: Services) {
  const admin = (ctx: Context) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    return ctx.state.viewer!;
  };

  router.get("/blog_post", async (ctx) => {
    admin(ctx);
    const posts = await BlogPost.query().withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc");
    ctx.body = posts.map(presentBlogPostAdmin);
  });

  router.post("/blog_post", async (ctx) => {
    const viewer = admin(ctx);
    const { id: postId, ...input } = parse(blogSchema, ctx.request.body);
    const saved = await BlogPost.transaction(async (trx) => {
      let post: BlogPost;
      if (postId) {
        const existing = await BlogPost.query(trx).findById(postId);
        if (!existing) throw notFound("Blog post");
        post = await BlogPost.query(trx).patchAndFetchById(postId, input);
      } else {
        post = await BlogPost.query(trx).insertAndFetch({ ...input, userId: viewer.id });
      }
      await recordActivity({ type: "site_content", title: `Blog post ${postId ? "updated" : "added"}: ${post.title}`, adminOnly: true, userId: viewer.id, objectId: post.slug }, trx);
      return post;
    });
    ctx.status = postId ? 200 : 201;
    ctx.body = presentBlogPostAdmin(await BlogPost.query().findById(saved.id).withGraphFetched("user").throwIfNotFound());
  });
}
