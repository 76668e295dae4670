import { queryOptions } from "@tanstack/react-query";
import type { ActivityFeedItemInfo } from "../../server/contracts/chapterAdmin";
import { get } from "./queryClient";

export const activityKeys = {
  all: ["activity"] as const,
  chapter: (chapterId: number) => [...activityKeys.all, "chapter", chapterId] as const,
  network: () => [...activityKeys.all, "network"] as const,
};

/** Recent Activity Feeds (spec 000 section 3). Nearly every write adds an item, so writes invalidate activityKeys.all. */
export const activityQueries = {
  chapter: (chapterId: number) => queryOptions({ queryKey: activityKeys.chapter(chapterId), queryFn: get<ActivityFeedItemInfo[]>(`/api/activity_feed_item/chapter/${chapterId}`) }),
  /** The whole network's, for the site admin dashboard. */
  network: () => queryOptions({ queryKey: activityKeys.network(), queryFn: get<ActivityFeedItemInfo[]>("/api/activity_feed_item/all") }),
};
