import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ChapterStats } from "../../server/contracts/chapterStats";
import { get } from "./queryClient";

const statsKeys = {
  all: ["chapterStats"] as const,
  chapter: (chapterId: number) => [...statsKeys.all, "chapter", chapterId] as const,
  network: (state: string) => [...statsKeys.all, "network", state] as const,
};

/** Chapter stats (issue 32): the last twelve months of a chapter, or of the network (one state or all). */
export const statsQueries = {
  chapter: (chapterId: number) =>
    queryOptions({ queryKey: statsKeys.chapter(chapterId), queryFn: get<ChapterStats>(`/api/chapter_stats/chapter/${chapterId}`) }),
  /** The months shown stay while another state's load. */
  network: (state: string) =>
    queryOptions({
      queryKey: statsKeys.network(state),
      queryFn: get<ChapterStats>(`/api/chapter_stats/network${state ? `?state=${encodeURIComponent(state)}` : ""}`),
      placeholderData: keepPreviousData,
    }),
};
