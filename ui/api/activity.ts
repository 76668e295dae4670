import type { ActivityFeedItemInfo } from "../../server/contracts/chapterAdmin";
import { ACTIVITY_FEED_LIMIT } from "../../server/contracts/chapterAdmin";
import { pagedListOptions } from "./paging";

/** Items per page of the network feed (the server's default). */
const NETWORK_FEED_PAGE_SIZE = 100;

export const activityKeys = {
  all: ["activity"] as const,
  chapter: (chapterId: number) => [...activityKeys.all, "chapter", chapterId] as const,
  network: () => [...activityKeys.all, "network"] as const,
};

/** Recent Activity Feeds (spec 000 section 3). Nearly every write adds an item, so writes invalidate activityKeys.all. */
export const activityQueries = {
  /** A chapter's, newest first, a page at a time. */
  chapter: (chapterId: number) =>
    pagedListOptions<ActivityFeedItemInfo>(activityKeys.chapter(chapterId), `/api/activity_feed_item/chapter/${chapterId}`, ACTIVITY_FEED_LIMIT),
  /** The whole network's, for the site admin dashboard, a page at a time. */
  network: () => pagedListOptions<ActivityFeedItemInfo>(activityKeys.network(), "/api/activity_feed_item/all", NETWORK_FEED_PAGE_SIZE),
};
