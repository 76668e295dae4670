import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ChapterHealthPage, ChapterHealthQuery, ChapterHealthSettings } from "../../server/contracts/chapterHealth";
import { pageQueryString } from "../../server/contracts/paging";
import { activityKeys } from "./activity";
import { chapterKeys } from "./chapters";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";

const healthKeys = {
  all: ["chapterHealth"] as const,
  table: (query: ChapterHealthQuery) => [...healthKeys.all, "table", query] as const,
  settings: () => [...healthKeys.all, "settings"] as const,
};

/** Chapter health (issue 16): the table (admins every chapter, field organizers theirs) and the thresholds. */
export const healthQueries = {
  /** One page of the table (a state, a search, a column to sort by); the page shown stays while the next loads. */
  table: (query: ChapterHealthQuery) =>
    queryOptions({
      queryKey: healthKeys.table(query),
      queryFn: get<ChapterHealthPage>(`/api/chapter_health/summary${pageQueryString({ ...query })}`),
      placeholderData: keepPreviousData,
    }),
  settings: () => queryOptions({ queryKey: healthKeys.settings(), queryFn: get<ChapterHealthSettings>("/api/chapter_health/settings") }),
};

/** The table as CSV text, as the server writes it (a download the screen saves). */
export const fetchHealthCsv = () => api.get<string>("/api/chapter_health/export.csv");

const changed = () => [healthKeys.all, chapterKeys.all, activityKeys.all];

export const useSaveHealthSettings = () =>
  useApiMutation((input: ChapterHealthSettings) => api.post<ChapterHealthSettings>("/api/chapter_health/settings", input), changed);
export const usePinChapter = () =>
  useApiMutation((input: { chapterId: number; pinned: boolean; note: string }) => api.post("/api/chapter_health/pin", input), changed);
export const useReactivateChapter = () =>
  useApiMutation((input: { chapterId: number; note: string }) => api.post("/api/chapter_health/reactivate", input), changed);
