import { queryOptions } from "@tanstack/react-query";
import type { PressMentionInfo } from "../../server/contracts/content";
import { get } from "./queryClient";

const enc = encodeURIComponent;

export const pressMentionKeys = {
  all: ["pressMentions"] as const,
  publicRecent: (count: number) => [...pressMentionKeys.all, "public", "recent", count] as const,
  publicAll: () => [...pressMentionKeys.all, "public", "all"] as const,
  publicState: (state: string) => [...pressMentionKeys.all, "public", "state", state] as const,
  publicChapter: (chapterId: number) => [...pressMentionKeys.all, "public", "chapter", chapterId] as const,
};

/** Press mentions (spec 000 section 7 "Site content"): the public lists. */
export const pressMentionQueries = {
  /** The newest public mentions, as many as asked for (the home page shows 8). */
  publicRecent: (count: number) => queryOptions({ queryKey: pressMentionKeys.publicRecent(count), queryFn: get<PressMentionInfo[]>(`/api/press_mention/public/${count}`) }),
  publicAll: () => queryOptions({ queryKey: pressMentionKeys.publicAll(), queryFn: get<PressMentionInfo[]>("/api/press_mention/public/all") }),
  publicState: (state: string) => queryOptions({ queryKey: pressMentionKeys.publicState(state), queryFn: get<PressMentionInfo[]>(`/api/press_mention/public/state/${enc(state)}`) }),
  publicChapter: (chapterId: number) => queryOptions({ queryKey: pressMentionKeys.publicChapter(chapterId), queryFn: get<PressMentionInfo[]>(`/api/press_mention/chapter/${chapterId}/public`) }),
};
