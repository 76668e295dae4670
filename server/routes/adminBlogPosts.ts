import type Router from "@koa/router";
import { BlogPost } from "../models/BlogPost";
import { parse } from "../lib/validate";
import { saveBlogPost } from "../commands/siteContent";
import { contentBodySchema } from "../contracts/adminRequests";
import { requireAdmin } from "../policies/authorize";
import { presentBlogPostAdmin } from "../presenters/siteAdmin";
import type { Services } from "../services";

const blogSchema = contentBodySchema;

/**
 * The site blog for admins: GET /api/blog_post lists every post (public or not) with its stored
 * source, so the editor can open any of them; POST /api/blog_post creates, or updates when `id` is
 * given. New posts are public unless said otherwise. Public reads live with the public site.
 */
export function adminBlogPostRoutes(router: Router, _s: Services) {
  router.get("/blog_post", async (ctx) => {
    requireAdmin(ctx);
    const posts = await BlogPost.query().withGraphFetched("user").orderBy("createdAt", "desc").orderBy("id", "desc");
    ctx.body = posts.map(presentBlogPostAdmin);
  });

  router.post("/blog_post", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { id: postId, ...input } = parse(blogSchema, ctx.request.body);
    const saved = await saveBlogPost(viewer, postId, input);
    ctx.status = postId ? 200 : 201;
    ctx.body = presentBlogPostAdmin(await BlogPost.query().findById(saved.id).withGraphFetched("user").throwIfNotFound());
  });
}
