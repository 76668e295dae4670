import { queryOptions } from "@tanstack/react-query";
import type { PressMentionInfo as ChapterPressMention, PressMentionInput } from "../../server/contracts/chapterAdmin";
import type { PressMentionInfo, PublicDate, PublicPressMentionInfo } from "../../server/contracts/content";
import type { PressMentionAdmin } from "../../server/contracts/siteAdmin";
import { activityKeys } from "./activity";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const enc = encodeURIComponent;

const pressMentionKeys = {
  all: ["pressMentions"] as const,
  publicRecent: (count: number) => [...pressMentionKeys.all, "public", "recent", count] as const,
  publicAll: () => [...pressMentionKeys.all, "public", "all"] as const,
  publicDates: () => [...pressMentionKeys.all, "public", "dates"] as const,
  publicState: (state: string) => [...pressMentionKeys.all, "public", "state", state] as const,
  publicChapter: (chapterId: number) => [...pressMentionKeys.all, "public", "chapter", chapterId] as const,
  chapterAll: (chapterId: number) => [...pressMentionKeys.all, "chapter", chapterId] as const,
  adminAll: () => [...pressMentionKeys.all, "admin"] as const,
};

/** Press mentions (spec 000 section 7 "Site content"): the public lists and the ones admins keep. */
export const pressMentionQueries = {
  /** The newest public mentions, as many as asked for (the home page shows 8). */
  publicRecent: (count: number) =>
    queryOptions({ queryKey: pressMentionKeys.publicRecent(count), queryFn: get<PublicPressMentionInfo[]>(`/api/press_mention/public/${count}`) }),
  publicAll: () => queryOptions({ queryKey: pressMentionKeys.publicAll(), queryFn: get<PublicPressMentionInfo[]>("/api/press_mention/public/all") }),
  /** Every public mention as its slug and last change, newest first (the sitemap dates /press_mentions by them). */
  publicDates: () => queryOptions({ queryKey: pressMentionKeys.publicDates(), queryFn: get<PublicDate[]>("/api/press_mention/public/dates") }),
  publicState: (state: string) =>
    queryOptions({ queryKey: pressMentionKeys.publicState(state), queryFn: get<PublicPressMentionInfo[]>(`/api/press_mention/public/state/${enc(state)}`) }),
  publicChapter: (chapterId: number) =>
    queryOptions({ queryKey: pressMentionKeys.publicChapter(chapterId), queryFn: get<PressMentionInfo[]>(`/api/press_mention/chapter/${chapterId}/public`) }),
  /** Every mention of a chapter, visible or not (host access). */
  chapterAll: (chapterId: number) =>
    queryOptions({ queryKey: pressMentionKeys.chapterAll(chapterId), queryFn: get<ChapterPressMention[]>(`/api/press_mention/chapter/${chapterId}/all`) }),
  /** Every mention, with or without a chapter (admins). */
  adminAll: () => queryOptions({ queryKey: pressMentionKeys.adminAll(), queryFn: get<PressMentionAdmin[]>("/api/press_mention/all") }),
};

const mentionsChanged = () => [pressMentionKeys.all, activityKeys.all];

/** Adds a mention (no slug) or changes one (its slug). */
export const useSavePressMention = () =>
  useApiMutation((input: PressMentionInput) => api.post<ChapterPressMention>("/api/press_mention/", input), mentionsChanged);

export const useDeletePressMention = () => useApiMutation((slug: string) => api.delete<unknown>(`/api/press_mention/slug/${enc(slug)}`), mentionsChanged);
