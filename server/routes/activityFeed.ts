import type Router from "@koa/router";
import { ActivityFeedItem } from "../models/ActivityFeedItem";
import { Chapter } from "../models/Chapter";
import { intParam } from "../lib/validate";
import { pageOf, readPage } from "../lib/paging";
import { findChapter } from "../lib/load";
import { authorize, requireAdmin, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { ACTIVITY_FEED_LIMIT } from "../contracts/chapterAdmin";
import { presentActivity } from "../presenters/chapterAdmin";

/** Items in the network-wide feed of the site admin dashboard. */
const NETWORK_FEED_LIMIT = 100;

/**
 * Recent Activity Feeds (spec 001 section 7): a chapter's, for its hosts (who never receive admin-only
 * items), and the whole network's, for admins. Newest first, with the author's name and email, a page at a time
 * (`page`, `limit`; by default the first 50 of a chapter, 100 of the network).
 */
export function activityFeedRoutes(router: Router) {
  router.get("/activity_feed_item/chapter/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const page = readPage(ctx.query, ACTIVITY_FEED_LIMIT);
    const chapter = await findChapter(intParam(ctx.params.id));
    authorize(viewer, chapterPolicy.host, chapter);
    const query = ActivityFeedItem.query()
      .where({ chapterId: chapter.id })
      .withGraphFetched("user")
      .orderBy([
        { column: "createdAt", order: "desc" },
        { column: "id", order: "desc" },
      ]);
    pageOf(query, page);
    if (!chapterPolicy.seeAdminOnlyNotes(viewer)) query.where({ adminOnly: false });
    const items = await query;
    ctx.body = items.map((item) => presentActivity(item, chapter));
  });

  router.get("/activity_feed_item/all", async (ctx) => {
    requireAdmin(ctx);
    const page = readPage(ctx.query, NETWORK_FEED_LIMIT);
    const items = await pageOf(
      ActivityFeedItem.query()
        .withGraphFetched("user")
        .orderBy([
          { column: "createdAt", order: "desc" },
          { column: "id", order: "desc" },
        ]),
      page,
    );
    const chapterIds = [...new Set(items.map((i) => i.chapterId).filter((id): id is number => id != null))];
    const chapters = new Map((chapterIds.length ? await Chapter.query().whereIn("id", chapterIds) : []).map((c) => [c.id, c]));
    ctx.body = items.map((item) => presentActivity(item, item.chapterId != null ? chapters.get(item.chapterId) : null));
  });
}
