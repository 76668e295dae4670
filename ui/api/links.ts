import { queryOptions } from "@tanstack/react-query";
import type { ChapterLinkInfo, ChapterLinkInput } from "../../server/contracts/chapterAdmin";
import { activityKeys } from "./activity";
import { chapterKeys } from "./chapters";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const linkKeys = {
  all: ["links"] as const,
  chapter: (chapterId: number) => [...linkKeys.all, "chapter", chapterId] as const,
};

/** A chapter's links (spec 001 section 7). */
export const linkQueries = {
  chapter: (chapterId: number) =>
    queryOptions({ queryKey: linkKeys.chapter(chapterId), queryFn: get<ChapterLinkInfo[]>(`/api/chapter_link/chapter/${chapterId}`) }),
};

/** Replaces the chapter's whole list (rows without a title or URL are dropped); the chapter page shows them too. */
export const useSaveLinks = (chapterId: number) =>
  useApiMutation(
    (links: ChapterLinkInput[]) => api.post<ChapterLinkInfo[]>(`/api/chapter_link/chapter/${chapterId}`, links),
    () => [linkKeys.chapter(chapterId), chapterKeys.all, activityKeys.all],
  );
