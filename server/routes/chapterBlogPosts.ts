import type Router from "@koa/router";
import { readCacheOf, sendCached } from "../lib/readCache";
import { notFound } from "../errors";
import { intParam } from "../lib/validate";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { Chapter } from "../models/Chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { CHAPTER_POSTS_PAGE_SIZE } from "../contracts/mailingList";
import { presentChapterBlogPost } from "../presenters/mailingList";
import type { Services } from "../services";

const postsOf = (chapterId: number) =>
  ChapterBlogPost.query()
    .where({ chapterId })
    .withGraphFetched("user")
    .orderBy([
      { column: "createdAt", order: "desc" },
      { column: "id", order: "desc" },
    ]);

/** Chapter posts (every email sent to the chapter's list is one) (spec 001 section 7). */
export function chapterBlogPostRoutes(router: Router, s: Services) {
  /** A page of a chapter's posts; for visitors kept ready (lib/readCache), for signed-in callers read fresh (hosts of a hidden chapter). */
  router.get("/chapter_blog_post/public/:chapterId/:page", async (ctx) => {
    const chapterId = intParam(ctx.params.chapterId, "chapterId");
    const page = /^\d{1,6}$/.test(ctx.params.page ?? "") ? Number(ctx.params.page) : -1;
    const viewer = ctx.state.viewer;
    const load = async () => {
      const chapter = await Chapter.query().findById(chapterId);
      if (page < 0) throw notFound("Page");
      if (!chapter || !chapterPolicy.view(viewer, chapter)) throw notFound("Chapter");
      const posts = await postsOf(chapter.id)
        .offset(page * CHAPTER_POSTS_PAGE_SIZE)
        .limit(CHAPTER_POSTS_PAGE_SIZE);
      return { value: posts.map(presentChapterBlogPost) };
    };
    if (viewer) {
      ctx.body = (await load()).value;
      return;
    }
    sendCached(ctx, await readCacheOf(s.knex).answer(`chapterPosts:${chapterId}:${page}`, ["chapter_blog_posts", "users", "chapters"], load));
  });

  router.get("/chapter_blog_post/slug/:slug", async (ctx) => {
    const post = await ChapterBlogPost.query()
      .findOne({ slug: String(ctx.params.slug).slice(0, 200) })
      .withGraphFetched("user");
    const chapter = post && (await Chapter.query().findById(post.chapterId));
    if (!post || !chapter || !chapterPolicy.view(ctx.state.viewer, chapter)) throw notFound("Post");
    ctx.body = presentChapterBlogPost(post);
  });

  /** Every post of the chapter, for its hosts. */
  router.get("/chapter_blog_post/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await Chapter.query().findById(intParam(ctx.params.chapterId, "chapterId"));
    if (!chapter) throw notFound("Chapter");
    authorize(viewer, chapterPolicy.host, chapter);
    const posts = await postsOf(chapter.id);
    ctx.body = posts.map(presentChapterBlogPost);
  });
}
